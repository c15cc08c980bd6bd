/* SPDX-License-Identifier: MIT */
/* The hot paths for any processor. */
#define PK_KERNEL_TABLE pk_kernel_generic
#include "kernel.h"
