/* SPDX-License-Identifier: MIT */
/* packeis.h, "Version". */
#include "internal.h"

int packeis_version(void) { return PACKEIS_VERSION_NUMBER; }

const char *packeis_version_string(void) { return PACKEIS_VERSION_STRING; }
