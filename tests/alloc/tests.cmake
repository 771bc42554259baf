# The allocation check. Each area's cases compile only when the area is in
# this build: its primitive (or AEAD) is registered, and every public
# function the cases call is defined by some library source. An area
# registered without all its functions is named at configure time rather
# than breaking the link.

# Sets out to TRUE when each function in ARGN has a definition (a line that
# starts at column 0 with its return type) in a library source.
function(hush_alloc_defined out)
  foreach(fn IN LISTS ARGN)
    set(hit FALSE)
    foreach(src IN LISTS HUSH_SOURCES)
      if(src MATCHES "\\.c$")
        file(STRINGS ${src} lines REGEX "^[A-Za-z_][A-Za-z_0-9 ]*[ *]${fn}\\(")
        if(lines)
          set(hit TRUE)
          break()
        endif()
      endif()
    endforeach()
    if(NOT hit)
      set(${out} FALSE PARENT_SCOPE)
      set(HUSH_ALLOC_MISSING ${fn} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} TRUE PARENT_SCOPE)
endfunction()

set(HUSH_ALLOC_DEFS)
set(HUSH_ALLOC_AREAS "core secret")
# area name, gate (a primitive or an AEAD), the functions its cases call
set(HUSH_ALLOC_TABLE
  "SHA256|sha256|hush_sha256 hush_sha256_init hush_sha256_update hush_sha256_final hush_sha256_x2"
  "HMAC_SHA256|sha256|hush_hmac_sha256 hush_hmac_sha256_init hush_hmac_sha256_update hush_hmac_sha256_final"
  "HKDF_SHA256|sha256|hush_hkdf_sha256_extract hush_hkdf_sha256_expand hush_hkdf_sha256"
  "ASCON|ascon|hush_ascon_hash256 hush_ascon_xof128 hush_ascon_cxof128 hush_ascon_hash256_init hush_ascon_xof128_init hush_ascon_cxof128_init hush_ascon_absorb hush_ascon_squeeze"
  "CHACHA20|chacha20|hush_chacha20_xor hush_xchacha20_xor hush_hchacha20"
  "POLY1305|poly1305|hush_poly1305 hush_poly1305_init hush_poly1305_update hush_poly1305_final"
  "AES|aes|hush_aes_init hush_aes_encrypt_block hush_aes_decrypt_block hush_aes_ctr_xor"
  "X25519|x25519|hush_x25519 hush_x25519_base"
  "AEAD_CHACHA20POLY1305|chacha20poly1305|"
  "AEAD_XCHACHA20POLY1305|xchacha20poly1305|"
  "AEAD_AES128GCM|aes128gcm|"
  "AEAD_AES256GCM|aes256gcm|"
  "AEAD_ASCON_AEAD128|ascon_aead128|")
foreach(row IN LISTS HUSH_ALLOC_TABLE)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 area)
  list(GET fields 1 gate)
  list(LENGTH fields nfields)
  set(funcs "")
  if(nfields GREATER 2)
    list(GET fields 2 funcs)
    separate_arguments(funcs)
  endif()
  if(gate IN_LIST HUSH_PRIMITIVES OR gate IN_LIST HUSH_AEADS)
    hush_alloc_defined(ok ${funcs})
    if(ok)
      list(APPEND HUSH_ALLOC_DEFS ALLOC_HAVE_${area}=1)
      string(TOLOWER ${area} lower)
      string(APPEND HUSH_ALLOC_AREAS " ${lower}")
    else()
      message(STATUS "alloc check: ${gate} is registered but "
                     "${HUSH_ALLOC_MISSING} is not defined; its "
                     "${area} cases are left out")
    endif()
  endif()
endforeach()

hush_add_test(NAME alloc SOURCES test_alloc.c counting_alloc.c TIMEOUT 120)
target_compile_definitions(test_alloc PRIVATE ${HUSH_ALLOC_DEFS}
                           ALLOC_AREAS="${HUSH_ALLOC_AREAS}")
