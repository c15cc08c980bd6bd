/* SPDX-License-Identifier: MIT */
/* nnue_kernels.c: which builds of nnue_kernel.c this processor can run, and
 * the one a network uses. Asked when a network is read (once per file, not
 * per evaluation), so no process-wide state is kept. */
#include "nnue.h"

#include <stdlib.h>
#include <string.h>

extern const nnue_kernel nnue_kernel_portable;
#if defined(PACKEIS_NNUE_AVX2)
extern const nnue_kernel nnue_kernel_avx2;
#endif
#if defined(PACKEIS_NNUE_AVX512)
extern const nnue_kernel nnue_kernel_avx512;
#endif
#if defined(PACKEIS_NNUE_SIMD128)
extern const nnue_kernel nnue_kernel_simd128;
#endif

size_t nnue_kernels(const nnue_kernel **list, size_t capacity)
{
    const nnue_kernel *found[4];
    size_t count = 0;
    found[count++] = &nnue_kernel_portable;
#if defined(PACKEIS_NNUE_AVX2)
    if (__builtin_cpu_supports("avx2"))
        found[count++] = &nnue_kernel_avx2;
#endif
#if defined(PACKEIS_NNUE_AVX512)
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl"))
        found[count++] = &nnue_kernel_avx512;
#endif
#if defined(PACKEIS_NNUE_SIMD128)
    found[count++] = &nnue_kernel_simd128; /* the page's module needs SIMD128 to load */
#endif
    for (size_t i = 0; i < count && i < capacity; i++)
        list[i] = found[i];
    return count;
}

const nnue_kernel *nnue_default_kernel(void)
{
    const nnue_kernel *list[4];
    size_t count = nnue_kernels(list, 4);
    const char *forced = getenv("PACKEIS_NNUE_KERNEL");
    for (size_t i = 0; forced && i < count; i++)
        if (strcmp(list[i]->name, forced) == 0)
            return list[i];
    return list[count - 1];
}
