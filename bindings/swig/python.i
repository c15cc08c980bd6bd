/* SPDX-License-Identifier: MIT */
/* The Python typemaps of packeis.i: the module `packeis_swig` (built with
 * -builtin: the C module `_packeis_swig` is complete by itself, its objects
 * free their handles when collected).
 *
 * - a returned packeis_status other than PACKEIS_OK raises the exception of
 *   that code (`GameOverError`, `NotInLineError` ..., all under
 *   `PackeisError`; the reasons a move is refused under `IllegalMoveError`,
 *   the layout errors under `LayoutError`; each also a ValueError,
 *   IndexError, MemoryError or RuntimeError: the tree of
 *   bindings/error_tree.py, the ctypes package's too), carrying
 *   `status`, `status_name` and, for a text parser, `stop` (the byte offset
 *   where it stopped; else None); success returns None, or the outputs;
 * - out-parameters become return values (`x, y = packeis_game_cell_coords(g,
 *   c)`; `game, stop = packeis_game_load_position(text, None)`), one value
 *   alone, several as a list;
 * - buffers with a capacity are sized here and returned: move lists as
 *   lists of ints, observations and byte masks as bytes, a bit mask of the
 *   legal moves as one int (bit m for move m), texts as str;
 * - `(text, text_length)` is one str (or bytes) argument; a custom layout is
 *   one sequence of (x, y, fish) triples;
 * - perft, divide, packeis_game_playout_batch() and _playout_rewards()
 *   release the GIL and stop with KeyboardInterrupt on Ctrl-C (see "long
 *   calls" in packeis.i); so do packeis_game_perft_watched() and
 *   _divide_watched(), whose C callback is a Python callable
 *   `progress(done)` (or None): a true answer stops the call
 *   (StoppedError), an exception it raises is raised; a batch of playouts has at most
 *   PK_PY_MAX_PLAYOUTS games a call; the
 *   calls over every game of a batch release the GIL too, the batch marked
 *   busy meanwhile (another thread's call with it raises RuntimeError).
 */

%{
#define SWIG_FILE_WITH_INIT

/* The exception classes, indexed by status code; [0] is PackeisError. */
static PyObject *pk_py_errors[PACKEIS_STATUS_COUNT];

/* Where the text parser being wrapped writes its stop offset, so that its
 * error carries it (set by the `stop` typemap, cleared after each call). */
static size_t *pk_py_stop = NULL;

/* The most games one packeis_game_playout_batch() call plays: its results
 * are 9 Python ints a game. */
#define PK_PY_MAX_PLAYOUTS 1000000u

/* Raises the exception for a status (never PACKEIS_OK). */
static void pk_py_raise(packeis_status status)
{
    PyObject *cls = status > 0 && status < PACKEIS_STATUS_COUNT && pk_py_errors[status]
                        ? pk_py_errors[status]
                        : pk_py_errors[0];
    char message[PK_SWIG_MESSAGE_SIZE];
    PyObject *error =
        PyObject_CallFunction(cls, "s", pk_swig_error_message(status, message, sizeof message));
    if (!error)
        return;
    const char *name = packeis_status_name(status);
    PyObject *code = PyLong_FromLong(status);
    PyObject *text = PyUnicode_FromString(name ? name : "unknown status");
    PyObject *where = pk_py_stop ? PyLong_FromSize_t(*pk_py_stop) : (Py_INCREF(Py_None), Py_None);
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

/* A new exception class of the module, with `status` set. */
static PyObject *pk_py_new_error(PyObject *module, const char *name, const char *doc,
                                 PyObject *bases, long status)
{
    char qualified[96];
    snprintf(qualified, sizeof qualified, "packeis_swig.%s", name);
    PyObject *cls = PyErr_NewExceptionWithDoc(qualified, doc, bases, NULL);
    PyObject *code = PyLong_FromLong(status);
    if (!cls || !code || PyObject_SetAttrString(cls, "status", code) < 0 ||
        PyObject_SetAttrString(cls, "stop", Py_None) < 0 ||
        PyModule_AddObject(module, name, (Py_INCREF(cls), cls)) < 0) {
        Py_XDECREF(cls);
        cls = NULL;
    }
    Py_XDECREF(code);
    /* -builtin lists the public names in __all__, for packeis_swig.py. */
    PyObject *all = cls ? PyObject_GetAttrString(module, "__all__") : NULL;
    PyObject *text = all ? PyUnicode_FromString(name) : NULL;
    if (!text || !PyList_Check(all) || PyList_Append(all, text) < 0)
        PyErr_Clear();
    Py_XDECREF(text);
    Py_XDECREF(all);
    return cls;
}

/* The classes: PackeisError, then those of pk_error_classes (status.i: the
 * table of bindings/error_tree.py, which the ctypes package's classes come
 * from too), each under its base there and its builtin error. */
static int pk_py_add_errors(PyObject *module)
{
    static PyObject *made[PK_ERROR_CLASS_COUNT];
    pk_py_errors[0] = pk_py_new_error(module, "PackeisError",
                                      "Base class of every error libpackeis reports.", NULL, -1);
    if (!pk_py_errors[0])
        return -1;
    for (size_t i = 0; i < PK_ERROR_CLASS_COUNT; i++) {
        const pk_error_class *c = &pk_error_classes[i];
        PyObject *base = c->base < 0 ? pk_py_errors[0] : made[c->base];
        PyObject *bases = c->builtin ? PyTuple_Pack(2, base, SWIG_ErrorType(c->builtin))
                                     : PyTuple_Pack(1, base);
        made[i] = bases ? pk_py_new_error(module, c->name, c->doc, bases, c->status) : NULL;
        Py_XDECREF(bases);
        if (!made[i])
            return -1;
        if (c->status > 0 && c->status < PACKEIS_STATUS_COUNT)
            pk_py_errors[c->status] = made[i];
    }
    return 0;
}

/* Long calls run with the GIL released; between their steps this takes it
 * back for a moment to let Python see a signal (Ctrl-C). */
typedef struct pk_py_unlocked {
    PyThreadState *thread;
} pk_py_unlocked;

static int pk_py_poll(void *context)
{
    pk_py_unlocked *unlocked = context;
    PyEval_RestoreThread(unlocked->thread);
    int interrupted = PyErr_CheckSignals() != 0;
    unlocked->thread = PyEval_SaveThread();
    return interrupted;
}

/* The batches whose call runs now with the GIL released (the batch calls
 * below): another thread's call with one of them raises instead of racing
 * it, and none can free it. Guarded by the GIL. */
#define PK_PY_BUSY_MAX 64
static const packeis_batch *pk_py_busy[PK_PY_BUSY_MAX];

static int pk_py_is_busy(const packeis_batch *batch)
{
    for (int i = 0; batch && i < PK_PY_BUSY_MAX; i++)
        if (pk_py_busy[i] == batch)
            return 1;
    return 0;
}

static int pk_py_refuse_busy(const packeis_batch *batch)
{
    if (!pk_py_is_busy(batch))
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "this batch is in use by a call in another thread");
    return 1;
}

/* Marks the batch busy: its slot, or -1 if there is no free slot (the call
 * then runs with the GIL held). */
static int pk_py_enter(const packeis_batch *batch)
{
    for (int i = 0; i < PK_PY_BUSY_MAX; i++)
        if (!pk_py_busy[i]) {
            pk_py_busy[i] = batch;
            return i;
        }
    return -1;
}

static void pk_py_leave(int slot)
{
    if (slot >= 0)
        pk_py_busy[slot] = NULL;
}

/* Frees an owned handle through its Python object and clears the object
 * (see the typemaps of packeis_game_free()). */
static int pk_py_release(PyObject *object, swig_type_info *type, void **pointer,
                         int (*busy)(const packeis_batch *))
{
    if (object == Py_None) {
        *pointer = NULL;
        return 1;
    }
    /* A batch in use by another thread's call is not freed. */
    if (busy && SWIG_IsOK(SWIG_ConvertPtr(object, pointer, type, 0)) && busy(*pointer)) {
        PyErr_SetString(PyExc_RuntimeError, "this batch is in use by a call in another thread");
        return 0;
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

/* Reads exactly `count` ints of 0 ... `max` from a sequence, into a new
 * PyMem block of uint64_t (NULL and an exception on error). */
static uint64_t *pk_py_read_words(PyObject *sequence, size_t count, unsigned long long max,
                                  const char *what)
{
    PyObject *items = PySequence_Fast(sequence, what);
    if (!items)
        return NULL;
    uint64_t *words = NULL;
    if ((size_t)PySequence_Fast_GET_SIZE(items) != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zu values, got %zd", what, count,
                     PySequence_Fast_GET_SIZE(items));
    } else if ((words = PyMem_Malloc((count ? count : 1) * sizeof *words)) == NULL) {
        PyErr_NoMemory();
    } else {
        for (size_t i = 0; i < count; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(items, (Py_ssize_t)i);
            unsigned long long value = PyLong_Check(item) ? PyLong_AsUnsignedLongLong(item) : 0;
            if (!PyLong_Check(item) || PyErr_Occurred() || value > max) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "%s: item %zu is not an int in 0 ... %llu", what, i,
                             max);
                PyMem_Free(words);
                words = NULL;
                break;
            }
            words[i] = (uint64_t)value;
        }
    }
    Py_DECREF(items);
    return words;
}

/* A list of `count` values of an array, each made by `make`. */
#define PK_PY_LIST(array, count, make)                                                        \
    pk_py_list_of((const void *)(array), (count), sizeof *(array), (make))
typedef PyObject *(*pk_py_maker)(const void *element);
static PyObject *pk_py_list_of(const void *array, size_t count, size_t size, pk_py_maker make)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *item = make((const char *)array + i * size);
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}
static PyObject *pk_py_from_u64(const void *p) { return PyLong_FromUnsignedLongLong(*(const uint64_t *)p); }
static PyObject *pk_py_from_move(const void *p) { return PyLong_FromLong(*(const packeis_move *)p); }
static PyObject *pk_py_from_status(const void *p) { return PyLong_FromLong(*(const packeis_status *)p); }
static PyObject *pk_py_from_float(const void *p) { return PyFloat_FromDouble(*(const float *)p); }
static PyObject *pk_py_from_u8(const void *p) { return PyLong_FromLong(*(const uint8_t *)p); }
static PyObject *pk_py_from_i8(const void *p) { return PyLong_FromLong(*(const int8_t *)p); }

/* Appends an output of several; a first output that is a list is wrapped
 * in the list of outputs at once, or SWIG would take it for that list. */
static PyObject *pk_py_append(PyObject *result, PyObject *output)
{
    if (PyList_Check(output) && (!result || result == Py_None)) {
        Py_XDECREF(result);
        result = PyList_New(0);
        if (!result) {
            Py_DECREF(output);
            return NULL;
        }
    }
    return SWIG_Python_AppendOutput(result, output);
}
%}

%init %{
    if (pk_py_add_errors(m) < 0)
        return NULL;
%}

/* Handles are made only by the library's constructors: calling a handle
 * type, or its __new__, raises (SWIG's default __new__ would make an empty
 * object that crashes the first call given it), and no other object can
 * stand for one (`append` below). packeis.i expands this after the handle
 * types are set up. */
%{
static PyObject *pk_py_no_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)args;
    (void)kwargs;
    PyErr_Format(PyExc_TypeError, "%s objects are made by the library's functions only "
                 "(packeis_game_new, packeis_options_new, packeis_batch_new ...)", type->tp_name);
    return NULL;
}

/* SWIG's `append` (a method of the base type of every SWIG object) chains
 * another object to this one's `this`, for C++ multiple inheritance. Our
 * handles have no bases, and a handle object so chained stood for the
 * other's handle wherever its own type was not wanted (an options object
 * was a second object of a game: calls and packeis_game_free() through it
 * reached the game), while the builtin deallocator never releases the
 * chain, so the object chained outlived its owner. So `append` with a
 * handle on either side raises: each handle has one object, its owner; for
 * other SWIG modules' objects it chains as before. */
static PyTypeObject *pk_py_handles[3]; /* game, options, batch: set at init */

static PyObject *pk_py_append_checked(PyObject *self, PyObject *other)
{
    for (size_t i = 0; i < sizeof pk_py_handles / sizeof *pk_py_handles; i++)
        if (PyObject_TypeCheck(self, pk_py_handles[i]) ||
            PyObject_TypeCheck(other, pk_py_handles[i])) {
            PyErr_Format(PyExc_TypeError, "%s objects cannot be chained: each is the one "
                         "object of its handle", pk_py_handles[i]->tp_name);
            return NULL;
        }
    return SwigPyObject_append(self, other);
}
static PyMethodDef pk_py_append_method = {"append", pk_py_append_checked, METH_O,
                                          "appends another 'this' object (never a handle)"};

/* Makes the handle types unmade by Python (pk_py_no_new) and unchainable. */
static int pk_py_seal_handles(PyTypeObject *game, PyTypeObject *options, PyTypeObject *batch)
{
    pk_py_handles[0] = game;
    pk_py_handles[1] = options;
    pk_py_handles[2] = batch;
    for (size_t i = 0; i < sizeof pk_py_handles / sizeof *pk_py_handles; i++) {
        pk_py_handles[i]->tp_new = pk_py_no_new;
        PyType_Modified(pk_py_handles[i]);
    }
    PyTypeObject *base = game->tp_base;
    PyObject *method = base ? PyDescr_NewMethod(base, &pk_py_append_method) : NULL;
    int status = method ? PyDict_SetItemString(base->tp_dict, "append", method) : -1;
    Py_XDECREF(method);
    if (base)
        PyType_Modified(base);
    return status;
}
%}
%define PK_LANGUAGE_HANDLES_DONE
%init %{
    if (pk_py_seal_handles(&SwigPyBuiltin__packeis_game_type.ht_type,
                           &SwigPyBuiltin__packeis_options_type.ht_type,
                           &SwigPyBuiltin__packeis_batch_type.ht_type) < 0)
        return NULL;
%}
%enddef

/* ---- statuses ------------------------------------------------------------ */
%typemap(out) packeis_status {
    if ($1 == PK_SWIG_ERROR_RAISED)
        SWIG_fail;
    if ($1 != PACKEIS_OK) {
        pk_py_raise($1);
        SWIG_fail;
    }
    $result = SWIG_Py_Void();
}

/* ---- handles --------------------------------------------------------------- */
/* Constructors: the new object is returned, owned by Python. */
%define PK_PY_MADE(TYPE, BUSY)
%typemap(in, numinputs=0) TYPE ** (TYPE *made = NULL) { $1 = &made; }
%typemap(argout) TYPE ** {
    $result = SWIG_Python_AppendOutput($result, SWIG_NewPointerObj(SWIG_as_voidptr(*$1), $*1_descriptor, SWIG_POINTER_OWN));
}
/* The free functions take the handle from its object and clear the object. */
%typemap(in) TYPE *freed (void *pointer = NULL) {
    if (!pk_py_release($input, $descriptor, &pointer, BUSY))
        SWIG_fail;
    $1 = (TYPE *)pointer;
}
%enddef
PK_PY_MADE(packeis_game, NULL)
PK_PY_MADE(packeis_options, NULL)
PK_PY_MADE(packeis_batch, pk_py_is_busy)

/* Everywhere else, a handle that was freed (or None) raises rather than
 * reaching the library as NULL. */
%typemap(check) packeis_game *game, const packeis_game *game, packeis_game *target,
    const packeis_game *source, packeis_options *options, const packeis_options *options {
    if (!$1) {
        pk_py_raise(PACKEIS_E_INVALID_ARGUMENT);
        SWIG_fail;
    }
}
%typemap(check) packeis_batch *batch, const packeis_batch *batch {
    if (!$1) {
        pk_py_raise(PACKEIS_E_INVALID_ARGUMENT);
        SWIG_fail;
    }
    if (pk_py_refuse_busy($1))
        SWIG_fail;
}

/* No allocator can be made from Python: the argument must be None. */
%typemap(in) const packeis_allocator *allocator {
    if ($input != Py_None) {
        PyErr_SetString(PyExc_TypeError, "allocator: only None (malloc) is supported");
        SWIG_fail;
    }
    $1 = NULL;
}

/* ---- scalar out-parameters --------------------------------------------- */
%apply int *OUTPUT { int *x, int *y, int *min_x, int *min_y, int *max_x, int *max_y, int *cell };
%apply size_t *OUTPUT { size_t *plies };
%typemap(in, numinputs=0) packeis_move *move (packeis_move value = PACKEIS_MOVE_NONE) { $1 = &value; }
%typemap(argout) packeis_move *move {
    $result = SWIG_Python_AppendOutput($result, PyLong_FromUnsignedLong(*$1));
}
%typemap(in, numinputs=0) uint64_t *perft_leaves (uint64_t value = 0) { $1 = &value; }
%typemap(argout) uint64_t *perft_leaves {
    $result = SWIG_Python_AppendOutput($result, PyLong_FromUnsignedLongLong(*$1));
}
%typemap(in, numinputs=0) size_t *stop (size_t value = 0) {
    value = 0;
    $1 = &value;
    pk_py_stop = &value;
}
%typemap(argout) size_t *stop { $result = SWIG_Python_AppendOutput($result, PyLong_FromSize_t(*$1)); }
%typemap(freearg) size_t *stop { pk_py_stop = NULL; }

/* ---- inputs ---------------------------------------------------------------- */
%apply (char *STRING, size_t LENGTH) { (const char *text, size_t text_length) };

/* A custom layout: one sequence of (x, y, fish) triples. */
%typemap(in) (const int *x, const int *y, const int *fish, size_t count)
    (int *columns = NULL, PyObject *items = NULL) {
    items = PySequence_Fast($input, "a layout is a sequence of (x, y, fish) triples");
    if (!items)
        SWIG_fail;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n > PACKEIS_MAX_CELLS) {
        pk_py_raise(PACKEIS_E_TOO_MANY_CELLS);
        SWIG_fail;
    }
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
    PyObject *list = PK_PY_LIST($1, *$3, pk_py_from_move);
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

/* Legal bits: one int of PACKEIS_MOVE_VALUES bits, bit m for move m. */
%typemap(in, numinputs=0) (uint64_t *bits, size_t capacity, size_t *count)
    (uint64_t bits[PACKEIS_LEGAL_BITS_WORDS], size_t n = 0) {
    $1 = bits;
    $2 = PACKEIS_LEGAL_BITS_WORDS;
    $3 = &n;
}
%typemap(argout) (uint64_t *bits, size_t capacity, size_t *count) {
    unsigned char bytes[PACKEIS_LEGAL_BITS_WORDS * 8];
    for (size_t w = 0; w < *$3; w++)
        for (int b = 0; b < 8; b++)
            bytes[w * 8 + (size_t)b] = (unsigned char)($1[w] >> (8 * b));
    $result = SWIG_Python_AppendOutput($result, _PyLong_FromByteArray(bytes, *$3 * 8, 1, 0));
}

/* Compact observation: a list of PACKEIS_OBSERVATION_PLANES ints. */
%typemap(in, numinputs=0) (uint64_t *words, size_t capacity, size_t *count)
    (uint64_t words[PACKEIS_OBSERVATION_PLANES], size_t n = 0) {
    $1 = words;
    $2 = PACKEIS_OBSERVATION_PLANES;
    $3 = &n;
}
%typemap(argout) (uint64_t *words, size_t capacity, size_t *count) {
    PyObject *list = PK_PY_LIST($1, *$3, pk_py_from_u64);
    if (!list)
        SWIG_fail;
    $result = SWIG_Python_AppendOutput($result, list);
}

/* Texts: a str. The buffer suffices for names, moves and positions; the
 * writers of unbounded texts are called again with the size they asked for
 * (PK_PY_GROWING below). */
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

%define PK_PY_GROWING(FUNCTION, BUFFER, CAPACITY, LENGTH)
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
PK_PY_GROWING(packeis_game_save_record, arg2, arg3, arg4)
PK_PY_GROWING(packeis_game_layout_picture, arg3, arg4, arg5)

/* ---- long calls: the GIL released, Ctrl-C stops them ---------------------- */
/* Batch of random games: (winners, fish, floes, plies), fish and floes with
 * PACKEIS_MAX_PLAYERS entries per game. */
%{
/* The number of games of a batch of playouts, 0 ... PK_PY_MAX_PLAYOUTS
 * (0 and a ValueError if it is not). */
static int pk_py_games(PyObject *input, size_t *games)
{
    unsigned long long wanted = PyLong_Check(input) ? PyLong_AsUnsignedLongLong(input) : 0;
    if (!PyLong_Check(input) || PyErr_Occurred() || wanted > PK_PY_MAX_PLAYOUTS) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "games must be an int in 0 ... %u (call again for more)",
                     PK_PY_MAX_PLAYOUTS);
        return 0;
    }
    *games = (size_t)wanted;
    return 1;
}
%}
%typemap(in) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity)
    (unsigned *winners = NULL, int *scores = NULL) {
    size_t wanted = 0;
    if (!pk_py_games($input, &wanted))
        SWIG_fail;
    size_t n = wanted ? wanted : 1;
    winners = PyMem_Calloc(n, sizeof *winners);
    scores = PyMem_Calloc(2 * n * PACKEIS_MAX_PLAYERS, sizeof *scores);
    if (!winners || !scores) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $1 = wanted;
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
    if (!($result = pk_py_append($result, w))) {
        Py_DECREF(f);
        Py_DECREF(l);
        SWIG_fail;
    }
    $result = SWIG_Python_AppendOutput($result, f);
    $result = SWIG_Python_AppendOutput($result, l);
}
%typemap(freearg) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity) {
    PyMem_Free(winners$argnum);
    PyMem_Free(scores$argnum);
}

/* Rewards of a batch of random games: (rewards, plies), rewards with
 * PACKEIS_MAX_PLAYERS floats per game. */
%typemap(in) (size_t games, double *rewards, size_t capacity) (double *rewards = NULL) {
    size_t wanted = 0;
    if (!pk_py_games($input, &wanted))
        SWIG_fail;
    rewards = PyMem_Calloc((wanted ? wanted : 1) * PACKEIS_MAX_PLAYERS, sizeof *rewards);
    if (!rewards) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $1 = wanted;
    $2 = rewards;
    $3 = wanted;
}
%typemap(argout) (size_t games, double *rewards, size_t capacity) {
    PyObject *list = PyList_New((Py_ssize_t)($1 * PACKEIS_MAX_PLAYERS));
    for (size_t i = 0; list && i < $1 * PACKEIS_MAX_PLAYERS; i++) {
        PyObject *reward = PyFloat_FromDouble($2[i]);
        if (!reward)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, reward);
    }
    if (!list || !($result = pk_py_append($result, list)))
        SWIG_fail;
}
%typemap(freearg) (size_t games, double *rewards, size_t capacity) { PyMem_Free(rewards$argnum); }

%rename(packeis_game_perft) pk_py_game_perft;
%rename(packeis_game_divide) pk_py_game_divide;
%rename(packeis_game_playout_batch) pk_py_game_playout_batch;
%ignore packeis_game_perft;
%ignore packeis_game_divide;
%ignore packeis_game_playout_batch;
%rename(packeis_game_playout_rewards) pk_py_game_playout_rewards;
%ignore packeis_game_playout_rewards;
%inline %{
/** packeis_game_perft(game, depth): the count (the GIL released once the
 *  game is copied: another thread may change the game meanwhile). */
packeis_status pk_py_game_perft(const packeis_game *game, unsigned depth, uint64_t *perft_leaves)
{
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *perft_leaves = 0;
    if (status != PACKEIS_OK)
        return status;
    pk_py_unlocked unlocked = {PyEval_SaveThread()};
    status = pk_swig_perft_of_copy(copy, depth, perft_leaves, pk_py_poll, &unlocked);
    PyEval_RestoreThread(unlocked.thread);
    return status;
}

/** packeis_game_divide(game, depth): [(move, leaves), ...] (the GIL
 *  released once the game is copied). */
packeis_status pk_py_game_divide(const packeis_game *game, unsigned depth, packeis_move *moves,
                                 uint64_t *leaves, size_t capacity, size_t *count)
{
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *count = 0;
    if (status != PACKEIS_OK)
        return status;
    pk_py_unlocked unlocked = {PyEval_SaveThread()};
    status = pk_swig_divide_of_copy(copy, depth, moves, leaves, capacity, count, pk_py_poll,
                                    &unlocked);
    PyEval_RestoreThread(unlocked.thread);
    return status;
}

/** packeis_game_playout_batch(game, seed, games): [winners, fish, floes,
 *  plies] (the GIL released). */
packeis_status pk_py_game_playout_batch(const packeis_game *game, uint64_t seed, size_t games,
                                        unsigned *winners, int *fish, int *floes,
                                        size_t capacity, size_t *plies)
{
    (void)capacity; /* room for `games` games: the typemap sized them */
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *plies = 0;
    if (status != PACKEIS_OK)
        return status;
    pk_py_unlocked unlocked = {PyEval_SaveThread()};
    status = pk_swig_playout_batch_of_copy(copy, seed, games, winners, fish, floes, plies,
                                           pk_py_poll, &unlocked);
    PyEval_RestoreThread(unlocked.thread);
    return status;
}

/** packeis_game_playout_rewards(game, seed, games): [rewards, plies] (the
 *  GIL released once the game is copied). */
packeis_status pk_py_game_playout_rewards(const packeis_game *game, uint64_t seed, size_t games,
                                          double *rewards, size_t capacity, size_t *plies)
{
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *plies = 0;
    if (status != PACKEIS_OK)
        return status;
    pk_py_unlocked unlocked = {PyEval_SaveThread()};
    status = pk_swig_playout_rewards_of_copy(copy, seed, games, rewards, capacity, plies,
                                             pk_py_poll, &unlocked);
    PyEval_RestoreThread(unlocked.thread);
    return status;
}
%}

/* ---- the watched calls: a Python callable as the progress callback -------- */
/* packeis_game_perft_watched(game, depth, progress) and
 * packeis_game_divide_watched(game, depth, progress): `progress(done)` (or
 * None) is called on this thread as the library calls its callback (the
 * GIL taken back for it), with the leaves counted so far; a true answer
 * stops the call, which raises StoppedError; an exception it raises stops
 * the call and is raised; Ctrl-C stops it too (KeyboardInterrupt). As the
 * other long calls, they run on a copy of the game with the GIL released
 * between the callbacks. */
%{
typedef struct pk_py_watch {
    PyThreadState *thread;
    PyObject *progress; /* borrowed (the argument), or NULL */
    int raised;         /* an exception is set */
} pk_py_watch;

static int pk_py_progress(void *context, uint64_t done)
{
    pk_py_watch *watch = context;
    PyEval_RestoreThread(watch->thread);
    int stop = 0;
    if (!watch->raised && PyErr_CheckSignals() != 0) {
        watch->raised = 1;
    } else if (!watch->raised && watch->progress) {
        PyObject *answer = PyObject_CallFunction(watch->progress, "K", (unsigned long long)done);
        int truth = answer ? PyObject_IsTrue(answer) : -1;
        Py_XDECREF(answer);
        if (truth < 0)
            watch->raised = 1;
        else
            stop = truth;
    }
    watch->thread = PyEval_SaveThread();
    return stop || watch->raised;
}

/* The copy of `game` that a watched call runs on, or NULL with an
 * exception set (also for a `progress` that is neither None nor callable). */
static packeis_game *pk_py_watched_copy(const packeis_game *game, PyObject *progress,
                                        packeis_status *status)
{
    packeis_game *copy = NULL;
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "progress must be a callable progress(done) or None");
        *status = PK_SWIG_ERROR_RAISED;
        return NULL;
    }
    *status = packeis_game_clone(game, &copy);
    return copy;
}
%}
%rename(packeis_game_perft_watched) pk_py_game_perft_watched;
%rename(packeis_game_divide_watched) pk_py_game_divide_watched;
%inline %{
/** packeis_game_perft_watched(game, depth, progress): the count;
 *  progress(done) -> true stops it (StoppedError), or None. */
packeis_status pk_py_game_perft_watched(const packeis_game *game, unsigned depth,
                                        PyObject *progress, uint64_t *perft_leaves)
{
    packeis_status status;
    *perft_leaves = 0;
    packeis_game *copy = pk_py_watched_copy(game, progress, &status);
    if (!copy)
        return status;
    pk_py_watch watch = {PyEval_SaveThread(), progress == Py_None ? NULL : progress, 0};
    status = packeis_game_perft_watched(copy, depth, pk_py_progress, &watch, perft_leaves);
    PyEval_RestoreThread(watch.thread);
    packeis_game_free(copy);
    return watch.raised ? PK_SWIG_ERROR_RAISED : status;
}

/** packeis_game_divide_watched(game, depth, progress): [(move, leaves),
 *  ...]; progress(done) -> true stops it (StoppedError), or None. */
packeis_status pk_py_game_divide_watched(const packeis_game *game, unsigned depth,
                                         PyObject *progress, packeis_move *moves,
                                         uint64_t *leaves, size_t capacity, size_t *count)
{
    packeis_status status;
    *count = 0;
    packeis_game *copy = pk_py_watched_copy(game, progress, &status);
    if (!copy)
        return status;
    pk_py_watch watch = {PyEval_SaveThread(), progress == Py_None ? NULL : progress, 0};
    status = packeis_game_divide_watched(copy, depth, pk_py_progress, &watch, moves, leaves,
                                         capacity, count);
    PyEval_RestoreThread(watch.thread);
    packeis_game_free(copy);
    if (status != PACKEIS_OK)
        *count = 0; /* no partial results */
    return watch.raised ? PK_SWIG_ERROR_RAISED : status;
}
%}

/* ---- batches ----------------------------------------------------------------- */
/* Inputs of one value per game of the batch (always the first argument,
 * arg1): a sequence of exactly packeis_batch_size() ints. */
%define PK_PY_PER_GAME_IN(TYPE, NAME, MAX, WHAT, NONE_ALLOWED)
%typemap(in) const TYPE *NAME (uint64_t *words = NULL, TYPE *values = NULL) {
    if (NONE_ALLOWED && $input == Py_None) {
        $1 = NULL;
    } else {
        size_t n = packeis_batch_size(arg1);
        words = pk_py_read_words($input, n, MAX, WHAT);
        if (!words)
            SWIG_fail;
        if (sizeof(TYPE) == sizeof(uint64_t)) {
            $1 = (TYPE *)words;
        } else {
            values = PyMem_Malloc((n ? n : 1) * sizeof *values);
            if (!values) {
                PyErr_NoMemory();
                SWIG_fail;
            }
            for (size_t i = 0; i < n; i++)
                values[i] = (TYPE)words[i];
            $1 = values;
        }
    }
}
%typemap(freearg) const TYPE *NAME {
    PyMem_Free(words$argnum);
    PyMem_Free(values$argnum);
}
%enddef
PK_PY_PER_GAME_IN(packeis_move, moves, 0xFFFFu, "moves (one per game)", 0)
PK_PY_PER_GAME_IN(uint64_t, reset_seeds, UINT64_MAX, "reset_seeds (one per game, or None)", 1)
PK_PY_PER_GAME_IN(uint64_t, seeds, UINT64_MAX, "seeds (one per game, or None)", 1)

/* Outputs of PER values per game: a list of Python values. */
%define PK_PY_PER_GAME_OUT(TYPE, NAME, PER, MAKE)
%typemap(in, numinputs=0) TYPE *NAME (TYPE *values = NULL) "";
/* In a check typemap: the batch, arg1, is converted and checked by then. */
%typemap(check) TYPE *NAME {
    values$argnum = PyMem_Calloc(packeis_batch_size(arg1) * (PER) + 1, sizeof *values$argnum);
    if (!values$argnum) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $1 = values$argnum;
}
%typemap(argout) TYPE *NAME {
    PyObject *list = PK_PY_LIST($1, packeis_batch_size(arg1) * (PER), MAKE);
    if (!list || !($result = pk_py_append($result, list)))
        SWIG_fail;
}
%typemap(freearg) TYPE *NAME { PyMem_Free(values$argnum); }
%enddef
PK_PY_PER_GAME_OUT(packeis_status, statuses, 1, pk_py_from_status)
PK_PY_PER_GAME_OUT(float, rewards, PACKEIS_MAX_PLAYERS, pk_py_from_float)
PK_PY_PER_GAME_OUT(uint8_t, terminated, 1, pk_py_from_u8)
PK_PY_PER_GAME_OUT(int8_t, to_act, 1, pk_py_from_i8)

/* Buffers of PER values per game: bytes, as the single-game calls. */
%define PK_PY_PER_GAME_BYTES(TYPE, NAME, PER)
%typemap(in, numinputs=0) (TYPE *NAME, size_t capacity) (TYPE *values = NULL) "";
/* Not the single-game (buffer, capacity, count) of the same names. */
%typemap(check) (TYPE *NAME, size_t capacity, size_t *count) "";
%typemap(check) (TYPE *NAME, size_t capacity) {
    $2 = packeis_batch_size(arg1) * (PER);
    values$argnum = PyMem_Calloc($2 + 1, sizeof *values$argnum);
    if (!values$argnum) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $1 = values$argnum;
}
%typemap(argout) (TYPE *NAME, size_t capacity) {
    $result = SWIG_Python_AppendOutput($result,
        PyBytes_FromStringAndSize((const char *)$1, (Py_ssize_t)($2 * sizeof *$1)));
}
%typemap(freearg) (TYPE *NAME, size_t capacity) { PyMem_Free(values$argnum); }
%enddef
PK_PY_PER_GAME_BYTES(uint8_t, mask, PACKEIS_MOVE_VALUES)
PK_PY_PER_GAME_BYTES(uint64_t, bits, PACKEIS_LEGAL_BITS_WORDS)
PK_PY_PER_GAME_BYTES(float, planes, PACKEIS_OBSERVATION_SIZE)
PK_PY_PER_GAME_BYTES(uint64_t, words, PACKEIS_OBSERVATION_PLANES)

/* Legal moves of every game: a list of lists of moves. */
%typemap(in, numinputs=0) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most)
    (packeis_move *moves = NULL, uint16_t *counts = NULL, size_t most = 0) "";
%typemap(check) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most) {
    size_t n = packeis_batch_size(arg1);
    moves$argnum = PyMem_Malloc((n * PACKEIS_MAX_MOVES + 1) * sizeof *moves$argnum);
    counts$argnum = PyMem_Calloc(n + 1, sizeof *counts$argnum);
    if (!moves$argnum || !counts$argnum) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $1 = moves$argnum;
    $2 = PACKEIS_MAX_MOVES;
    $3 = counts$argnum;
    $4 = &most$argnum;
}
%typemap(argout) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most) {
    size_t n = packeis_batch_size(arg1);
    PyObject *lists = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; lists && i < n; i++) {
        PyObject *list = PK_PY_LIST($1 + i * $2, $3[i], pk_py_from_move);
        if (!list)
            Py_CLEAR(lists);
        else
            PyList_SET_ITEM(lists, (Py_ssize_t)i, list);
    }
    if (!lists)
        SWIG_fail;
    $result = SWIG_Python_AppendOutput($result, lists);
}
%typemap(freearg) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most) {
    PyMem_Free(moves$argnum);
    PyMem_Free(counts$argnum);
}

/* The calls over every game of a batch (up to PACKEIS_BATCH_MAX_GAMES) run
 * with the GIL released, the batch marked busy meanwhile. */
%define PK_PY_UNLOCKED(FUNCTION)
%exception FUNCTION {
    int pk_slot = pk_py_enter(arg1);
    if (pk_slot >= 0) {
        Py_BEGIN_ALLOW_THREADS
        $action
        Py_END_ALLOW_THREADS
    } else {
        $action
    }
    pk_py_leave(pk_slot);
}
%enddef
PK_PY_UNLOCKED(pk_swig_batch_step)
PK_PY_UNLOCKED(packeis_batch_reset)
PK_PY_UNLOCKED(pk_swig_batch_legal_moves)
PK_PY_UNLOCKED(pk_swig_batch_legal_mask)
PK_PY_UNLOCKED(pk_swig_batch_legal_bits)
PK_PY_UNLOCKED(pk_swig_batch_observe)
PK_PY_UNLOCKED(pk_swig_batch_observe_bits)
