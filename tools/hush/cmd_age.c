/*
 * hush keygen, encrypt, decrypt: age v1 files (age.h, docs/CLI.md), with
 * age's flags and habits, and outputs that never lose data (cli_output.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "age.h"

/* ---- keygen ---- */

static const char keygen_help[] =
    "usage: hush keygen [-o FILE]\n"
    "       hush keygen -y [FILE]\n"
    "\n"
    "Makes a new age identity (an X25519 private key) in age-keygen's "
    "format:\n"
    "  # created: 2026-01-02T03:04:05Z\n"
    "  # public key: age1...\n"
    "  AGE-SECRET-KEY-1...\n"
    "and prints its recipient (the public key, to give to others) on "
    "stderr.\n"
    "\n"
    "  -o, --output FILE   write it to FILE (mode 0600; never overwrites)\n"
    "                      instead of standard output\n"
    "  -y                  print the recipient of each identity in FILE\n"
    "                      (standard input without FILE)\n"
    "  -h, --help          this text\n";

static void rfc3339_now(char *out, size_t cap) {
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    size_t n = strftime(out, cap, "%Y-%m-%dT%H:%M:%S", &tm);
    long off = tm.tm_gmtoff / 60;
    if (off == 0)
        snprintf(out + n, cap - n, "Z");
    else
        snprintf(out + n, cap - n, "%c%02ld:%02ld", off < 0 ? '-' : '+',
                 labs(off) / 60, labs(off) % 60);
}

static int keygen_show_recipients(const char *path) {
    age_identities ids = {{0}, 0};
    cli_guard g = {{{0, 0}}, 0};
    int st = age_add_identities_file(&ids, path ? path : "-", &g);
    for (size_t i = 0; st == 0 && i < ids.count; i++) {
        uint8_t pub[32];
        char rcpt[100];
        hush_x25519_base(pub, hush_secret_ptr(ids.x25519[i]));
        age_format_recipient(rcpt, sizeof rcpt, pub);
        printf("%s\n", rcpt);
    }
    age_identities_free(&ids);
    return st;
}

static int run_keygen(int argc, char **argv) {
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *out = NULL;
    int show = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:yh", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'y': show = 1; break;
        case 'h': return cli_help(keygen_help);
        default:
            return cli_usage("keygen", "keygen [-o FILE] | keygen -y [FILE]");
        }
    }
    if (show) {
        if (out != NULL || argc - optind > 1)
            return cli_usage("keygen", "keygen -y [FILE]");
        return keygen_show_recipients(optind < argc ? argv[optind] : NULL);
    }
    if (optind != argc) return cli_usage("keygen", "keygen [-o FILE]");

    hush_secret *scalar, *line, *text;
    if (hush_secret_random(&scalar, 32, HUSH_SECRET_HARDENED) != HUSH_OK)
        return cli_error("no randomness");
    uint8_t pub[32];
    char rcpt[100], created[64];
    hush_x25519_base(pub, hush_secret_ptr(scalar));
    age_format_recipient(rcpt, sizeof rcpt, pub);
    rfc3339_now(created, sizeof created);
    int st = age_format_identity(&line, scalar);
    hush_secret_destroy(scalar);
    if (st != 0) return st;
    if (hush_secret_new(&text, 512, HUSH_SECRET_HARDENED) != HUSH_OK) {
        hush_secret_destroy(line);
        return cli_error("no secret memory");
    }
    int n = snprintf((char *)hush_secret_ptr_mut(text), 512,
                     "# created: %s\n# public key: %s\n%s\n", created, rcpt,
                     (const char *)hush_secret_ptr(line));
    hush_secret_destroy(line);
    if (out != NULL && strcmp(out, "-") != 0) {
        st = cli_write_new_private(out, hush_secret_ptr(text), (size_t)n);
    } else if (cli_write_full(STDOUT_FILENO, hush_secret_ptr(text),
                              (size_t)n) != 0) {
        st = cli_fail(CLI_OUTPUT, "standard output: %s", strerror(errno));
    }
    hush_secret_destroy(text);
    if (st == 0 && ((out && strcmp(out, "-") != 0) || !isatty(STDOUT_FILENO)))
        fprintf(stderr, "Public key: %s\n", rcpt);
    return st;
}

/* ---- encrypt ---- */

static const char encrypt_help[] =
    "usage: hush encrypt [-a] (-r RECIPIENT | -R FILE)... [-o OUT] [IN]\n"
    "       hush encrypt [-a] -p [-o OUT] [IN]\n"
    "\n"
    "Encrypts IN (standard input when absent or -) into an age v1 file,\n"
    "readable by age and by hush decrypt.\n"
    "\n"
    "  -r, --recipient RECIPIENT     encrypt to this age1... public key\n"
    "                                (repeatable: any one of them decrypts)\n"
    "  -R, --recipients-file FILE    encrypt to every recipient in FILE, one\n"
    "                                a line, # comments (repeatable)\n"
    "  -p, --passphrase              encrypt with a passphrase, asked twice\n"
    "                                on the terminal (empty: one is made for\n"
    "                                you); scrypt with age's work factor\n"
    "  -a, --armor                   write the PEM (text) form\n"
    "  -o, --output OUT              write to OUT instead of standard output;\n"
    "                                it appears only when all of it is "
    "written\n"
    "  -f, --force                   replace OUT if it exists\n"
    "  -q, --quiet                   no progress display\n"
    "  -h, --help                    this text\n"
    "\n"
    "Binary output is not written to a terminal: use -a or -o.\n"
    "Exit status: 0 done, 2 usage, 3 input unreadable, 5 output refused or\n"
    "not written (then OUT is left as it was).\n";

static const char decrypt_help[] =
    "usage: hush decrypt [-i IDENTITY]... [-o OUT] [-f] [IN]\n"
    "\n"
    "Decrypts an age v1 file, binary or armored (IN, or standard input when\n"
    "absent or -), made by age or by hush encrypt.\n"
    "\n"
    "  -i, --identity FILE   an identity file (hush keygen, age-keygen):\n"
    "                        repeatable; without -i a passphrase-encrypted\n"
    "                        file asks for its passphrase on the terminal\n"
    "  -o, --output OUT      write to OUT instead of standard output: OUT\n"
    "                        appears only once every chunk authenticated\n"
    "  -f, --force           replace OUT if it exists\n"
    "  -q, --quiet           no progress display\n"
    "  -h, --help            this text\n"
    "\n"
    "To standard output (or a device or FIFO), each 64 KiB chunk is written\n"
    "once it has authenticated; if a later one fails, what came before it\n"
    "has been written and the exit status is 4.\n"
    "Exit status: 0 done, 2 usage, 3 input or identity unreadable or not an\n"
    "age file, 4 wrong key or passphrase, tampered or truncated, 5 output\n"
    "refused or not written (then OUT is left as it was).\n";

typedef struct age_options {
    int armor, passphrase, force, quiet;
    const char *out, *in;
    const char *recipients[AGE_MAX_RECIPIENTS];
    const char *recipient_files[64];
    const char *identities[64];
    size_t nrecipients, nrecipient_files, nidentities;
} age_options;

static int too_many(const char *what) {
    return cli_fail(CLI_USAGE, "too many %s", what);
}

static int make_passphrase(hush_secret **pass) {
    hush_secret *again;
    int st = cli_read_passphrase(
        "Enter passphrase (leave empty to autogenerate a secure one): ", pass);
    if (st != 0) return st;
    if (hush_secret_len(*pass) == 0) {
        /* 20 random characters of the Bech32 alphabet, 100 bits */
        static const char alphabet[] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
        hush_secret_destroy(*pass);
        *pass = NULL;
        hush_secret *raw;
        if (hush_secret_random(&raw, 20, HUSH_SECRET_HARDENED) != HUSH_OK)
            return cli_error("no randomness");
        if (hush_secret_new(pass, 23, HUSH_SECRET_HARDENED) != HUSH_OK) {
            hush_secret_destroy(raw);
            return cli_error("no secret memory");
        }
        uint8_t *p = hush_secret_ptr_mut(*pass);
        for (size_t i = 0, o = 0; i < 20; i++) {
            if (i && i % 5 == 0) p[o++] = '-';
            p[o++] = (uint8_t)alphabet[hush_secret_ptr(raw)[i] & 31];
        }
        hush_secret_destroy(raw);
        fprintf(stderr, "hush: using the autogenerated passphrase \"%.*s\"\n",
                23, (const char *)hush_secret_ptr(*pass));
        return 0;
    }
    st = cli_read_passphrase("Confirm passphrase: ", &again);
    if (st != 0) {
        hush_secret_destroy(*pass);
        *pass = NULL; /* the caller destroys what is left: not this twice */
        return st;
    }
    int same = hush_secret_equal(*pass, again);
    hush_secret_destroy(again);
    if (!same) {
        hush_secret_destroy(*pass);
        *pass = NULL;
        return cli_fail(CLI_USAGE, "the passphrases differ: nothing was "
                                   "encrypted");
    }
    return 0;
}

static int parse_age_options(int argc, char **argv, age_options *o,
                             int decrypt) {
    static const struct option enc_long[] = {
        {"armor", no_argument, NULL, 'a'},
        {"recipient", required_argument, NULL, 'r'},
        {"recipients-file", required_argument, NULL, 'R'},
        {"passphrase", no_argument, NULL, 'p'},
        {"output", required_argument, NULL, 'o'},
        {"force", no_argument, NULL, 'f'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    static const struct option dec_long[] = {
        {"identity", required_argument, NULL, 'i'},
        {"output", required_argument, NULL, 'o'},
        {"force", no_argument, NULL, 'f'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *cmd = decrypt ? "decrypt" : "encrypt";
    const char *synopsis =
        decrypt ? "decrypt [-i IDENTITY]... [-o OUT] [-f] [IN]"
                : "encrypt [-a] [-r RECIPIENT]... [-R FILE]... [-p] [-o OUT] "
                  "[-f] [IN]";
    memset(o, 0, sizeof *o);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, decrypt ? "i:o:fqh" : "ar:R:po:fqh",
                            decrypt ? dec_long : enc_long, NULL)) != -1) {
        switch (c) {
        case 'a': o->armor = 1; break;
        case 'p': o->passphrase = 1; break;
        case 'f': o->force = 1; break;
        case 'q': o->quiet = 1; break;
        case 'o': o->out = optarg; break;
        case 'r':
            if (o->nrecipients == AGE_MAX_RECIPIENTS) return too_many("-r");
            o->recipients[o->nrecipients++] = optarg;
            break;
        case 'R':
            if (o->nrecipient_files == 64) return too_many("-R");
            o->recipient_files[o->nrecipient_files++] = optarg;
            break;
        case 'i':
            if (o->nidentities == 64) return too_many("-i");
            o->identities[o->nidentities++] = optarg;
            break;
        case 'h': cli_help(decrypt ? decrypt_help : encrypt_help); return -1;
        default: return cli_usage(cmd, synopsis);
        }
    }
    if (argc - optind > 1) {
        cli_error("one input at a time (got %d)", argc - optind);
        return cli_usage(cmd, synopsis);
    }
    o->in = optind < argc ? argv[optind] : NULL;
    return 0;
}

/* Opens the input and remembers its inode. */
static int open_input(const char *path, cli_guard *g, int *fd) {
    *fd = cli_open_in(path);
    if (*fd < 0) return CLI_INPUT;
    cli_guard_fd(g, *fd);
    return 0;
}

static int run_encrypt(int argc, char **argv) {
    age_options o;
    int st = parse_age_options(argc, argv, &o, 0);
    if (st < 0) return CLI_OK; /* --help */
    if (st != 0) return st;
    if (o.passphrase && (o.nrecipients || o.nrecipient_files))
        return cli_fail(CLI_USAGE, "-p cannot be combined with -r or -R (a "
                                   "passphrase stanza must be alone)");
    if (!o.passphrase && !o.nrecipients && !o.nrecipient_files)
        return cli_fail(CLI_USAGE,
                        "no recipient: give -r age1... (hush keygen makes a "
                        "key pair) or -R FILE, or -p for a passphrase");
    int to_stdout = o.out == NULL || strcmp(o.out, "-") == 0;
    if (to_stdout && !o.armor && isatty(STDOUT_FILENO))
        return cli_fail(CLI_USAGE, "refusing to write binary to the terminal: "
                                   "use -a (--armor) or -o FILE");

    static age_recipients rcpts;
    cli_guard g = {{{0, 0}}, 0};
    rcpts.count = 0;
    for (size_t i = 0; i < o.nrecipients; i++)
        if ((st = age_add_recipient(&rcpts, o.recipients[i])) != 0) return st;
    for (size_t i = 0; i < o.nrecipient_files; i++)
        if ((st = age_add_recipients_file(&rcpts, o.recipient_files[i], &g)) !=
            0)
            return st;
    int in_fd;
    if ((st = open_input(o.in, &g, &in_fd)) != 0) return st;

    hush_secret *pass = NULL, *file_key = NULL;
    age_header h;
    memset(&h, 0, sizeof h);
    cli_out out;
    out.fd = -1;
    out.created = 0;
    if (o.passphrase && (st = make_passphrase(&pass)) != 0) goto done;
    if ((st = cli_out_open(&out, o.out, o.force, &g)) != 0) goto done;
    if (hush_secret_random(&file_key, AGE_FILE_KEY_BYTES,
                           HUSH_SECRET_HARDENED) != HUSH_OK) {
        st = cli_error("no randomness");
        goto done;
    }
    if (pass) st = age_wrap_scrypt(&h, pass, AGE_SCRYPT_LOG2_N, file_key);
    for (size_t i = 0; st == 0 && i < rcpts.count; i++)
        st = age_wrap_x25519(&h, rcpts.x25519[i], file_key);
    if (st == 0) st = age_header_seal(&h, file_key);
    if (st != 0) goto done;

    age_out ao;
    age_out_start(&ao, out.fd, o.armor);
    ao.any_order = !out.direct;
    cli_progress progress;
    cli_progress_start(&progress, "encrypting", in_fd, o.quiet);
    age_payload_io io = {NULL, in_fd, &ao, &progress, o.in, 0, NULL};
    if (age_out_write(&ao, (const uint8_t *)h.text, h.textlen) != 0)
        st = CLI_OUTPUT;
    if (st == 0) st = age_payload_encrypt(file_key, &io);
    if (st == 0 && age_out_finish(&ao) != 0) st = CLI_OUTPUT;
    cli_progress_end(&progress);
    if (st == CLI_OUTPUT)
        cli_fail(CLI_OUTPUT, "%s: write error: %s%s", cli_out_name(&out),
                 strerror(ao.error), out.direct ? "" : "; nothing was written");
    if (st == 0) st = cli_out_commit(&out);
done:
    if (st != 0 && out.fd >= 0) cli_out_abort(&out);
    if (st != 0 && out.created) cli_out_abort(&out);
    age_header_free(&h);
    hush_secret_destroy(file_key);
    hush_secret_destroy(pass);
    if (in_fd > STDIN_FILENO) close(in_fd);
    return st;
}

/* ---- decrypt ---- */

static int run_decrypt(int argc, char **argv) {
    age_options o;
    int st = parse_age_options(argc, argv, &o, 1);
    if (st < 0) return CLI_OK; /* --help */
    if (st != 0) return st;

    static age_identities ids;
    static age_in in;
    cli_guard g = {{{0, 0}}, 0};
    hush_secret *pass = NULL, *file_key = NULL;
    age_header h;
    memset(&h, 0, sizeof h);
    cli_out out;
    out.fd = -1;
    out.created = 0;
    int in_fd = -1;
    for (size_t i = 0; i < o.nidentities; i++)
        if ((st = age_add_identities_file(&ids, o.identities[i], &g)) != 0)
            goto done;
    if ((st = open_input(o.in, &g, &in_fd)) != 0) goto done;
    if ((st = cli_out_open(&out, o.out, o.force, &g)) != 0) goto done;
    if (age_in_start(&in, in_fd, o.in) != 0) {
        st =
            cli_fail(CLI_INPUT, "%s: %s", cli_name(o.in), age_in_strerror(&in));
        goto done;
    }
    if ((st = age_header_read(&in, &h)) != 0) goto done;
    if (ids.count == 0) {
        if (!age_is_scrypt(&h)) {
            st = cli_fail(CLI_USAGE,
                          "this file is encrypted to recipients: give the "
                          "identity file with -i (made by hush keygen or "
                          "age-keygen)");
            goto done;
        }
        if ((st = age_check_scrypt(&h)) != 0 ||
            (st = cli_read_passphrase("Enter passphrase: ", &pass)) != 0)
            goto done;
    }
    if ((st = age_unwrap(&h, &ids, pass, &file_key)) != 0) goto done;
    /* the header MAC, in constant time, before any payload is released */
    if (!age_header_mac_ok(&h, file_key)) {
        st = cli_fail(CLI_AUTH,
                      "%s: the header's MAC does not match: the "
                      "file was tampered with",
                      cli_name(o.in));
        goto done;
    }
    age_out ao;
    age_out_start(&ao, out.fd, 0);
    ao.any_order = !out.direct;
    cli_progress progress;
    cli_progress_start(&progress, "decrypting", in_fd, o.quiet);
    age_payload_io io = {&in, in_fd, &ao, &progress, o.in, 0, NULL};
    st = age_payload_decrypt(file_key, &io);
    cli_progress_end(&progress);
    if (st == CLI_OUTPUT)
        cli_fail(CLI_OUTPUT, "%s: write error: %s", cli_out_name(&out),
                 strerror(ao.error));
    if (st == 0)
        st = cli_out_commit(&out);
    else if (!out.direct)
        fprintf(stderr, "hush: nothing was written to %s\n",
                cli_out_name(&out));
done:
    if (st != 0 && (out.fd >= 0 || out.created)) cli_out_abort(&out);
    age_header_free(&h);
    hush_secret_destroy(file_key);
    hush_secret_destroy(pass);
    age_identities_free(&ids);
    if (in_fd > STDIN_FILENO) close(in_fd);
    return st;
}

const cli_command cli_cmd_keygen = {
    "keygen", "make an age identity (X25519 key pair)", run_keygen, NULL};
const cli_command cli_cmd_encrypt = {
    "encrypt", "encrypt a file to age recipients or a passphrase", run_encrypt,
    NULL};
const cli_command cli_cmd_decrypt = {
    "decrypt", "decrypt an age file with identities or a passphrase",
    run_decrypt, NULL};
