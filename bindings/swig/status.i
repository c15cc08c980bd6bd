/* SPDX-License-Identifier: MIT */
/* What a returned packeis_status becomes, the same in every target language.
 *
 * PACKEIS_OK returns nothing (only the outputs, if any); any other code
 * raises an error whose message is "PACKEIS_E_NOT_IN_LINE: <the text of
 * packeis_strerror()>" and whose category is one of exception.i's SWIG error
 * codes (which every SWIG language maps to its own error types), the
 * builtin error the code's class is in Python (bindings/error_tree.py): an
 * index error for PACKEIS_E_OUT_OF_RANGE, a memory error for
 * PACKEIS_E_OUT_OF_MEMORY, a runtime error for a buffer too small (never
 * seen: the wrappers size the buffers), for nothing to undo or redo and for
 * a code the table does not sort, a value error for bad arguments, illegal
 * moves, layouts, texts and positions.
 *
 * A language file replaces the typemap below to raise in its own idiom
 * from the same category and message (python.i: one exception class per
 * code, each also of the language's error type of its category; lua.i: an
 * error string); the other languages get exception.i's SWIG_exception().
 */
%include <exception.i>

%{
/* A wrapper that already raised an error of the target language (an
 * interrupt, a bad argument) returns this instead of a status. */
#define PK_SWIG_ERROR_RAISED (-1)

/* Room for the longest status name and message. */
#define PK_SWIG_MESSAGE_SIZE 192

/* pk_error_classes: the Python exception tree of the status codes, made at
 * build time from bindings/error_tree.py (swig/meson.build); the category
 * of each code is the builtin error it is in Python. */
#include "pk_error_tree.h"

/* The SWIG error category of a status (exception.i's SWIG_*Error codes). */
static int pk_swig_error_category(packeis_status status)
{
    for (size_t i = 0; i < PK_ERROR_CLASS_COUNT; i++)
        if (pk_error_classes[i].status == status)
            return pk_error_classes[i].category;
    return SWIG_RuntimeError; /* a code this version does not know */
}

/* "PACKEIS_E_NOT_IN_LINE: <packeis_strerror()>", in the caller's buffer. */
static const char *pk_swig_error_message(packeis_status status, char *buffer, size_t size)
{
    const char *name = packeis_status_name(status);
    snprintf(buffer, size, "%s: %s", name ? name : "unknown status", packeis_strerror(status));
    return buffer;
}
%}

%{
#define PK_SWIG_EXCEPTION(status)                                                             \
    do {                                                                                      \
        char pk_message[PK_SWIG_MESSAGE_SIZE];                                                \
        SWIG_exception(pk_swig_error_category(status),                                        \
                       pk_swig_error_message(status, pk_message, sizeof pk_message));         \
    } while (0)
%}
/* The languages without a typemap of their own (python.i and lua.i
 * replace it). */
%typemap(out) packeis_status {
    if ($1 != PACKEIS_OK)
        PK_SWIG_EXCEPTION($1);
    $typemap(out, int)
}

/* packeis_strerror() and packeis_status_name() take any status. */
%typemap(in) packeis_status status = int;
