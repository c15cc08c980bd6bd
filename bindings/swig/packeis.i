/* SPDX-License-Identifier: MIT */
/* SWIG interface of libpackeis for Python: the module `packeis_swig`.
 *
 * It %includes the whole public header, so every function, enum and
 * constant of include/packeis/packeis.h is wrapped under its C name; the
 * typemaps below make the calls Pythonic without hiding any of them:
 *
 * - a returned packeis_status other than PACKEIS_OK raises the exception of
 *   that code (`GameOverError`, `NotInLineError` ..., all under
 *   `PackeisError`; the reasons a move is refused under `IllegalMoveError`,
 *   the layout errors under `LayoutError`), carrying `status` and, for a
 *   text parser, `stop` (the byte offset where it stopped; else None);
 *   success returns None, or the outputs;
 * - out-parameters become return values (`x, y = packeis_game_cell_coords(g,
 *   c)`; `game, stop = packeis_game_load_position(text, None)`), one value
 *   alone, several as a tuple;
 * - buffers with a capacity are sized here and returned: move lists as
 *   lists of ints, observations and masks as bytes, texts as str;
 * - `(text, text_length)` is one str (or bytes) argument; a custom layout is
 *   one sequence of (x, y, fish) triples;
 * - games and options are owned by their Python objects (freed when they go
 *   away); packeis_game_free() / packeis_options_free() free them at once
 *   and clear the object, after which any call with it raises
 *   InvalidArgumentError instead of touching freed memory.
 */
%module packeis_swig

%{
#define SWIG_FILE_WITH_INIT
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <packeis/packeis.h>

/* The exception classes, indexed by status code; [0] is PackeisError. */
static PyObject *pk_swig_errors[PACKEIS_STATUS_COUNT];
static PyObject *pk_swig_illegal_move;
static PyObject *pk_swig_layout;

/* Where the text parser being wrapped writes its stop offset, so that its
 * error carries it (set by the `stop` typemap, cleared after each call). */
static size_t *pk_swig_stop = NULL;

/* Raises the exception for a status (never PACKEIS_OK). */
static void pk_swig_raise(packeis_status status)
{
    PyObject *cls = status > 0 && status < PACKEIS_STATUS_COUNT && pk_swig_errors[status]
                        ? pk_swig_errors[status]
                        : pk_swig_errors[0];
    const char *name = packeis_status_name(status);
    PyObject *error = PyObject_CallFunction(cls, "s", packeis_strerror(status));
    if (!error)
        return;
    PyObject *code = PyLong_FromLong(status);
    PyObject *text = PyUnicode_FromString(name ? name : "unknown status");
    PyObject *where = pk_swig_stop ? PyLong_FromSize_t(*pk_swig_stop) : (Py_INCREF(Py_None), Py_None);
    if (code && text && where) {
        PyObject_SetAttrString(error, "status", code);
        PyObject_SetAttrString(error, "status_name", text);
        PyObject_SetAttrString(error, "stop", where);
        PyErr_SetObject(cls, error);
    }
    Py_XDECREF(code);
    Py_XDECREF(text);
    Py_XDECREF(where);
    Py_DECREF(error);
}

/* "PACKEIS_E_NOT_IN_LINE" -> "NotInLineError". */
static void pk_swig_class_name(const char *status_name, char *out, size_t size)
{
    const char *p = status_name + strlen("PACKEIS_E_");
    size_t n = 0;
    int upper = 1;
    for (; *p && n + 6 < size; p++) {
        if (*p == '_') {
            upper = 1;
            continue;
        }
        out[n++] = (char)(upper ? *p : (*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p));
        upper = 0;
    }
    memcpy(out + n, "Error", 6);
}

/* Frees an owned game or options object through its Python proxy and
 * clears the proxy (see the typemaps of packeis_game_free()). */
static int pk_swig_release(PyObject *object, swig_type_info *type, void **pointer)
{
    if (object == Py_None) {
        *pointer = NULL;
        return 1;
    }
    int res = SWIG_ConvertPtr(object, pointer, type, SWIG_POINTER_RELEASE);
    if (res == SWIG_ERROR_RELEASE_NOT_OWNED) {
        PyErr_SetString(PyExc_ValueError, "this object does not own its handle: not freed");
        return 0;
    }
    if (!SWIG_IsOK(res)) {
        PyErr_SetString(PyExc_TypeError, "expected a handle of the right type");
        return 0;
    }
    return 1;
}
%}

%init %{
    {
        pk_swig_errors[0] = PyErr_NewException("packeis_swig.PackeisError", NULL, NULL);
        pk_swig_illegal_move =
            PyErr_NewException("packeis_swig.IllegalMoveError", pk_swig_errors[0], NULL);
        pk_swig_layout = PyErr_NewException("packeis_swig.LayoutError", pk_swig_errors[0], NULL);
        if (!pk_swig_errors[0] || !pk_swig_illegal_move || !pk_swig_layout)
            return NULL;
        PyObject *none_code = PyLong_FromLong(-1);
        PyObject_SetAttrString(pk_swig_errors[0], "status", none_code);
        PyObject_SetAttrString(pk_swig_errors[0], "stop", Py_None);
        Py_XDECREF(none_code);
        Py_INCREF(pk_swig_errors[0]);
        PyModule_AddObject(m, "PackeisError", pk_swig_errors[0]);
        Py_INCREF(pk_swig_illegal_move);
        PyModule_AddObject(m, "IllegalMoveError", pk_swig_illegal_move);
        Py_INCREF(pk_swig_layout);
        PyModule_AddObject(m, "LayoutError", pk_swig_layout);
        for (int code = 1; code < PACKEIS_STATUS_COUNT; code++) {
            char name[64], qualified[96];
            pk_swig_class_name(packeis_status_name(code), name, sizeof name);
            snprintf(qualified, sizeof qualified, "packeis_swig.%s", name);
            PyObject *base = pk_swig_errors[0];
            if (code >= PACKEIS_E_GAME_OVER && code <= PACKEIS_E_NOT_ONE_FISH)
                base = pk_swig_illegal_move;
            else if (code >= PACKEIS_E_DUPLICATE_CELL && code <= PACKEIS_E_COORD_OUT_OF_RANGE)
                base = pk_swig_layout;
            pk_swig_errors[code] = PyErr_NewException(qualified, base, NULL);
            if (!pk_swig_errors[code])
                return NULL;
            PyObject *value = PyLong_FromLong(code);
            PyObject_SetAttrString(pk_swig_errors[code], "status", value);
            Py_XDECREF(value);
            Py_INCREF(pk_swig_errors[code]);
            PyModule_AddObject(m, name, pk_swig_errors[code]);
        }
    }
%}

%include <stdint.i>
%include <typemaps.i>

/* ---- statuses ------------------------------------------------------------ */
%typemap(out) packeis_status {
    if ($1 != PACKEIS_OK) {
        pk_swig_raise($1);
        SWIG_fail;
    }
    $result = SWIG_Py_Void();
}
/* packeis_strerror() and packeis_status_name() take any status. */
%typemap(in) packeis_status status = int;

/* ---- handles --------------------------------------------------------------- */
/* The structs are opaque; declared here (empty) so that Python owns the
 * objects the constructors return and frees them through these
 * destructors. */
%nodefaultctor packeis_game;
%nodefaultctor packeis_options;
struct packeis_game {};
struct packeis_options {};
%extend packeis_game {
    ~packeis_game() { packeis_game_free($self); }
}
%extend packeis_options {
    ~packeis_options() { packeis_options_free($self); }
}

/* Constructors: the new object is returned, owned by Python. */
%typemap(in, numinputs=0) packeis_game ** (packeis_game *made = NULL) { $1 = &made; }
%typemap(argout) packeis_game ** {
    $result = SWIG_Python_AppendOutput($result, SWIG_NewPointerObj(SWIG_as_voidptr(*$1), $*1_descriptor, SWIG_POINTER_OWN));
}
%typemap(in, numinputs=0) packeis_options ** (packeis_options *made = NULL) { $1 = &made; }
%typemap(argout) packeis_options ** {
    $result = SWIG_Python_AppendOutput($result, SWIG_NewPointerObj(SWIG_as_voidptr(*$1), $*1_descriptor, SWIG_POINTER_OWN));
}

/* The free functions take the object from its proxy and clear the proxy. */
%typemap(in) packeis_game *game (void *pointer = NULL) {
    if (!pk_swig_release($input, $descriptor, &pointer))
        SWIG_fail;
    $1 = (packeis_game *)pointer;
}
%typemap(in) packeis_options *options (void *pointer = NULL) {
    if (!pk_swig_release($input, $descriptor, &pointer))
        SWIG_fail;
    $1 = (packeis_options *)pointer;
}
%rename(packeis_game_free) pk_swig_game_free;
%rename(packeis_options_free) pk_swig_options_free;
%ignore packeis_game_free;
%ignore packeis_options_free;
%inline %{
/** packeis_game_free(): frees the game now; the proxy is cleared. */
void pk_swig_game_free(packeis_game *game) { packeis_game_free(game); }
/** packeis_options_free(): frees the options now; the proxy is cleared. */
void pk_swig_options_free(packeis_options *options) { packeis_options_free(options); }
%}
%clear packeis_game *game;
%clear packeis_options *options;

/* Everywhere else, a game or options handle that was freed (or None) raises
 * rather than reaching the library as NULL. */
%typemap(check) packeis_game *game, const packeis_game *game, packeis_game *target,
    const packeis_game *source, packeis_options *options, const packeis_options *options {
    if (!$1) {
        pk_swig_raise(PACKEIS_E_INVALID_ARGUMENT);
        SWIG_fail;
    }
}

/* ---- scalar out-parameters --------------------------------------------- */
%apply int *OUTPUT { int *x, int *y, int *min_x, int *min_y, int *max_x, int *max_y, int *cell };
%apply size_t *OUTPUT { size_t *plies };
%typemap(in, numinputs=0) packeis_move *move (packeis_move value = PACKEIS_MOVE_NONE) { $1 = &value; }
%typemap(argout) packeis_move *move {
    $result = SWIG_Python_AppendOutput($result, PyLong_FromUnsignedLong(*$1));
}
%typemap(in, numinputs=0) size_t *stop (size_t value = 0) {
    value = 0;
    $1 = &value;
    pk_swig_stop = &value;
}
%typemap(argout) size_t *stop { $result = SWIG_Python_AppendOutput($result, PyLong_FromSize_t(*$1)); }
%typemap(freearg) size_t *stop { pk_swig_stop = NULL; }

/* ---- inputs ---------------------------------------------------------------- */
%apply (char *STRING, size_t LENGTH) { (const char *text, size_t text_length) };

/* A custom layout: one sequence of (x, y, fish) triples. */
%typemap(in) (const int *x, const int *y, const int *fish, size_t count)
    (int *columns = NULL, PyObject *items = NULL) {
    items = PySequence_Fast($input, "a layout is a sequence of (x, y, fish) triples");
    if (!items)
        SWIG_fail;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    columns = PyMem_Malloc(3 * (size_t)(n ? n : 1) * sizeof *columns);
    if (!columns) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *floe = PySequence_Fast_GET_ITEM(items, i);
        int ok = PyTuple_Check(floe) || PyList_Check(floe);
        for (int k = 0; ok && k < 3; k++) {
            PyObject *v = PySequence_Size(floe) == 3 ? PySequence_GetItem(floe, k) : NULL;
            long value = v && PyLong_Check(v) ? PyLong_AsLong(v) : -1;
            ok = v && PyLong_Check(v) && !PyErr_Occurred() && value >= INT_MIN && value <= INT_MAX;
            Py_XDECREF(v);
            columns[(size_t)k * (size_t)n + (size_t)i] = (int)value;
        }
        if (!ok) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "a floe is a triple of ints (x, y, fish)");
            SWIG_fail;
        }
    }
    $1 = columns;
    $2 = columns + n;
    $3 = columns + 2 * n;
    $4 = (size_t)n;
}
%typemap(argout) (const int *x, const int *y, const int *fish, size_t count) "";
%typemap(freearg) (const int *x, const int *y, const int *fish, size_t count) {
    PyMem_Free(columns$argnum);
    Py_XDECREF(items$argnum);
}

/* ---- buffers with a capacity -------------------------------------------- */
/* Moves (legal moves, history): a list of move values. */
%typemap(in, numinputs=0) (packeis_move *moves, size_t capacity, size_t *count)
    (packeis_move buffer[PACKEIS_MAX_MOVES], size_t n = 0) {
    $1 = buffer;
    $2 = PACKEIS_MAX_MOVES;
    $3 = &n;
}
%typemap(argout) (packeis_move *moves, size_t capacity, size_t *count) {
    PyObject *list = PyList_New((Py_ssize_t)*$3);
    for (size_t i = 0; list && i < *$3; i++)
        PyList_SET_ITEM(list, (Py_ssize_t)i, PyLong_FromUnsignedLong($1[i]));
    if (!list)
        SWIG_fail;
    $result = SWIG_Python_AppendOutput($result, list);
}

/* divide: a list of (move, leaves) pairs. */
%typemap(in, numinputs=0) (packeis_move *moves, uint64_t *leaves, size_t capacity, size_t *count)
    (packeis_move moves[PACKEIS_MAX_MOVES], uint64_t leaves[PACKEIS_MAX_MOVES], size_t n = 0) {
    $1 = moves;
    $2 = leaves;
    $3 = PACKEIS_MAX_MOVES;
    $4 = &n;
}
%typemap(argout) (packeis_move *moves, uint64_t *leaves, size_t capacity, size_t *count) {
    PyObject *list = PyList_New((Py_ssize_t)*$4);
    for (size_t i = 0; list && i < *$4; i++)
        PyList_SET_ITEM(list, (Py_ssize_t)i,
                        Py_BuildValue("(kK)", (unsigned long)$1[i], (unsigned long long)$2[i]));
    if (!list)
        SWIG_fail;
    $result = SWIG_Python_AppendOutput($result, list);
}

/* Observation: bytes of PACKEIS_OBSERVATION_SIZE native float32 values. */
%typemap(in, numinputs=0) (float *planes, size_t capacity, size_t *count)
    (float planes[PACKEIS_OBSERVATION_SIZE], size_t n = 0) {
    $1 = planes;
    $2 = PACKEIS_OBSERVATION_SIZE;
    $3 = &n;
}
%typemap(argout) (float *planes, size_t capacity, size_t *count) {
    $result = SWIG_Python_AppendOutput($result,
        PyBytes_FromStringAndSize((const char *)$1, (Py_ssize_t)(*$3 * sizeof *$1)));
}

/* Legal mask: bytes of PACKEIS_MOVE_VALUES 0/1 values. */
%typemap(in, numinputs=0) (uint8_t *mask, size_t capacity, size_t *count)
    (uint8_t mask[PACKEIS_MOVE_VALUES], size_t n = 0) {
    $1 = mask;
    $2 = PACKEIS_MOVE_VALUES;
    $3 = &n;
}
%typemap(argout) (uint8_t *mask, size_t capacity, size_t *count) {
    $result = SWIG_Python_AppendOutput($result, PyBytes_FromStringAndSize((const char *)$1, (Py_ssize_t)*$3));
}

/* Texts: a str. The buffer suffices for names, moves and positions; the
 * writers of unbounded texts are called again with the size they asked for
 * (PK_SWIG_GROWING below). */
%typemap(in, numinputs=0) (char *buffer, size_t capacity, size_t *length) (size_t n = 0) {
    $1 = malloc(PACKEIS_POSITION_TEXT_SIZE);
    if (!$1) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $2 = PACKEIS_POSITION_TEXT_SIZE;
    $3 = &n;
}
%typemap(argout) (char *buffer, size_t capacity, size_t *length) {
    PyObject *text = PyUnicode_DecodeUTF8($1, (Py_ssize_t)*$3, "replace");
    if (!text)
        SWIG_fail;
    $result = SWIG_Python_AppendOutput($result, text);
}
%typemap(freearg) (char *buffer, size_t capacity, size_t *length) { free($1); }

%define PK_SWIG_GROWING(FUNCTION, BUFFER, CAPACITY, LENGTH)
%exception FUNCTION {
    $action
    if (result == PACKEIS_E_BUFFER_TOO_SMALL) {
        char *bigger = *LENGTH < (size_t)PY_SSIZE_T_MAX ? realloc(BUFFER, *LENGTH + 1) : NULL;
        if (!bigger) {
            PyErr_NoMemory();
            SWIG_fail;
        }
        BUFFER = bigger;
        CAPACITY = *LENGTH + 1;
        $action
    }
}
%enddef
PK_SWIG_GROWING(packeis_game_save_record, arg2, arg3, arg4)
PK_SWIG_GROWING(packeis_game_layout_picture, arg3, arg4, arg5)

/* Batch of random games: (winners, fish, floes, plies), fish and floes with
 * PACKEIS_MAX_PLAYERS entries per game. */
%typemap(in) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity)
    (unsigned *winners = NULL, int *scores = NULL) {
    unsigned long long wanted = PyLong_Check($input) ? PyLong_AsUnsignedLongLong($input) : 0;
    if (!PyLong_Check($input) || PyErr_Occurred() || wanted > 100000000u) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "games must be an int in 0 ... 100000000");
        SWIG_fail;
    }
    size_t n = (size_t)wanted ? (size_t)wanted : 1;
    winners = PyMem_Calloc(n, sizeof *winners);
    scores = PyMem_Calloc(2 * n * PACKEIS_MAX_PLAYERS, sizeof *scores);
    if (!winners || !scores) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $1 = (size_t)wanted;
    $2 = winners;
    $3 = scores;
    $4 = scores + n * PACKEIS_MAX_PLAYERS;
    $5 = n;
}
%typemap(argout) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity) {
    PyObject *w = PyList_New((Py_ssize_t)$1);
    PyObject *f = PyList_New((Py_ssize_t)($1 * PACKEIS_MAX_PLAYERS));
    PyObject *l = PyList_New((Py_ssize_t)($1 * PACKEIS_MAX_PLAYERS));
    for (size_t i = 0; w && i < $1; i++)
        PyList_SET_ITEM(w, (Py_ssize_t)i, PyLong_FromUnsignedLong($2[i]));
    for (size_t i = 0; f && l && i < $1 * PACKEIS_MAX_PLAYERS; i++) {
        PyList_SET_ITEM(f, (Py_ssize_t)i, PyLong_FromLong($3[i]));
        PyList_SET_ITEM(l, (Py_ssize_t)i, PyLong_FromLong($4[i]));
    }
    if (!w || !f || !l) {
        Py_XDECREF(w);
        Py_XDECREF(f);
        Py_XDECREF(l);
        SWIG_fail;
    }
    /* Several outputs, the first a list: start the list of outputs here, or
     * SWIG would take the winners' list for it. */
    if (!$result || $result == Py_None) {
        Py_XDECREF($result);
        $result = PyList_New(0);
        if (!$result) {
            Py_DECREF(w);
            Py_DECREF(f);
            Py_DECREF(l);
            SWIG_fail;
        }
    }
    $result = SWIG_Python_AppendOutput($result, w);
    $result = SWIG_Python_AppendOutput($result, f);
    $result = SWIG_Python_AppendOutput($result, l);
}
%typemap(freearg) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity) {
    PyMem_Free(winners$argnum);
    PyMem_Free(scores$argnum);
}

/* ---- the header ------------------------------------------------------------ */
#define PACKEIS_API
#define PACKEIS_NODISCARD
/* SWIG skips this #define of the header (a constant too wide for it). */
%constant unsigned long long PACKEIS_DEFAULT_HASH_SEED = PACKEIS_DEFAULT_HASH_SEED;
%include <packeis/packeis.h>


%pythoncode %{
# The exception classes live in the C module; make them visible here.
for _name in dir(_packeis_swig):
    if _name.endswith("Error"):
        globals()[_name] = getattr(_packeis_swig, _name)
del _name
%}
