/* hush x25519: key pairs and Diffie-Hellman shared secrets (RFC 7748). */
#include <getopt.h>
#include <string.h>

#include "cli.h"

static const char usage_text[] =
    "x25519 genkey -o PRIVFILE | pub -k PRIVFILE | shared -k PRIVFILE "
    "PEER_HEX [-o OUTFILE]";

static const char help_text[] =
    "usage: hush x25519 genkey -o PRIVFILE\n"
    "       hush x25519 pub -k PRIVFILE\n"
    "       hush x25519 shared -k PRIVFILE PEER_HEX [-o OUTFILE]\n"
    "\n"
    "Raw RFC 7748 X25519: genkey writes 32 random bytes (mode 0600, never\n"
    "overwriting), pub prints the public key in hex, shared the shared\n"
    "secret (or writes it to OUTFILE). For file encryption use hush keygen\n"
    "and hush encrypt, which speak age.\n";

static int run_x25519(int argc, char **argv) {
    if (argc >= 2 &&
        (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return cli_help(help_text);
    if (argc < 2) return cli_usage("x25519", usage_text);
    const char *action = argv[1];
    const char *keyfile = NULL, *outfile = NULL;
    int c;
    optind = 2;
    while ((c = getopt(argc, argv, "k:o:")) != -1) {
        if (c == 'k')
            keyfile = optarg;
        else if (c == 'o')
            outfile = optarg;
        else
            return cli_usage("x25519", usage_text);
    }
    if (strcmp(action, "genkey") == 0) {
        if (outfile == NULL || optind != argc)
            return cli_usage("x25519", "x25519 genkey -o PRIVFILE");
        hush_secret *priv;
        int r = hush_secret_random(&priv, 32, HUSH_SECRET_HARDENED);
        if (r != HUSH_OK) return cli_error("genkey: %s", hush_strerror(r));
        r = cli_write_new_private(outfile, hush_secret_ptr(priv), 32);
        hush_secret_destroy(priv);
        return r;
    }
    if (keyfile == NULL) return cli_usage("x25519", usage_text);
    hush_secret *priv;
    if (cli_read_key(keyfile, 32, &priv)) return 1;
    uint8_t out[32];
    int r, status = 0;
    if (strcmp(action, "pub") == 0 && optind == argc) {
        r = hush_x25519_base(out, hush_secret_ptr(priv));
        if (r != HUSH_OK) {
            status = cli_error("pub: %s", hush_strerror(r));
        } else {
            cli_print_hex(stdout, out, 32);
            printf("\n");
        }
    } else if (strcmp(action, "shared") == 0 && optind + 1 == argc) {
        uint8_t peer[32];
        if (cli_parse_hex(argv[optind], peer, 32) != 0) {
            hush_secret_destroy(priv);
            return cli_error("the peer's public key is 64 hex digits");
        }
        r = hush_x25519(out, hush_secret_ptr(priv), peer);
        if (r == HUSH_ERR_WEAK) {
            status = cli_error("the peer's key is of small order: refused");
        } else if (r != HUSH_OK) {
            status = cli_error("shared: %s", hush_strerror(r));
        } else if (outfile) {
            status = cli_write_new_private(outfile, out, 32);
        } else {
            cli_print_hex(stdout, out, 32);
            printf("\n");
        }
    } else {
        status = cli_usage("x25519", usage_text);
    }
    hush_wipe(out, sizeof out);
    hush_secret_destroy(priv);
    return status;
}

const cli_command cli_cmd_x25519 = {
    "x25519", "raw X25519 keys and shared secrets (hex)", run_x25519, NULL};
