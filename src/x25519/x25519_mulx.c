/*
 * X25519, MULX/ADX tier: GF(2^255-19) in four 64-bit limbs, kept below
 * 2^256 but not fully reduced (2^256 = 38 mod p folds the top back in;
 * products and squares come out below 2^255 + 2^11, so the ladder's sums
 * and differences of them need one fold only), then the shared ladder
 * (x25519_ladder.h). Compiled alone with -mbmi2
 * -madx; dispatched only when CPUID reports both (HUSH_NEEDS_MULX).
 *
 * Multiplication and squaring are inline assembly, not intrinsics: the
 * point of ADCX and ADOX is two independent carry chains (CF and OF) in
 * flight at once, interleaved with MULX, which touches no flags. GCC and
 * clang compile _addcarryx_u64 to ordinary ADC on a single CF chain (they
 * do not model OF as a separate carry), so intrinsics cannot express the
 * dual-chain schedule. Additions and subtractions are assembly too, for a
 * shorter carry-to-mask step (see docs/perf/x25519.md), and so is the
 * ladder's c * f + g (one MULX row onto g); the ladder's masked select
 * (x25519_ladder.h) and the final reduction stay in C.
 * Also the base-point comb (x25519_base_comb.h) and, for the ifma tier,
 * the final division x / z.
 */
#include <immintrin.h>

#include "x25519/x25519_impl.h"

typedef uint64_t fe[4];

static inline void fe_frombytes(fe h, const uint8_t s[32]) {
    h[0] = hush_load64_le(s);
    h[1] = hush_load64_le(s + 8);
    h[2] = hush_load64_le(s + 16);
    h[3] = hush_load64_le(s + 24) & 0x7fffffffffffffffull; /* bit 255 */
}

static inline void fe_from_words(fe h, const uint64_t w[4]) {
    for (int i = 0; i < 4; i++)
        h[i] = w[i];
}
static inline void fe_to_words(uint64_t w[4], const fe h) {
    for (int i = 0; i < 4; i++)
        w[i] = h[i];
}

/* The unique representative in [0, p). */
static inline void fe_tobytes(uint8_t s[32], const fe f) {
    uint64_t h0 = f[0], h1 = f[1], h2 = f[2], h3 = f[3];
    unsigned char c;
    /* fold bit 255: h < 2^255 + 19 * 2 afterwards */
    uint64_t top = h3 >> 63;
    h3 &= 0x7fffffffffffffffull;
    c = _addcarry_u64(0, h0, 19 * top, (unsigned long long *)&h0);
    c = _addcarry_u64(c, h1, 0, (unsigned long long *)&h1);
    c = _addcarry_u64(c, h2, 0, (unsigned long long *)&h2);
    (void)_addcarry_u64(c, h3, 0, (unsigned long long *)&h3);
    /* h >= p iff h + 19 reaches 2^255; then h + 19 - 2^255 is the answer */
    uint64_t t0, t1, t2, t3;
    c = _addcarry_u64(0, h0, 19, (unsigned long long *)&t0);
    c = _addcarry_u64(c, h1, 0, (unsigned long long *)&t1);
    c = _addcarry_u64(c, h2, 0, (unsigned long long *)&t2);
    (void)_addcarry_u64(c, h3, 0, (unsigned long long *)&t3);
    uint64_t mask = hush_ct_mask64(t3 >> 63);
    t3 &= 0x7fffffffffffffffull;
    hush_store64_le(s, hush_ct_select64(mask, t0, h0));
    hush_store64_le(s + 8, hush_ct_select64(mask, t1, h1));
    hush_store64_le(s + 16, hush_ct_select64(mask, t2, h2));
    hush_store64_le(s + 24, hush_ct_select64(mask, t3, h3));
}

static inline void fe_copy(fe h, const fe f) {
    for (int i = 0; i < 4; i++)
        h[i] = f[i];
}
static inline void fe_set_small(fe h, uint64_t v) {
    h[0] = v;
    h[1] = h[2] = h[3] = 0;
}
/*
 * Additions and subtractions mod 2^256 with the carry (borrow) out
 * re-entering as 38 (2^256 = 38 mod p), in assembly so the carry becomes a
 * mask with SBB (two instructions) rather than SETC, MOVZX, NEG through the
 * value barrier: the ladder's additions sit on its critical path. The asm
 * text is composed from the pieces below; FE_ASM4 runs one with f and g as
 * memory operands, the result in r0..r3 and t a scratch.
 */
/* r = f op g over four limbs: op0 on limb 0, opc (with carry) on 1..3 */
#define FE_OP4(op0, opc)                                                       \
    "movq %[f0], %[r0]\n\t" op0 " %[g0], %[r0]\n\t"                            \
    "movq %[f1], %[r1]\n\t" opc " %[g1], %[r1]\n\t"                            \
    "movq %[f2], %[r2]\n\t" opc " %[g2], %[r2]\n\t"                            \
    "movq %[f3], %[r3]\n\t" opc " %[g3], %[r3]\n\t"
#define FE_ADD4 FE_OP4("addq", "adcq")
#define FE_SUB4 FE_OP4("subq", "sbbq")
/* the carry (borrow) flag as 38 or 0, added to (taken off) limb 0 */
#define FE_FOLD(op)                                                            \
    "sbbq %[t], %[t]\n\t"                                                      \
    "andq $38, %[t]\n\t" op " %[t], %[r0]\n\t"
/* the carry (borrow) out of limb 0 through limbs 1..3 */
#define FE_RIPPLE(op)                                                          \
    op " $0, %[r1]\n\t" op " $0, %[r2]\n\t" op " $0, %[r3]\n\t"

#define FE_ASM4(h, f, g, text)                                                 \
    do {                                                                       \
        uint64_t r0, r1, r2, r3, t, u;                                         \
        __asm__(text                                                           \
                : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2),              \
                  [r3] "=&r"(r3), [t] "=&r"(t), [u] "=&r"(u)                   \
                : [f0] "m"((f)[0]), [f1] "m"((f)[1]), [f2] "m"((f)[2]),        \
                  [f3] "m"((f)[3]), [g0] "m"((g)[0]), [g1] "m"((g)[1]),        \
                  [g2] "m"((g)[2]), [g3] "m"((g)[3])                           \
                : "cc");                                                       \
        (h)[0] = r0, (h)[1] = r1, (h)[2] = r2, (h)[3] = r3;                    \
        (void)t, (void)u;                                                      \
    } while (0)

/* h = f + g for any f, g < 2^256: a second carry can only follow when the
 * low limb is tiny, so it lands in limb 0 alone. */
static inline void fe_add(fe h, const fe f, const fe g) {
    FE_ASM4(h, f, g, FE_ADD4 FE_FOLD("addq") FE_RIPPLE("adcq") FE_FOLD("addq"));
}

/* h = f - g for any f, g < 2^256; as in fe_add a second borrow can only
 * reach limb 0. */
static inline void fe_sub(fe h, const fe f, const fe g) {
    FE_ASM4(h, f, g, FE_SUB4 FE_FOLD("subq") FE_RIPPLE("sbbq") FE_FOLD("subq"));
}

/*
 * h = f + g and h = f - g for f, g below 2^255 + 2^11 (what fe_mul, fe_sq
 * and fe_frombytes return): one fold, no carry after it. For the sum: a
 * carry out of 2^256 leaves at most 2^12 in the low limb, so adding 38
 * cannot carry again. For the difference: after a borrow the wrapped value
 * is at least 2^256 - 2^255 - 2^11, so taking 38 off cannot borrow out
 * (it is done as adding 2^256 - 38 and dropping the carry).
 * Both keep to ADCX where they can: on Zen 3 plain ADD/ADC/SBB beside MULX
 * cost more than ADCX/ADOX do (docs/perf/x25519.md #16).
 */
static inline void fe_add_r(fe h, const fe f, const fe g) {
    FE_ASM4(h, f, g,
            "xorl %k[t], %k[t]\n\t" /* clears CF */
            "movq %[f0], %[r0]\n\tadcxq %[g0], %[r0]\n\t"
            "movq %[f1], %[r1]\n\tadcxq %[g1], %[r1]\n\t"
            "movq %[f2], %[r2]\n\tadcxq %[g2], %[r2]\n\t"
            "movq %[f3], %[r3]\n\tadcxq %[g3], %[r3]\n\t"
            "sbbq %[t], %[t]\n\t"
            "andq $38, %[t]\n\t" /* clears CF */
            "adcxq %[t], %[r0]\n\t");
}

static inline void fe_sub_r(fe h, const fe f, const fe g) {
    FE_ASM4(h, f, g,
            FE_SUB4
            "sbbq %[t], %[t]\n\t" /* all ones after a borrow */
            "movq %[t], %[u]\n\t"
            "andq $-38, %[u]\n\t" /* clears CF; t, u = 2^256 - 38 or 0 */
            "adcxq %[u], %[r0]\n\t"
            "adcxq %[t], %[r1]\n\t"
            "adcxq %[t], %[r2]\n\t"
            "adcxq %[t], %[r3]\n\t");
}

/*
 * Reduction shared by fe_mul and fe_sq, as assembly text: the 512-bit
 * product in r0..r7 becomes r0..r3 + 38 * r4..r7 (< 2^256 * 39, the top
 * word r4 <= 38), then everything from bit 255 up, top = 2 r4 + bit 255
 * (< 2^7), is cleared and re-enters as 19 top (2^255 = 19 mod p): the
 * result is below 2^255 + 2^11 and the last carry stops in limb 3. That
 * bound is what fe_add_r and fe_sub_r rely on. BTR hands bit 255 to
 * ADCX as its carry, so every addition here is ADCX/ADOX; z ends zero.
 * rdx is clobbered; lo and hi are scratch.
 */
#define FE_REDUCE_ASM                                                          \
    "movq %[c38], %%rdx\n\t"                                                   \
    "xorl %k[z], %k[z]\n\t" /* clears CF and OF */                             \
    "mulxq %[r4], %[lo], %[hi]\n\t"                                            \
    "adcxq %[lo], %[r0]\n\t"                                                   \
    "adoxq %[hi], %[r1]\n\t"                                                   \
    "mulxq %[r5], %[lo], %[hi]\n\t"                                            \
    "adcxq %[lo], %[r1]\n\t"                                                   \
    "adoxq %[hi], %[r2]\n\t"                                                   \
    "mulxq %[r6], %[lo], %[hi]\n\t"                                            \
    "adcxq %[lo], %[r2]\n\t"                                                   \
    "adoxq %[hi], %[r3]\n\t"                                                   \
    "mulxq %[r7], %[lo], %[r4]\n\t"                                            \
    "adcxq %[lo], %[r3]\n\t"                                                   \
    "adoxq %[z], %[r4]\n\t"                                                    \
    "adcxq %[z], %[r4]\n\t"  /* bits 255 and up, top = 2 r4 + bit 255 (< 2^7), \
                                re-enter as 19 top */                          \
    "btrq $63, %[r3]\n\t"    /* CF = bit 255 */                                \
    "adcxq %[r4], %[r4]\n\t" /* top; no carry out, CF = 0 */                   \
    "leaq (%[r4],%[r4],8), %[lo]\n\t"                                          \
    "leaq (%[r4],%[lo],2), %[r4]\n\t"                                          \
    "adcxq %[r4], %[r0]\n\t"                                                   \
    "adcxq %[z], %[r1]\n\t"                                                    \
    "adcxq %[z], %[r2]\n\t"                                                    \
    "adcxq %[z], %[r3]\n\t"

/* 38 (2^256 mod p) for the reductions' MULX: a load, not an ALU op */
static const uint64_t fe_c38 = 38;

/* one row of the schoolbook product, r_i..r_i+4 += f_i * g (r_i+4 new):
 * the low halves on the CF chain (ADCX), the high halves on the OF chain
 * (ADOX), both ended on the zero register z */
#define FE_ROW(fi, a0, a1, a2, a3, a4)                                         \
    "movq " fi ", %%rdx\n\t"                                                   \
    "xorl %k[z], %k[z]\n\t"                                                    \
    "mulxq %[g0], %[lo], %[hi]\n\t"                                            \
    "adcxq %[lo], " a0 "\n\t"                                                  \
    "adoxq %[hi], " a1 "\n\t"                                                  \
    "mulxq %[g1], %[lo], %[hi]\n\t"                                            \
    "adcxq %[lo], " a1 "\n\t"                                                  \
    "adoxq %[hi], " a2 "\n\t"                                                  \
    "mulxq %[g2], %[lo], %[hi]\n\t"                                            \
    "adcxq %[lo], " a2 "\n\t"                                                  \
    "adoxq %[hi], " a3 "\n\t"                                                  \
    "mulxq %[g3], %[lo], " a4 "\n\t"                                           \
    "adcxq %[lo], " a3 "\n\t"                                                  \
    "adoxq %[z], " a4 "\n\t"                                                   \
    "adcxq %[z], " a4 "\n\t"

/* h = f * g: schoolbook rows of MULX, the low halves on the CF chain
 * (ADCX) and the high halves on the OF chain (ADOX); row 0 has no high
 * chain (each MULX writes its high half where the next low half lands). */
static inline void fe_mul(fe h, const fe f, const fe g) {
    uint64_t r0, r1, r2, r3, r4, r5, r6, r7, lo, hi, z;
    __asm__("movq %[f0], %%rdx\n\t"
            /* row 0: r0..r4 = f0 * g */
            "xorl %k[z], %k[z]\n\t"
            "mulxq %[g0], %[r0], %[r1]\n\t"
            "mulxq %[g1], %[lo], %[r2]\n\t"
            "adcxq %[lo], %[r1]\n\t"
            "mulxq %[g2], %[lo], %[r3]\n\t"
            "adcxq %[lo], %[r2]\n\t"
            "mulxq %[g3], %[lo], %[r4]\n\t"
            "adcxq %[lo], %[r3]\n\t"
            "adcxq %[z], %[r4]\n\t" FE_ROW("%[f1]", "%[r1]", "%[r2]", "%[r3]",
                                           "%[r4]", "%[r5]")
                FE_ROW("%[f2]", "%[r2]", "%[r3]", "%[r4]", "%[r5]", "%[r6]")
                    FE_ROW("%[f3]", "%[r3]", "%[r4]", "%[r5]", "%[r6]", "%[r7]")
                        FE_REDUCE_ASM
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3),
              [r4] "=&r"(r4), [r5] "=&r"(r5), [r6] "=&r"(r6), [r7] "=&r"(r7),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
            : [c38] "m"(fe_c38), [f0] "m"(f[0]), [f1] "m"(f[1]), [f2] "m"(f[2]),
              [f3] "m"(f[3]), [g0] "m"(g[0]), [g1] "m"(g[1]), [g2] "m"(g[2]),
              [g3] "m"(g[3])
            : "rdx", "cc");
    h[0] = r0, h[1] = r1, h[2] = r2, h[3] = r3;
    (void)lo, (void)hi, (void)z, (void)r4, (void)r5, (void)r6, (void)r7;
}

/* h = f^2: the six cross products once, then doubled on the CF chain while
 * the four squares enter on the OF chain. */
static inline void fe_sq(fe h, const fe f) {
    uint64_t r0, r1, r2, r3, r4, r5, r6, r7, lo, hi, z;
    __asm__("movq %[f0], %%rdx\n\t"
            /* f0 * (f1, f2, f3) at positions 1..4 */
            "xorl %k[z], %k[z]\n\t"
            "mulxq %[f1], %[r1], %[r2]\n\t"
            "mulxq %[f2], %[lo], %[r3]\n\t"
            "adcxq %[lo], %[r2]\n\t"
            "mulxq %[f3], %[lo], %[r4]\n\t"
            "adcxq %[lo], %[r3]\n\t"
            "adcxq %[z], %[r4]\n\t"
            /* f1 * (f2, f3) at positions 3..5 */
            "movq %[f1], %%rdx\n\t"
            "xorl %k[z], %k[z]\n\t"
            "mulxq %[f2], %[lo], %[hi]\n\t"
            "adcxq %[lo], %[r3]\n\t"
            "adoxq %[hi], %[r4]\n\t"
            "mulxq %[f3], %[lo], %[r5]\n\t"
            "adcxq %[lo], %[r4]\n\t"
            "adoxq %[z], %[r5]\n\t"
            "adcxq %[z], %[r5]\n\t"
            /* f2 * f3 at positions 5..6 */
            "movq %[f2], %%rdx\n\t"
            "mulxq %[f3], %[lo], %[r6]\n\t"
            "adcxq %[lo], %[r5]\n\t" /* CF is 0 after the row above */
            "adcxq %[z], %[r6]\n\t"
            /* double (CF chain) and add the squares (OF chain) */
            "xorl %k[r7], %k[r7]\n\t"
            "movq %[f0], %%rdx\n\t"
            "mulxq %%rdx, %[r0], %[hi]\n\t"
            "adcxq %[r1], %[r1]\n\t"
            "adoxq %[hi], %[r1]\n\t"
            "movq %[f1], %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[r2], %[r2]\n\t"
            "adoxq %[lo], %[r2]\n\t"
            "adcxq %[r3], %[r3]\n\t"
            "adoxq %[hi], %[r3]\n\t"
            "movq %[f2], %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[r4], %[r4]\n\t"
            "adoxq %[lo], %[r4]\n\t"
            "adcxq %[r5], %[r5]\n\t"
            "adoxq %[hi], %[r5]\n\t"
            "movq %[f3], %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[r6], %[r6]\n\t"
            "adoxq %[lo], %[r6]\n\t"
            "adcxq %[r7], %[r7]\n\t"
            "adoxq %[hi], %[r7]\n\t" FE_REDUCE_ASM
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3),
              [r4] "=&r"(r4), [r5] "=&r"(r5), [r6] "=&r"(r6), [r7] "=&r"(r7),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
            : [c38] "m"(fe_c38), [f0] "m"(f[0]), [f1] "m"(f[1]), [f2] "m"(f[2]),
              [f3] "m"(f[3])
            : "rdx", "cc");
    h[0] = r0, h[1] = r1, h[2] = r2, h[3] = r3;
    (void)lo, (void)hi, (void)z, (void)r4, (void)r5, (void)r6, (void)r7;
}

/*
 * h = c * f + g for a public c < 2^17: one row of MULX, the low halves on
 * the CF chain and the high halves on the OF chain onto g, the fifth word
 * (below 2^17 + 1) and bit 255 folded as in FE_REDUCE_ASM (19 top, top
 * below 2^19): h < 2^255 + 2^24, which fe_mul accepts (e only goes there).
 * The ladder's doubling: e = 121666 p + d in one pass instead of a product
 * and an addition.
 */
static inline void fe_mul_small_add(fe h, const fe f, uint64_t c, const fe g) {
    uint64_t r0, r1, r2, r3, r4, lo, hi;
    __asm__("movq %[c], %%rdx\n\t"
            "movq %[g0], %[r0]\n\t"
            "movq %[g1], %[r1]\n\t"
            "movq %[g2], %[r2]\n\t"
            "movq %[g3], %[r3]\n\t"
            "xorl %k[lo], %k[lo]\n\t" /* clears CF and OF; lo = 0 */
            "mulxq %[f0], %[r4], %[hi]\n\t"
            "adcxq %[r4], %[r0]\n\t"
            "adoxq %[hi], %[r1]\n\t"
            "mulxq %[f1], %[r4], %[hi]\n\t"
            "adcxq %[r4], %[r1]\n\t"
            "adoxq %[hi], %[r2]\n\t"
            "mulxq %[f2], %[r4], %[hi]\n\t"
            "adcxq %[r4], %[r2]\n\t"
            "adoxq %[hi], %[r3]\n\t"
            "mulxq %[f3], %[hi], %[r4]\n\t"
            "adcxq %[hi], %[r3]\n\t"
            "adoxq %[lo], %[r4]\n\t"
            "adcxq %[lo], %[r4]\n\t"
            "btrq $63, %[r3]\n\t"    /* CF = bit 255 */
            "adcxq %[r4], %[r4]\n\t" /* top < 2^19; CF = 0 */
            "leaq (%[r4],%[r4],8), %[hi]\n\t"
            "leaq (%[r4],%[hi],2), %[r4]\n\t"
            "adcxq %[r4], %[r0]\n\t"
            "adcxq %[lo], %[r1]\n\t"
            "adcxq %[lo], %[r2]\n\t"
            "adcxq %[lo], %[r3]\n\t"
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3),
              [r4] "=&r"(r4), [lo] "=&r"(lo), [hi] "=&r"(hi)
            : [c] "rm"(c), [f0] "m"(f[0]), [f1] "m"(f[1]), [f2] "m"(f[2]),
              [f3] "m"(f[3]), [g0] "m"(g[0]), [g1] "m"(g[1]), [g2] "m"(g[2]),
              [g3] "m"(g[3])
            : "rdx", "cc");
    h[0] = r0, h[1] = r1, h[2] = r2, h[3] = r3;
    (void)lo, (void)hi, (void)r4;
}

#include "x25519/x25519_base_comb.h"
#include "x25519/x25519_ladder.h"

/* out = x / z, fully reduced: the last step of the ifma tier's ladder */
void hush_x25519_mulx_divide(uint8_t out[32], const uint64_t x[4],
                             const uint64_t z[4]) {
    fe a, b;
    fe_from_words(a, x);
    fe_from_words(b, z);
    fe_invert(b, b);
    fe_mul(a, a, b);
    fe_tobytes(out, a);
    hush_wipe(a, sizeof a);
    hush_wipe(b, sizeof b);
}

void hush_x25519_mulx_base(uint8_t out[32], const uint8_t scalar[32]) {
    x25519_base_comb(out, scalar);
}

/* 2d, d = -121665/121666 the edwards25519 constant */
static const uint64_t edwards_2d[4] = {
    0xebd69b9426b2f159ull, 0x00e0149a8283b156ull, 0x198e80f2eef3d130ull,
    0x2406d9dc56dffce7ull};

/* r = p + q for two extended points (the unified addition of Hisil, Wong,
 * Carter and Dawson, a = -1, with 2d), r in completed coordinates */
static void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_p3 *q) {
    fe a, b, c, d, t;
    fe_sub(a, p->Y, p->X);
    fe_sub(t, q->Y, q->X);
    fe_mul(a, a, t); /* A = (Y1 - X1)(Y2 - X2) */
    fe_add(b, p->Y, p->X);
    fe_add(t, q->Y, q->X);
    fe_mul(b, b, t); /* B = (Y1 + X1)(Y2 + X2) */
    fe_from_words(t, edwards_2d);
    fe_mul(c, p->T, t);
    fe_mul(c, c, q->T); /* C = 2d T1 T2 */
    fe_mul(d, p->Z, q->Z);
    fe_add(d, d, d);    /* D = 2 Z1 Z2 */
    fe_sub(r->X, b, a); /* E */
    fe_add(r->Y, b, a); /* H */
    fe_add(r->Z, d, c); /* G */
    fe_sub(r->T, d, c); /* F */
    HUSH_WIPE_OBJ(&a);
    HUSH_WIPE_OBJ(&b);
    HUSH_WIPE_OBJ(&c);
    HUSH_WIPE_OBJ(&d);
    HUSH_WIPE_OBJ(&t);
}

void hush_x25519_mulx_comb_finish(uint8_t out[32], const uint64_t p[4][4],
                                  const uint64_t q[4][4]) {
    struct {
        ge_p3 a, b;
        ge_p1p1 r;
        fe num, den;
    } s;
    fe_from_words(s.a.X, p[0]);
    fe_from_words(s.a.Y, p[1]);
    fe_from_words(s.a.Z, p[2]);
    fe_from_words(s.a.T, p[3]);
    fe_from_words(s.b.X, q[0]);
    fe_from_words(s.b.Y, q[1]);
    fe_from_words(s.b.Z, q[2]);
    fe_from_words(s.b.T, q[3]);
    for (int i = 0; i < 4; i++) {
        ge_dbl(&s.r, &s.a);
        ge_p1p1_to_p3(&s.a, &s.r);
    }
    ge_add(&s.r, &s.a, &s.b);
    /* completed coordinates: y = Y/T, so u = (1 + y)/(1 - y) = (T + Y)/(T - Y)
     */
    fe_add(s.num, s.r.T, s.r.Y);
    fe_sub(s.den, s.r.T, s.r.Y);
    fe_invert(s.den, s.den);
    fe_mul(s.num, s.num, s.den);
    fe_tobytes(out, s.num);
    HUSH_WIPE_OBJ(&s);
}

const hush_x25519_ops hush_x25519_mulx = {
    x25519_ladder,
    hush_x25519_mulx_base,
};
