/* SPDX-License-Identifier: MIT */
/* The hot paths for x86-64 processors with POPCNT, LZCNT, BMI1 and BMI2:
 * meson compiles this file with those instructions enabled, and
 * pk_select_kernel() picks it only where the processor has them. */
#define PK_KERNEL_TABLE pk_kernel_bmi2
#include "kernel.h"
