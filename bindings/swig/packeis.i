/* SPDX-License-Identifier: MIT */
/* SWIG interface of libpackeis for Python: the module `packeis_swig`, with
 * the game as a class whose constructor calls packeis_game_new() and whose
 * destructor calls packeis_game_free(). Errors raise `PackeisError` or one
 * of its subclasses, one per status code (`IllegalMoveError`, ...), each
 * carrying the code in its `status` attribute (and, for a text that could
 * not be read, the offset where reading stopped in `stop`, else None). */
%module packeis_swig

%{
#define SWIG_FILE_WITH_INIT
#include <stdbool.h>
#include <string.h>
#include <packeis/packeis.h>

/* The exception classes, indexed by status code; [0] is the base class. */
#define PK_SWIG_STATUSES 18
static PyObject *pk_swig_errors[PK_SWIG_STATUSES];

/* Sets the Python exception for a status, with the offset where a text
 * parser stopped as its `stop` attribute when `stop` is not negative (else
 * None); returns whether it was an error. */
static int pk_swig_fail_at(packeis_status status, long long stop)
{
    if (status == PACKEIS_OK)
        return 0;
    PyObject *cls = status > 0 && status < PK_SWIG_STATUSES && pk_swig_errors[status]
                        ? pk_swig_errors[status]
                        : pk_swig_errors[0];
    PyObject *args = Py_BuildValue("(s)", packeis_strerror(status));
    PyObject *error = args ? PyObject_Call(cls, args, NULL) : NULL;
    Py_XDECREF(args);
    if (error) {
        PyObject *code = PyLong_FromLong(status);
        if (code) {
            PyObject_SetAttrString(error, "status", code);
            Py_DECREF(code);
        }
        PyObject *where = stop >= 0 ? PyLong_FromLongLong(stop) : (Py_INCREF(Py_None), Py_None);
        if (where) {
            PyObject_SetAttrString(error, "stop", where);
            Py_DECREF(where);
        }
        PyErr_SetObject(cls, error);
        Py_DECREF(error);
    }
    return 1;
}

static int pk_swig_fail(packeis_status status)
{
    return pk_swig_fail_at(status, -1);
}

/* A Python list of the set bits of a cell or player set. */
static PyObject *pk_swig_bits(uint64_t bits)
{
    PyObject *list = PyList_New(0);
    for (int i = 0; list && i < 64; i++)
        if ((bits >> i) & 1u) {
            PyObject *item = PyLong_FromLong(i);
            if (!item || PyList_Append(list, item) < 0) {
                Py_XDECREF(item);
                Py_CLEAR(list);
                break;
            }
            Py_DECREF(item);
        }
    return list;
}

/* The Python object: a handle owning one game. */
typedef struct Game {
    packeis_game *handle;
} Game;

static Game *pk_swig_wrap_game(packeis_game *game)
{
    if (!game)
        return NULL;
    Game *self = PyMem_Malloc(sizeof *self);
    if (!self) {
        packeis_game_free(game);
        PyErr_NoMemory();
        return NULL;
    }
    self->handle = game;
    return self;
}
%}

%init %{
    {
        static const char *names[PK_SWIG_STATUSES] = {
            "PackeisError", "InvalidArgumentError", "OutOfRangeError",
            "OutOfMemoryError", "BufferTooSmallError", "IllegalMoveError",
            "WrongPhaseError", "GameOverError", "NothingToUndoError",
            "DuplicateCellError", "MixedParityError", "FishOutOfRangeError",
            "TooManyCellsError", "NoCellsError", "CoordOutOfRangeError",
            "TooFewFloesError", "MalformedTextError", "InvalidPositionError"};
        char qualified[64];
        for (int i = 0; i < PK_SWIG_STATUSES; i++) {
            snprintf(qualified, sizeof qualified, "packeis_swig.%s", names[i]);
            PyObject *base = i == 0 ? PyExc_Exception : pk_swig_errors[0];
            pk_swig_errors[i] = PyErr_NewException(qualified, base, NULL);
            if (!pk_swig_errors[i])
                return NULL;
            Py_INCREF(pk_swig_errors[i]);
            PyModule_AddObject(m, names[i], pk_swig_errors[i]);
            PyObject *code = PyLong_FromLong(i == 0 ? -1 : i);
            PyObject_SetAttrString(pk_swig_errors[i], "status", code);
            Py_XDECREF(code);
        }
    }
%}

/* Every wrapped call checks for an exception set by pk_swig_fail(). */
%exception {
    $action
    if (PyErr_Occurred())
        SWIG_fail;
}

%include <stdint.i>

/* Constants and move helpers straight from the header. */
#define PACKEIS_MAX_CELLS 64
#define PACKEIS_MAX_PLAYERS 4
#define PACKEIS_MAX_MOVES 1024
#define PACKEIS_MOVE_NONE 0xFFFFFFFFu
#define PACKEIS_OBSERVATION_PLANES 13
#define PACKEIS_OBSERVATION_SIZE 832
#define PACKEIS_ACTION_COUNT 4096
typedef uint32_t packeis_move;
int packeis_version(void);
const char *packeis_version_string(void);
const char *packeis_strerror(int status);
packeis_move packeis_move_placement(int cell);
packeis_move packeis_move_slide(int from, int to);
int packeis_move_is_placement(packeis_move move);
int packeis_move_from(packeis_move move);
int packeis_move_to(packeis_move move);

%newobject Game::clone;
%newobject Game::from_position;

typedef struct Game {
} Game;

%extend Game {
    /** A game on the standard board shuffled with `seed`. */
    Game(int players = 2, unsigned long long seed = 0, int penguins = 0)
    {
        packeis_options *options = NULL;
        packeis_game *game = NULL;
        packeis_status status = packeis_options_new(NULL, &options);
        if (status == PACKEIS_OK)
            status = packeis_options_set_players(options, players);
        if (status == PACKEIS_OK)
            status = packeis_options_set_penguins(options, penguins);
        if (status == PACKEIS_OK)
            status = packeis_options_set_seed(options, (uint64_t)seed);
        if (status == PACKEIS_OK)
            status = packeis_game_new(options, &game);
        packeis_options_free(options);
        if (pk_swig_fail(status))
            return NULL;
        return pk_swig_wrap_game(game);
    }

    ~Game()
    {
        packeis_game_free($self->handle);
        PyMem_Free($self);
    }

    /** An independent copy. */
    Game *clone()
    {
        packeis_game *copy = NULL;
        if (pk_swig_fail(packeis_game_clone($self->handle, &copy)))
            return NULL;
        return pk_swig_wrap_game(copy);
    }

    /** A game at a position saved by save_position() (no history). */
    static Game *from_position(const char *text)
    {
        packeis_game *game = NULL;
        size_t stop = 0;
        packeis_status status = packeis_game_load_position(text, strlen(text), NULL, &game, &stop);
        if (pk_swig_fail_at(status, (long long)stop))
            return NULL;
        return pk_swig_wrap_game(game);
    }

    /** The position as one line of text. */
    PyObject *save_position()
    {
        char text[4096];
        size_t length = 0;
        if (pk_swig_fail(packeis_game_save_position($self->handle, text, sizeof text, &length)))
            return NULL;
        return PyUnicode_FromStringAndSize(text, (Py_ssize_t)length);
    }

    /** The 64-bit hash of the position. */
    unsigned long long hash()
    {
        uint64_t v = 0;
        pk_swig_fail(packeis_game_hash($self->handle, &v));
        return v;
    }

    int players()
    {
        int v = 0;
        pk_swig_fail(packeis_game_player_count($self->handle, &v));
        return v;
    }
    int cell_count()
    {
        int v = 0;
        pk_swig_fail(packeis_game_cell_count($self->handle, &v));
        return v;
    }
    int fish(int cell)
    {
        int v = 0;
        pk_swig_fail(packeis_game_fish($self->handle, cell, &v));
        return v;
    }
    int phase()
    {
        int v = 0;
        pk_swig_fail(packeis_game_phase($self->handle, &v));
        return v;
    }
    bool is_over()
    {
        int v = 0;
        pk_swig_fail(packeis_game_is_over($self->handle, &v));
        return v != 0;
    }
    int current_player()
    {
        int v = 0;
        pk_swig_fail(packeis_game_current_player($self->handle, &v));
        return v;
    }
    int penguin_at(int cell)
    {
        int v = 0;
        pk_swig_fail(packeis_game_penguin_at($self->handle, cell, &v));
        return v;
    }
    PyObject *floes()
    {
        uint64_t v = 0;
        if (pk_swig_fail(packeis_game_floe_set($self->handle, &v)))
            return NULL;
        return pk_swig_bits(v);
    }
    PyObject *penguins(int player)
    {
        uint64_t v = 0;
        if (pk_swig_fail(packeis_game_penguin_set($self->handle, player, &v)))
            return NULL;
        return pk_swig_bits(v);
    }
    size_t ply_count()
    {
        size_t v = 0;
        pk_swig_fail(packeis_game_ply_count($self->handle, &v));
        return v;
    }
    size_t move_count()
    {
        size_t v = 0;
        pk_swig_fail(packeis_game_move_count($self->handle, &v));
        return v;
    }
    /** The legal moves as a list of move values. */
    PyObject *legal_moves()
    {
        packeis_move moves[PACKEIS_MAX_MOVES];
        size_t count = 0;
        if (pk_swig_fail(packeis_game_legal_moves($self->handle, moves, PACKEIS_MAX_MOVES, &count)))
            return NULL;
        PyObject *list = PyList_New((Py_ssize_t)count);
        for (size_t i = 0; list && i < count; i++)
            PyList_SET_ITEM(list, (Py_ssize_t)i, PyLong_FromUnsignedLong(moves[i]));
        return list;
    }
    void apply(packeis_move move) { pk_swig_fail(packeis_game_apply($self->handle, move)); }
    void undo() { pk_swig_fail(packeis_game_undo($self->handle)); }
    void undo_to(size_t plies) { pk_swig_fail(packeis_game_undo_to($self->handle, plies)); }
    /** (fish, floes) of a player. */
    PyObject *score(int player)
    {
        int fish = 0, floes = 0;
        if (pk_swig_fail(packeis_game_score($self->handle, player, &fish, &floes)))
            return NULL;
        return Py_BuildValue("(ii)", fish, floes);
    }
    int rank(int player)
    {
        int v = 0;
        pk_swig_fail(packeis_game_rank($self->handle, player, &v));
        return v;
    }
    /** The players in first place, as a list. */
    PyObject *winners()
    {
        uint32_t v = 0;
        if (pk_swig_fail(packeis_game_winners($self->handle, &v)))
            return NULL;
        return pk_swig_bits(v);
    }
    size_t playout(unsigned long long seed)
    {
        size_t plies = 0;
        pk_swig_fail(packeis_game_playout($self->handle, (uint64_t)seed, &plies));
        return plies;
    }
    unsigned long long perft(unsigned depth)
    {
        uint64_t leaves = 0;
        pk_swig_fail(packeis_game_perft($self->handle, depth, &leaves));
        return leaves;
    }
    /** Plays `games` random games in C: (list of winner bit sets, plies). */
    PyObject *random_games(size_t games, unsigned long long seed = 0)
    {
        if (games > 100000000u) {
            pk_swig_fail(PACKEIS_E_OUT_OF_RANGE);
            return NULL;
        }
        uint32_t *winners = PyMem_Malloc((games ? games : 1) * sizeof *winners);
        if (!winners)
            return PyErr_NoMemory();
        uint64_t plies = 0;
        PyObject *result = NULL;
        if (!pk_swig_fail(packeis_game_playout_batch($self->handle, (uint64_t)seed, games, winners, NULL,
                                                     NULL, &plies))) {
            PyObject *list = PyList_New((Py_ssize_t)games);
            for (size_t i = 0; list && i < games; i++)
                PyList_SET_ITEM(list, (Py_ssize_t)i, PyLong_FromUnsignedLong(winners[i]));
            if (list)
                result = Py_BuildValue("(NK)", list, (unsigned long long)plies);
        }
        PyMem_Free(winners);
        return result;
    }
    /** The observation planes as bytes of float32 (see the C header). */
    PyObject *observe(int flags = 0)
    {
        float planes[PACKEIS_OBSERVATION_SIZE];
        size_t count = 0;
        if (pk_swig_fail(
                packeis_game_observe($self->handle, flags, planes, PACKEIS_OBSERVATION_SIZE, &count)))
            return NULL;
        return PyBytes_FromStringAndSize((const char *)planes, (Py_ssize_t)sizeof planes);
    }
}

%pythoncode %{
# The exception classes live in the C module; make them visible here.
for _name in dir(_packeis_swig):
    if _name.endswith("Error"):
        globals()[_name] = getattr(_packeis_swig, _name)
del _name
%}
