/* SPDX-License-Identifier: MIT */
/* status_name.h: a status's name for the programs' messages, never NULL
 * (one definition for every program of examples/). */
#ifndef PACKEIS_EXAMPLES_STATUS_NAME_H
#define PACKEIS_EXAMPLES_STATUS_NAME_H

#include <packeis/packeis.h>

/* packeis_status_name(), or "?" for a status this library does not know. */
static inline const char *status_name(packeis_status status)
{
    const char *name = packeis_status_name(status);
    return name ? name : "?";
}

#endif
