/* SPDX-License-Identifier: MIT */
/* The CMake consumer (check_cmake.py). Calls only functions every 1.x has.
 * Usage: consumer EXPECTED-VERSION */
#include <packeis/packeis.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int ok = packeis_version() == PACKEIS_VERSION_NUMBER &&
             strcmp(packeis_version_string(), PACKEIS_VERSION_STRING) == 0 &&
             (argc < 2 || strcmp(packeis_version_string(), argv[1]) == 0) &&
             packeis_strerror(PACKEIS_OK) != NULL;
    printf("packeis %s via CMake: %s\n", packeis_version_string(), ok ? "ok" : "MISMATCH");
    return ok ? 0 : 1;
}
