/* SPDX-License-Identifier: MIT */
/* Runtime choice of the kernel: the fastest one this processor can run. The
 * environment variable PACKEIS_KERNEL=generic forces the portable kernel,
 * and PACKEIS_KERNEL=bmi2 the BMI2 one without its AVX-512 move lists, so
 * that tests and benchmarks can cover each on one machine.
 *
 * The choice is made once per process, on first use: CPUID traps to the
 * hypervisor on virtual machines (microseconds each), too slow to ask at
 * every game. This is not the global mutable state our rules forbid: the
 * pointer is written exactly once, under pk_call_once(), before anyone can
 * read it, and never changes after; every caller sees the same answer it
 * would have computed itself. The environment is read at that time too, so
 * changing PACKEIS_KERNEL later in the process has no effect. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "once.h"

#if defined(PK_HAVE_BMI2_KERNEL)
#    include <cpuid.h>

/* POPCNT, ABM (LZCNT), BMI1 and BMI2, and a fast PDEP: AMD processors before
 * Zen 3 (family 0x19) run PDEP in microcode, hundreds of cycles. */
static int pk_cpu_has_fast_bmi2(void)
{
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_POPCNT))
        return 0;
    unsigned family = ((eax >> 8) & 0xF) + ((eax >> 20) & 0xFF);
    if (!__get_cpuid(0x80000001, &eax, &ebx, &ecx, &edx) || !(ecx & bit_LZCNT))
        return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
        return 0;
    if (!(ebx & bit_BMI) || !(ebx & bit_BMI2))
        return 0;
    unsigned vendor = 0;
    int amd = __get_cpuid(0, &eax, &vendor, &ecx, &edx) &&
              vendor == 0x68747541u; /* "Auth" of AuthenticAMD */
    return !(amd && family < 0x19);
}
#endif

#if defined(PK_HAVE_AVX512_KERNEL)
/* AVX-512 F, BW, VL and VBMI2, and a system that saves the opmask and ZMM
 * registers on a context switch (XCR0 bits 1, 2, 5, 6, 7, read by XGETBV
 * once CPUID shows OSXSAVE). */
static int pk_cpu_has_avx512_compress(void)
{
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE))
        return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 0xE6u) != 0xE6u)
        return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
        return 0;
    unsigned needed = bit_AVX512F | bit_AVX512BW | bit_AVX512VL;
    return (ebx & needed) == needed && (ecx & bit_AVX512VBMI2);
}
#endif

static const pk_kernel *pk_detect_kernel(void)
{
    const char *forced = getenv("PACKEIS_KERNEL");
    if (forced && strcmp(forced, "generic") == 0)
        return &pk_kernel_generic;
#if defined(PK_HAVE_BMI2_KERNEL)
    if (pk_cpu_has_fast_bmi2()) {
#    if defined(PK_HAVE_AVX512_KERNEL)
        int bmi2_only = forced && strcmp(forced, "bmi2") == 0;
        if (!bmi2_only && pk_cpu_has_avx512_compress())
            return &pk_kernel_avx512;
#    endif
        return &pk_kernel_bmi2;
    }
#endif
    return &pk_kernel_generic;
}

static pk_once_flag pk_kernel_once = PK_ONCE_INIT;
static const pk_kernel *pk_kernel_chosen;

static void pk_choose_kernel(void) { pk_kernel_chosen = pk_detect_kernel(); }

const pk_kernel *pk_select_kernel(void)
{
    pk_call_once(&pk_kernel_once, pk_choose_kernel);
    return pk_kernel_chosen;
}
