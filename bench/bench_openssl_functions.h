/*
 * The OpenSSL functions hush-bench's rows call, listed once: the fields of
 * bench_ossl (bench_openssl.h), the way bench_openssl.c fills them from
 * Debian's linked libcrypto, and the table openssl_shim.c compiles into
 * the newest OpenSSL's shim all come from BENCH_OSSL_FUNCTIONS(X). It
 * needs OpenSSL's headers (3.0's or a newer 3.x's: the functions are the
 * same) and nothing of hush-bench.
 */
#ifndef HUSH_BENCH_OPENSSL_FUNCTIONS_H
#define HUSH_BENCH_OPENSSL_FUNCTIONS_H

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/sha.h>

#define BENCH_OSSL_FUNCTIONS(X)                                                \
    X(OpenSSL_version)                                                         \
    X(EVP_CIPHER_fetch)                                                        \
    X(EVP_CIPHER_free)                                                         \
    X(EVP_CIPHER_CTX_new)                                                      \
    X(EVP_CIPHER_CTX_free)                                                     \
    X(EVP_CIPHER_CTX_ctrl)                                                     \
    X(EVP_CIPHER_CTX_set_padding)                                              \
    X(EVP_EncryptInit_ex2)                                                     \
    X(EVP_EncryptUpdate)                                                       \
    X(EVP_EncryptFinal_ex)                                                     \
    X(EVP_DecryptInit_ex2)                                                     \
    X(EVP_DecryptUpdate)                                                       \
    X(EVP_DecryptFinal_ex)                                                     \
    X(EVP_MAC_fetch)                                                           \
    X(EVP_MAC_free)                                                            \
    X(EVP_MAC_CTX_new)                                                         \
    X(EVP_MAC_CTX_free)                                                        \
    X(EVP_MAC_init)                                                            \
    X(EVP_MAC_update)                                                          \
    X(EVP_MAC_final)                                                           \
    X(EVP_KDF_fetch)                                                           \
    X(EVP_KDF_free)                                                            \
    X(EVP_KDF_CTX_new)                                                         \
    X(EVP_KDF_CTX_free)                                                        \
    X(EVP_KDF_CTX_set_params)                                                  \
    X(EVP_KDF_derive)                                                          \
    X(EVP_MD_fetch)                                                            \
    X(EVP_MD_free)                                                             \
    X(EVP_MD_CTX_new)                                                          \
    X(EVP_MD_CTX_free)                                                         \
    X(EVP_DigestInit_ex2)                                                      \
    X(EVP_DigestUpdate)                                                        \
    X(EVP_DigestFinal_ex)                                                      \
    X(EVP_Digest)                                                              \
    X(EVP_sha256)                                                              \
    X(SHA256)                                                                  \
    X(HMAC)                                                                    \
    X(EVP_PBE_scrypt)                                                          \
    X(PKCS5_PBKDF2_HMAC)                                                       \
    X(EVP_PKEY_new_raw_private_key)                                            \
    X(EVP_PKEY_new_raw_public_key)                                             \
    X(EVP_PKEY_get_raw_public_key)                                             \
    X(EVP_PKEY_free)                                                           \
    X(EVP_PKEY_CTX_new)                                                        \
    X(EVP_PKEY_CTX_free)                                                       \
    X(EVP_PKEY_derive_init)                                                    \
    X(EVP_PKEY_derive_set_peer)                                                \
    X(EVP_PKEY_derive)

#endif
