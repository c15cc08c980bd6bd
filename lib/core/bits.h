/* SPDX-License-Identifier: MIT */
/* Bit-set primitives. Cell sets are uint64_t; these wrap the builtins so that
 * the kernel compiled with -mpopcnt/-mlzcnt/-mbmi2 (lib/rules/meson.build)
 * gets single instructions.
 *
 * Every #if on the instruction set the compiler targets is here: the kernel
 * tests PK_HAVE_PEXT, a plain C constant, never the compiler's macros.
 * (core/dispatch.c asks the processor itself, at run time.) */
#ifndef PK_BITS_H
#define PK_BITS_H

#include <stdint.h>

#if (defined(__BMI__) || defined(__BMI2__) || defined(__LZCNT__)) &&                           \
    (defined(__x86_64__) || defined(__i386__))
#    include <immintrin.h>
#endif

#if defined(__BMI2__) && (defined(__x86_64__) || defined(__i386__))
/* PDEP and PEXT are single, fast instructions (dispatch.c refuses processors
 * that run them in microcode). */
#    define PK_HAVE_PEXT 1
#else
#    define PK_HAVE_PEXT 0
#endif

/* The number of cells of a set. On x86 without POPCNT (the generic kernel)
 * the builtin is a call to libgcc's byte-table loop; the SWAR sum is a
 * dozen instructions inline. */
static inline int pk_popcount(uint64_t set)
{
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
    set -= (set >> 1) & 0x5555555555555555u;
    set = (set & 0x3333333333333333u) + ((set >> 2) & 0x3333333333333333u);
    set = (set + (set >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((set * 0x0101010101010101u) >> 56);
#else
    return __builtin_popcountll(set);
#endif
}

/* Index of the lowest set bit; set must not be 0. */
static inline int pk_lowest(uint64_t set) { return __builtin_ctzll(set); }

/* Index of the highest set bit; set must not be 0. */
static inline int pk_highest(uint64_t set) { return 63 - __builtin_clzll(set); }

static inline uint64_t pk_bit(int cell) { return (uint64_t)1 << cell; }

/* The cells of `set` outside `others`: ANDN where BMI1 has it, one
 * instruction that keeps both operands (gcc would copy one and AND). */
static inline uint64_t pk_and_not(uint64_t set, uint64_t others)
{
#if defined(__BMI__) && defined(__x86_64__)
    uint64_t kept; /* asm: gcc turns the builtin back into NOT and AND */
    __asm__("andn %2, %1, %0" : "=r"(kept) : "r"(others), "rm"(set));
    return kept;
#else
    return set & ~others;
#endif
}

/* `value`, computed here: the compiler may not move its computation past
 * this point, nor mix it with what follows. For code whose registers would
 * run out if gcc reordered it. */
static inline uint64_t pk_settle(uint64_t value)
{
    __asm__("" : "+r"(value));
    return value;
}

/* `value`, as if computed after `after`: what uses it cannot be moved by
 * the compiler before `after` is computed (no instruction: the processor
 * sees no such dependency). */
static inline uint64_t pk_settle_after(uint64_t value, uint64_t after)
{
    __asm__("" : "+r"(value) : "r"(after));
    return value;
}

/* If k >= *bound: *index = *new_index and *base = *bound; without a
 * branch, whatever the compiler thinks of the odds (gcc turns the C into a
 * jump, which a random k mispredicts half the time). The two are read where
 * they are, when needed: given as values, gcc loads them early and runs
 * out of registers. */
static inline void pk_take_if_at_least(uint32_t k, const uint32_t *bound, uint32_t *index,
                                       const uint32_t *new_index, uint32_t *base)
{
#if defined(__x86_64__)
    __asm__("cmpl %[bound], %[k]\n\t"
            "cmovael %[new_index], %[index]\n\t"
            "cmovael %[bound], %[base]"
            : [index] "+r"(*index), [base] "+r"(*base)
            : [k] "r"(k), [bound] "m"(*bound), [new_index] "m"(*new_index)
            : "cc");
#else
    uint32_t mask = 0 - (uint32_t)(k >= *bound);
    *index ^= (*index ^ *new_index) & mask;
    *base ^= (*base ^ *bound) & mask;
#endif
}

/* Index of the lowest set bit, 64 for an empty set: TZCNT where BMI1 has it. */
static inline uint64_t pk_lowest_or_64(uint64_t set)
{
#if defined(__BMI__)
    return _tzcnt_u64(set);
#else
    return set ? (uint64_t)__builtin_ctzll(set) : 64;
#endif
}

/* One more than the index of the highest set bit, 0 for an empty set:
 * 64 - LZCNT where it exists. */
static inline uint64_t pk_highest_plus_1(uint64_t set)
{
#if defined(__LZCNT__)
    return 64 - _lzcnt_u64(set);
#else
    return set ? (uint64_t)pk_highest(set) + 1 : 0;
#endif
}

/* The bits of set below bit `index` (0 <= index <= 64): BZHI where BMI2 has
 * it. */
static inline uint64_t pk_bits_below(uint64_t set, uint64_t index)
{
#if PK_HAVE_PEXT
    return _bzhi_u64(set, (unsigned)index);
#else
    return index < 64 ? set & ((((uint64_t)1) << index) - 1) : set;
#endif
}

/* The bits of set from bit `index` on (0 <= index <= 63). */
static inline uint64_t pk_bits_from(uint64_t set, uint64_t index)
{
    return set & (~(uint64_t)0 << index);
}

/* The bits of set strictly below its lowest set bit (all bits if set is 0). */
static inline uint64_t pk_below_lowest(uint64_t set) { return (set & (0 - set)) - 1; }

/* The bits strictly above the highest set bit of set (all bits if set is 0).
 * `set` must not hold bit 63: with LZCNT this is then one shift, by less
 * than 64 (an empty set shifts by 0, keeping every bit). */
static inline uint64_t pk_above_highest(uint64_t set)
{
#if defined(__LZCNT__)
    /* 64 - LZCNT, taken modulo 64 as the shift instruction does: a NEG
     * instead of a constant and a subtraction. */
    return ~(uint64_t)0 << ((0 - _lzcnt_u64(set)) & 63);
#else
    return set ? ~((((uint64_t)2) << pk_highest(set)) - 1) : ~(uint64_t)0;
#endif
}

/* Index of the k-th (0-based) set bit of set; set has more than k bits. */
static inline int pk_select(uint64_t set, unsigned k)
{
#if PK_HAVE_PEXT
    return pk_lowest(_pdep_u64((uint64_t)1 << k, set));
#else
    while (k--)
        set &= set - 1;
    return pk_lowest(set);
#endif
}

/* The bits of `set` under `mask`, packed into the low bits in mask order. */
static inline uint64_t pk_extract(uint64_t set, uint64_t mask)
{
#if PK_HAVE_PEXT
    return _pext_u64(set, mask);
#else
    uint64_t packed = 0;
    for (int i = 0; mask; mask &= mask - 1, i++)
        packed |= ((set >> pk_lowest(mask)) & 1) << i;
    return packed;
#endif
}

/* The low bits of `packed` spread onto the bits of `mask`, in mask order:
 * the inverse of pk_extract(). */
static inline uint64_t pk_deposit(uint64_t packed, uint64_t mask)
{
#if PK_HAVE_PEXT
    return _pdep_u64(packed, mask);
#else
    uint64_t spread = 0;
    for (; mask; mask &= mask - 1, packed >>= 1)
        spread |= (0 - (packed & 1)) & (mask & (0 - mask));
    return spread;
#endif
}

#endif /* PK_BITS_H */
