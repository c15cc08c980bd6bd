/* SPDX-License-Identifier: MIT */
/* The Lua typemaps of packeis.i: the C module `packeis` (lua5.4:
 * `local packeis = require("packeis")`), every function under its C name.
 *
 * - integers stay integers (math.type(x) == "integer"): every integer
 *   argument must be an integer (or a float or string with an integral
 *   value) in the range of its C type, else a Lua error; 64-bit sets, seeds
 *   and hashes are Lua integers with bit 63 as the sign bit;
 * - a returned packeis_status other than PACKEIS_OK raises a Lua error, the
 *   string "PACKEIS_E_OCCUPIED: <packeis_strerror()>" (status.i), with
 *   " at offset N" for a text parser; success returns nothing, or the
 *   outputs, as several results (`local x, y =
 *   packeis.packeis_game_cell_coords(game, cell)`);
 * - move lists are tables of integers (1-based, in the library's order);
 *   observations (native float32) and byte masks are strings (read them
 *   with string.unpack / string.byte); bit masks and compact observations
 *   are tables of 64-bit words; texts are strings; a custom layout is a
 *   table of {x, y, fish} triples;
 * - packeis_game_perft_watched(game, depth, progress) and
 *   _divide_watched() call the Lua function progress(done) (or nil) as the
 *   library's progress callback: a true answer stops the call (the error
 *   "PACKEIS_E_STOPPED: ..."), an error in it is raised;
 * - games, options and batches are collected with their userdata;
 *   packeis.packeis_game_free(game) frees one at once and clears the
 *   userdata, after which a call with it raises.
 */

%{
/* Where the text parser being wrapped writes its stop offset, so that its
 * error names it (set by the `stop` typemap, cleared after each call). */
static size_t *pk_lua_stop = NULL;

/* The most games one packeis_game_playout_batch() call plays. */
#define PK_LUA_MAX_PLAYOUTS 1000000u

/* Pushes the error of a status (never PACKEIS_OK). */
static void pk_lua_raise(lua_State *L, packeis_status status)
{
    char message[PK_SWIG_MESSAGE_SIZE];
    pk_swig_error_message(status, message, sizeof message);
    if (pk_lua_stop)
        lua_pushfstring(L, "%s at offset %I", message, (lua_Integer)*pk_lua_stop);
    else
        lua_pushstring(L, message);
}

/* Reads argument `index` as an integer of min ... max, or pushes an error. */
static int pk_lua_integer(lua_State *L, int index, lua_Integer min, lua_Integer max,
                          lua_Integer *value)
{
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, index, &isnum);
    if (!isnum) {
        lua_pushfstring(L, "argument %d: an integer expected, got %s", index,
                        lua_type(L, index) == LUA_TNUMBER ? "a float with a fraction"
                                                          : luaL_typename(L, index));
        return 0;
    }
    if (v < min || v > max) {
        lua_pushfstring(L, "argument %d: %I is out of range (%I ... %I)", index, v, min, max);
        return 0;
    }
    *value = v;
    return 1;
}

/* Field `i` (1-based) of the table at `index` as an integer of min ... max,
 * or an error naming what the table is. */
static int pk_lua_field(lua_State *L, int index, lua_Integer i, lua_Integer min, lua_Integer max,
                        lua_Integer *value, const char *what)
{
    lua_rawgeti(L, index, i);
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (!isnum || v < min || v > max) {
        lua_pushfstring(L, "%s: item %I is not an integer in %I ... %I", what, i, min, max);
        return 0;
    }
    *value = v;
    return 1;
}

/* Frees an owned handle through its userdata and clears the userdata (see
 * the typemaps of packeis_game_free()). */
static int pk_lua_release(lua_State *L, int index, swig_type_info *type, void **pointer)
{
    *pointer = NULL;
    if (lua_isnil(L, index))
        return 1;
    int res = SWIG_ConvertPtr(L, index, pointer, type, SWIG_POINTER_RELEASE);
    if (res == SWIG_ERROR_RELEASE_NOT_OWNED) {
        lua_pushstring(L, "this handle is not owned (already freed?): not freed");
        return 0;
    }
    if (!SWIG_IsOK(res)) {
        lua_pushfstring(L, "expected a %s, got %s", type->str, luaL_typename(L, index));
        return 0;
    }
    return 1;
}

/* Pushes a table of `count` integers. */
#define PK_LUA_TABLE(array, count)                                                            \
    do {                                                                                      \
        lua_createtable(L, (int)(count), 0);                                                  \
        for (size_t pk_i = 0; pk_i < (size_t)(count); pk_i++) {                               \
            lua_pushinteger(L, (lua_Integer)(array)[pk_i]);                                   \
            lua_rawseti(L, -2, (lua_Integer)pk_i + 1);                                        \
        }                                                                                     \
    } while (0)
%}

/* The handles' metatables are private: a Lua script that reached one could
 * call its __gc by hand (freeing the handle the userdata still points to,
 * then reading freed memory, then freeing it twice). getmetatable() of a
 * handle gives this string instead; the C API, and so SWIG, still sees the
 * metatable. */
%{
static void pk_lua_protect_metatable(lua_State *L, const char *class_name)
{
    SWIG_Lua_get_class_metatable(L, class_name);
    if (lua_istable(L, -1)) {
        lua_pushliteral(L, "__metatable");
        lua_pushliteral(L, "the metatable of a packeis handle is private");
        lua_rawset(L, -3);
    }
    lua_pop(L, 1);
}
%}
%init %{
    pk_lua_protect_metatable(L, "packeis_game");
    pk_lua_protect_metatable(L, "packeis_options");
    pk_lua_protect_metatable(L, "packeis_batch");
%}

/* Nothing to do once the handle types are set up (python.i has). */
%define PK_LANGUAGE_HANDLES_DONE
%enddef

/* ---- integers ---------------------------------------------------------------- */
%define PK_LUA_INTEGER(TYPES, MIN, MAX)
%typemap(in) TYPES {
    lua_Integer value;
    if (!pk_lua_integer(L, $input, MIN, MAX, &value))
        SWIG_fail;
    $1 = ($1_ltype)value;
}
%typemap(out) TYPES %{ lua_pushinteger(L, (lua_Integer)$1); SWIG_arg++; %}
%typemap(typecheck, precedence=SWIG_TYPECHECK_INTEGER) TYPES %{ $1 = lua_isinteger(L, $input); %}
%enddef
PK_LUA_INTEGER(int, INT_MIN, INT_MAX)
PK_LUA_INTEGER(unsigned int, 0, UINT_MAX)
PK_LUA_INTEGER(short, SHRT_MIN, SHRT_MAX)
PK_LUA_INTEGER(unsigned short, 0, USHRT_MAX)
PK_LUA_INTEGER(signed char, SCHAR_MIN, SCHAR_MAX)
PK_LUA_INTEGER(unsigned char, 0, UCHAR_MAX)
PK_LUA_INTEGER(size_t, 0, LUA_MAXINTEGER)
/* 64-bit words: any Lua integer, as its two's complement bits. */
PK_LUA_INTEGER(long long, LUA_MININTEGER, LUA_MAXINTEGER)
PK_LUA_INTEGER(unsigned long long, LUA_MININTEGER, LUA_MAXINTEGER)
PK_LUA_INTEGER(long, LUA_MININTEGER, LUA_MAXINTEGER)
PK_LUA_INTEGER(unsigned long, LUA_MININTEGER, LUA_MAXINTEGER)
%apply int { enum SWIGTYPE };
/* 64-bit constants: integers too (SWIG makes them strings). */
%typemap(consttab) long long, unsigned long long {SWIG_LUA_CONSTTAB_INT("$symname", (long)$value)}

/* ---- statuses ------------------------------------------------------------ */
%typemap(out) packeis_status {
    if ($1 != PACKEIS_OK) {
        pk_lua_raise(L, $1);
        SWIG_fail;
    }
}

/* ---- handles --------------------------------------------------------------- */
%define PK_LUA_MADE(TYPE)
/* Constructors: the new object is returned, owned (collected) by Lua. */
%typemap(in, numinputs=0) TYPE ** (TYPE *made = NULL) { $1 = &made; }
%typemap(argout) TYPE ** {
    SWIG_NewPointerObj(L, *$1, $*1_descriptor, 1);
    SWIG_arg++;
}
/* The free functions take the handle from its userdata and clear it. */
%typemap(in) TYPE *freed (void *pointer = NULL) {
    if (!pk_lua_release(L, $input, $descriptor, &pointer))
        SWIG_fail;
    $1 = (TYPE *)pointer;
}
%enddef
PK_LUA_MADE(packeis_game)
PK_LUA_MADE(packeis_options)
PK_LUA_MADE(packeis_batch)

/* Everywhere else, a handle that was freed raises rather than reaching the
 * library as NULL. */
%typemap(check) packeis_game *game, const packeis_game *game, packeis_game *target,
    const packeis_game *source, packeis_options *options, const packeis_options *options,
    packeis_batch *batch, const packeis_batch *batch {
    if (!$1) {
        lua_pushfstring(L, "argument $argnum: a freed handle (or nil)");
        SWIG_fail;
    }
}

/* No allocator can be made from Lua: the argument must be nil. */
%typemap(in, checkfn="lua_isnil") const packeis_allocator *allocator { $1 = NULL; }

/* ---- scalar out-parameters --------------------------------------------- */
%define PK_LUA_OUTPUT(TYPE)
%typemap(in, numinputs=0) TYPE *PK_OUTPUT (TYPE value = 0) %{ $1 = &value; %}
%typemap(argout) TYPE *PK_OUTPUT %{ lua_pushinteger(L, (lua_Integer)*$1); SWIG_arg++; %}
%enddef
PK_LUA_OUTPUT(int)
PK_LUA_OUTPUT(size_t)
PK_LUA_OUTPUT(packeis_move)
%apply int *PK_OUTPUT { int *x, int *y, int *min_x, int *min_y, int *max_x, int *max_y, int *cell };
%apply size_t *PK_OUTPUT { size_t *plies };
%apply packeis_move *PK_OUTPUT { packeis_move *move };
%typemap(in, numinputs=0) size_t *stop (size_t value = 0) {
    value = 0;
    $1 = &value;
    pk_lua_stop = &value;
}
%typemap(argout) size_t *stop { lua_pushinteger(L, (lua_Integer)*$1); SWIG_arg++; }
%typemap(freearg) size_t *stop { pk_lua_stop = NULL; }

/* ---- inputs ---------------------------------------------------------------- */
%typemap(in, checkfn="lua_isstring") (const char *text, size_t text_length) {
    $1 = ($1_ltype)lua_tolstring(L, $input, &$2);
}

/* A custom layout: a table of {x, y, fish} triples. */
%typemap(in, checkfn="lua_istable") (const int *x, const int *y, const int *fish, size_t count)
    (int *columns = NULL) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, $input);
    if (n > PACKEIS_MAX_CELLS) {
        pk_lua_raise(L, PACKEIS_E_TOO_MANY_CELLS);
        SWIG_fail;
    }
    columns = malloc(3 * (size_t)(n ? n : 1) * sizeof *columns);
    if (!columns) {
        pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
        SWIG_fail;
    }
    for (lua_Integer i = 0; i < n; i++) {
        lua_rawgeti(L, $input, i + 1);
        int floe = lua_gettop(L);
        int ok = lua_istable(L, floe) && lua_rawlen(L, floe) == 3;
        for (int k = 0; ok && k < 3; k++) {
            lua_Integer value = 0;
            ok = pk_lua_field(L, floe, k + 1, INT_MIN, INT_MAX, &value, "a floe");
            if (ok)
                columns[(size_t)k * (size_t)n + (size_t)i] = (int)value;
            else
                lua_pop(L, 1); /* its message: replaced below */
        }
        lua_pop(L, 1);
        if (!ok) {
            lua_pushfstring(L, "layout: floe %I is not a triple of integers {x, y, fish}", i + 1);
            SWIG_fail;
        }
    }
    $1 = columns;
    $2 = columns + n;
    $3 = columns + 2 * n;
    $4 = (size_t)n;
}
%typemap(freearg) (const int *x, const int *y, const int *fish, size_t count) {
    free(columns$argnum);
}

/* ---- buffers with a capacity -------------------------------------------- */
/* Moves (legal moves, history): a table of move values. */
%typemap(in, numinputs=0) (packeis_move *moves, size_t capacity, size_t *count)
    (packeis_move buffer[PACKEIS_MAX_MOVES], size_t n = 0) {
    $1 = buffer;
    $2 = PACKEIS_MAX_MOVES;
    $3 = &n;
}
%typemap(argout) (packeis_move *moves, size_t capacity, size_t *count) {
    PK_LUA_TABLE($1, *$3);
    SWIG_arg++;
}

/* divide: a table of {move, leaves} pairs. */
%typemap(in, numinputs=0) (packeis_move *moves, uint64_t *leaves, size_t capacity, size_t *count)
    (packeis_move moves[PACKEIS_MAX_MOVES], uint64_t leaves[PACKEIS_MAX_MOVES], size_t n = 0) {
    $1 = moves;
    $2 = leaves;
    $3 = PACKEIS_MAX_MOVES;
    $4 = &n;
}
%typemap(argout) (packeis_move *moves, uint64_t *leaves, size_t capacity, size_t *count) {
    lua_createtable(L, (int)*$4, 0);
    for (size_t i = 0; i < *$4; i++) {
        lua_createtable(L, 2, 0);
        lua_pushinteger(L, (lua_Integer)$1[i]);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, (lua_Integer)$2[i]);
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    SWIG_arg++;
}

/* Fixed-size outputs: a string of the bytes (observations, byte masks) or
 * a table of integers (bit masks, compact observations). */
%define PK_LUA_FIXED(TYPE, NAME, SIZE, PUSH)
%typemap(in, numinputs=0) (TYPE *NAME, size_t capacity, size_t *count) (TYPE NAME[SIZE], size_t n = 0) {
    $1 = NAME;
    $2 = SIZE;
    $3 = &n;
}
%typemap(argout) (TYPE *NAME, size_t capacity, size_t *count) {
    PUSH($1, *$3);
    SWIG_arg++;
}
%enddef
%{
#define PK_LUA_BYTES(array, count) lua_pushlstring(L, (const char *)(array), (count) * sizeof *(array))
%}
PK_LUA_FIXED(float, planes, PACKEIS_OBSERVATION_SIZE, PK_LUA_BYTES)
PK_LUA_FIXED(uint8_t, mask, PACKEIS_MOVE_VALUES, PK_LUA_BYTES)
PK_LUA_FIXED(uint64_t, bits, PACKEIS_LEGAL_BITS_WORDS, PK_LUA_TABLE)
PK_LUA_FIXED(uint64_t, words, PACKEIS_OBSERVATION_PLANES, PK_LUA_TABLE)

/* Texts: a string. The buffer suffices for names, moves and positions; the
 * writers of unbounded texts are called again with the size they asked for
 * (PK_LUA_GROWING below). */
%typemap(in, numinputs=0) (char *buffer, size_t capacity, size_t *length) (size_t n = 0) {
    $1 = malloc(PACKEIS_POSITION_TEXT_SIZE);
    if (!$1) {
        pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
        SWIG_fail;
    }
    $2 = PACKEIS_POSITION_TEXT_SIZE;
    $3 = &n;
}
%typemap(argout) (char *buffer, size_t capacity, size_t *length) {
    lua_pushlstring(L, $1, *$3);
    SWIG_arg++;
}
%typemap(freearg) (char *buffer, size_t capacity, size_t *length) { free($1); }

%define PK_LUA_GROWING(FUNCTION, BUFFER, CAPACITY, LENGTH)
%exception FUNCTION {
    $action
    if (result == PACKEIS_E_BUFFER_TOO_SMALL) {
        char *bigger = *LENGTH < SIZE_MAX ? realloc(BUFFER, *LENGTH + 1) : NULL;
        if (!bigger) {
            pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
            SWIG_fail;
        }
        BUFFER = bigger;
        CAPACITY = *LENGTH + 1;
        $action
    }
}
%enddef
PK_LUA_GROWING(packeis_game_save_record, arg2, arg3, arg4)
PK_LUA_GROWING(packeis_game_layout_picture, arg3, arg4, arg5)

/* Batch of random games: tables winners, fish, floes (PACKEIS_MAX_PLAYERS
 * entries a game), then the plies. */
%typemap(in) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity)
    (unsigned *winners = NULL, int *scores = NULL) {
    lua_Integer wanted = 0;
    if (!pk_lua_integer(L, $input, 0, PK_LUA_MAX_PLAYOUTS, &wanted))
        SWIG_fail;
    size_t n = (size_t)wanted ? (size_t)wanted : 1;
    winners = calloc(n, sizeof *winners);
    scores = calloc(2 * n * PACKEIS_MAX_PLAYERS, sizeof *scores);
    if (!winners || !scores) {
        pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
        SWIG_fail;
    }
    $1 = (size_t)wanted;
    $2 = winners;
    $3 = scores;
    $4 = scores + n * PACKEIS_MAX_PLAYERS;
    $5 = n;
}
%typemap(argout) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity) {
    PK_LUA_TABLE($2, $1);
    PK_LUA_TABLE($3, $1 * PACKEIS_MAX_PLAYERS);
    PK_LUA_TABLE($4, $1 * PACKEIS_MAX_PLAYERS);
    SWIG_arg += 3;
}
%typemap(freearg) (size_t games, unsigned *winners, int *fish, int *floes, size_t capacity) {
    free(winners$argnum);
    free(scores$argnum);
}

/* Rewards of a batch of random games: a table of PACKEIS_MAX_PLAYERS
 * numbers a game, then the plies (stopped by Ctrl-C, below). */
%typemap(in) (size_t games, double *rewards, size_t capacity) (double *rewards = NULL) {
    lua_Integer wanted = 0;
    if (!pk_lua_integer(L, $input, 0, PK_LUA_MAX_PLAYOUTS, &wanted))
        SWIG_fail;
    rewards = calloc(((size_t)wanted ? (size_t)wanted : 1) * PACKEIS_MAX_PLAYERS, sizeof *rewards);
    if (!rewards) {
        pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
        SWIG_fail;
    }
    $1 = (size_t)wanted;
    $2 = rewards;
    $3 = (size_t)wanted;
}
%typemap(argout) (size_t games, double *rewards, size_t capacity) {
    lua_createtable(L, (int)($1 * PACKEIS_MAX_PLAYERS), 0);
    for (size_t i = 0; i < $1 * PACKEIS_MAX_PLAYERS; i++) {
        lua_pushnumber(L, (lua_Number)$2[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    SWIG_arg++;
}
%typemap(freearg) (size_t games, double *rewards, size_t capacity) { free(rewards$argnum); }

/* ---- batches ----------------------------------------------------------------- */
/* Inputs of one value per game of the batch (always the first argument,
 * arg1): a table of exactly packeis_batch_size() integers. */
%define PK_LUA_PER_GAME_IN(TYPE, NAME, MIN, MAX, WHAT, NIL_ALLOWED)
%typemap(in) const TYPE *NAME (TYPE *values = NULL) {
    if (NIL_ALLOWED && lua_isnil(L, $input)) {
        $1 = NULL;
    } else {
        size_t n = packeis_batch_size(arg1);
        if (!lua_istable(L, $input) || lua_rawlen(L, $input) != n) {
            lua_pushfstring(L, "%s: a table of %I integers expected", WHAT, (lua_Integer)n);
            SWIG_fail;
        }
        values = malloc((n ? n : 1) * sizeof *values);
        if (!values) {
            pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
            SWIG_fail;
        }
        for (size_t i = 0; i < n; i++) {
            lua_Integer value = 0;
            if (!pk_lua_field(L, $input, (lua_Integer)i + 1, MIN, MAX, &value, WHAT))
                SWIG_fail;
            values[i] = (TYPE)value;
        }
        $1 = values;
    }
}
%typemap(freearg) const TYPE *NAME { free(values$argnum); }
%enddef
PK_LUA_PER_GAME_IN(packeis_move, moves, 0, 0xFFFF, "moves (one per game)", 0)
PK_LUA_PER_GAME_IN(uint64_t, reset_seeds, LUA_MININTEGER, LUA_MAXINTEGER, "reset_seeds (one per game, or nil)", 1)
PK_LUA_PER_GAME_IN(uint64_t, seeds, LUA_MININTEGER, LUA_MAXINTEGER, "seeds (one per game, or nil)", 1)

/* Outputs of PER values per game: a table of numbers (PUSH_NUMBER:
 * lua_pushinteger or lua_pushnumber). */
%define PK_LUA_PER_GAME_OUT(TYPE, NAME, PER, PUSH_NUMBER, CAST)
%typemap(in, numinputs=0) TYPE *NAME (TYPE *values = NULL) "";
/* In a check typemap: the batch, arg1, is converted and checked by then. */
%typemap(check) TYPE *NAME {
    values$argnum = calloc(packeis_batch_size(arg1) * (PER) + 1, sizeof *values$argnum);
    if (!values$argnum) {
        pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
        SWIG_fail;
    }
    $1 = values$argnum;
}
%typemap(argout) TYPE *NAME {
    size_t n = packeis_batch_size(arg1) * (PER);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        PUSH_NUMBER(L, (CAST)$1[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    SWIG_arg++;
}
%typemap(freearg) TYPE *NAME { free(values$argnum); }
%enddef
PK_LUA_PER_GAME_OUT(packeis_status, statuses, 1, lua_pushinteger, lua_Integer)
PK_LUA_PER_GAME_OUT(float, rewards, PACKEIS_MAX_PLAYERS, lua_pushnumber, lua_Number)
PK_LUA_PER_GAME_OUT(uint8_t, terminated, 1, lua_pushinteger, lua_Integer)
PK_LUA_PER_GAME_OUT(int8_t, to_act, 1, lua_pushinteger, lua_Integer)

/* Buffers of PER values per game: a string of their bytes (masks,
 * observations) or a table of integers (64-bit words). */
%define PK_LUA_PER_GAME_BUFFER(TYPE, NAME, PER, PUSH)
%typemap(in, numinputs=0) (TYPE *NAME, size_t capacity) (TYPE *values = NULL) "";
/* Not the single-game (buffer, capacity, count) of the same names. */
%typemap(check) (TYPE *NAME, size_t capacity, size_t *count) "";
%typemap(check) (TYPE *NAME, size_t capacity) {
    $2 = packeis_batch_size(arg1) * (PER);
    values$argnum = calloc($2 + 1, sizeof *values$argnum);
    if (!values$argnum) {
        pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
        SWIG_fail;
    }
    $1 = values$argnum;
}
%typemap(argout) (TYPE *NAME, size_t capacity) {
    PUSH($1, $2);
    SWIG_arg++;
}
%typemap(freearg) (TYPE *NAME, size_t capacity) { free(values$argnum); }
%enddef
PK_LUA_PER_GAME_BUFFER(uint8_t, mask, PACKEIS_MOVE_VALUES, PK_LUA_BYTES)
PK_LUA_PER_GAME_BUFFER(uint64_t, bits, PACKEIS_LEGAL_BITS_WORDS, PK_LUA_TABLE)
PK_LUA_PER_GAME_BUFFER(float, planes, PACKEIS_OBSERVATION_SIZE, PK_LUA_BYTES)
PK_LUA_PER_GAME_BUFFER(uint64_t, words, PACKEIS_OBSERVATION_PLANES, PK_LUA_TABLE)

/* Legal moves of every game: a table of tables of moves. */
%typemap(in, numinputs=0) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most)
    (packeis_move *moves = NULL, uint16_t *counts = NULL, size_t most = 0) "";
%typemap(check) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most) {
    size_t n = packeis_batch_size(arg1);
    moves$argnum = malloc((n * PACKEIS_MAX_MOVES + 1) * sizeof *moves$argnum);
    counts$argnum = calloc(n + 1, sizeof *counts$argnum);
    if (!moves$argnum || !counts$argnum) {
        pk_lua_raise(L, PACKEIS_E_OUT_OF_MEMORY);
        SWIG_fail;
    }
    $1 = moves$argnum;
    $2 = PACKEIS_MAX_MOVES;
    $3 = counts$argnum;
    $4 = &most$argnum;
}
%typemap(argout) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most) {
    size_t n = packeis_batch_size(arg1);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        PK_LUA_TABLE($1 + i * $2, $3[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    SWIG_arg++;
}
%typemap(freearg) (packeis_move *moves, size_t stride, uint16_t *counts, size_t *most) {
    free(moves$argnum);
    free(counts$argnum);
}

/* ---- long calls, stopped by Ctrl-C -------------------------------------------- */
/* The lua interpreter answers Ctrl-C by setting a hook on the state, which
 * raises "interrupted!" as soon as Lua code runs again; a C call never sees
 * it. perft and divide are therefore the library's watched calls (packeis.i),
 * which stop when a hook is set that was not there when they began: the
 * hook then raises as the call returns. */
%{
typedef struct pk_lua_poll_state {
    lua_State *L;
    lua_Hook hook;
} pk_lua_poll_state;

static int pk_lua_poll(void *context)
{
    const pk_lua_poll_state *p = context;
    return lua_gethook(p->L) != p->hook;
}

/* The watched calls: a Lua function progress(done), or nil, as the
 * library's progress callback. It runs on the same state, protected (an
 * error in it stops the call, which then raises that error once the
 * library has returned); a true answer stops the call
 * ("PACKEIS_E_STOPPED"); Ctrl-C stops it as it stops perft. */
typedef struct pk_lua_watch {
    lua_State *L;
    lua_Hook hook;
    int function; /* its stack index; nil there: no function */
    int failed;   /* the function's error is on the stack */
    int interrupted;
} pk_lua_watch;

static int pk_lua_progress(void *context, uint64_t done)
{
    pk_lua_watch *watch = context;
    lua_State *L = watch->L;
    if (watch->failed || watch->interrupted)
        return 1;
    if (lua_gethook(L) != watch->hook) {
        watch->interrupted = 1;
        return 1;
    }
    if (lua_isnil(L, watch->function))
        return 0;
    lua_pushvalue(L, watch->function);
    lua_pushinteger(L, (lua_Integer)done);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        watch->failed = 1; /* the error stays on top of the stack */
        return 1;
    }
    int stop = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return stop;
}

/* The status a watched call returns: the function's error is raised
 * (lua_error, after the library and the copy are done with); an interrupt
 * returns PACKEIS_OK, and the hook raises as Lua code runs again. */
static packeis_status pk_lua_watched_status(pk_lua_watch *watch, packeis_status status)
{
    if (watch->failed)
        lua_error(watch->L);
    return watch->interrupted && status == PACKEIS_E_STOPPED ? PACKEIS_OK : status;
}

static int pk_lua_is_progress(lua_State *L, int index)
{
    return lua_isfunction(L, index) || lua_isnil(L, index);
}
%}
%typemap(in) int pk_progress_index {
    if (!pk_lua_is_progress(L, $input)) {
        lua_pushfstring(L, "argument %d: progress must be a function or nil, not %s", $input,
                        luaL_typename(L, $input));
        SWIG_fail;
    }
    $1 = $input;
}
%typemap(in, numinputs=0) lua_State *L %{ $1 = L; %}
%typemap(in, numinputs=0) uint64_t *perft_leaves (uint64_t value = 0) %{ $1 = &value; %}
%typemap(argout) uint64_t *perft_leaves %{ lua_pushinteger(L, (lua_Integer)*$1); SWIG_arg++; %}
%rename(packeis_game_perft) pk_lua_game_perft;
%rename(packeis_game_divide) pk_lua_game_divide;
%rename(packeis_game_playout_rewards) pk_lua_game_playout_rewards;
%rename(packeis_game_perft_watched) pk_lua_game_perft_watched;
%rename(packeis_game_divide_watched) pk_lua_game_divide_watched;
%ignore packeis_game_perft;
%ignore packeis_game_divide;
%ignore packeis_game_playout_rewards;
%inline %{
/** packeis_game_perft(game, depth): the count (stopped by Ctrl-C). */
packeis_status pk_lua_game_perft(lua_State *L, const packeis_game *game, unsigned depth,
                                 uint64_t *perft_leaves)
{
    pk_lua_poll_state poll = {L, lua_gethook(L)};
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *perft_leaves = 0;
    if (status != PACKEIS_OK)
        return status;
    status = pk_swig_perft_of_copy(copy, depth, perft_leaves, pk_lua_poll, &poll);
    return status == PK_SWIG_ERROR_RAISED ? PACKEIS_OK : status; /* the hook raises */
}

/** packeis_game_divide(game, depth): {{move, leaves}, ...} (stopped by Ctrl-C). */
packeis_status pk_lua_game_divide(lua_State *L, const packeis_game *game, unsigned depth,
                                  packeis_move *moves, uint64_t *leaves, size_t capacity,
                                  size_t *count)
{
    pk_lua_poll_state poll = {L, lua_gethook(L)};
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *count = 0;
    if (status != PACKEIS_OK)
        return status;
    status = pk_swig_divide_of_copy(copy, depth, moves, leaves, capacity, count, pk_lua_poll,
                                    &poll);
    return status == PK_SWIG_ERROR_RAISED ? PACKEIS_OK : status;
}

/** packeis_game_perft_watched(game, depth, progress): the count;
 *  progress(done) (a function, or nil) -> true stops it. */
packeis_status pk_lua_game_perft_watched(lua_State *L, const packeis_game *game, unsigned depth,
                                         int pk_progress_index, uint64_t *perft_leaves)
{
    pk_lua_watch watch = {L, lua_gethook(L), pk_progress_index, 0, 0};
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *perft_leaves = 0;
    if (status != PACKEIS_OK)
        return status;
    status = packeis_game_perft_watched(copy, depth, pk_lua_progress, &watch, perft_leaves);
    packeis_game_free(copy);
    return pk_lua_watched_status(&watch, status);
}

/** packeis_game_divide_watched(game, depth, progress): {{move, leaves},
 *  ...}; progress(done) (a function, or nil) -> true stops it. */
packeis_status pk_lua_game_divide_watched(lua_State *L, const packeis_game *game, unsigned depth,
                                          int pk_progress_index, packeis_move *moves,
                                          uint64_t *leaves, size_t capacity, size_t *count)
{
    pk_lua_watch watch = {L, lua_gethook(L), pk_progress_index, 0, 0};
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *count = 0;
    if (status != PACKEIS_OK)
        return status;
    status = packeis_game_divide_watched(copy, depth, pk_lua_progress, &watch, moves, leaves,
                                         capacity, count);
    packeis_game_free(copy);
    if (status != PACKEIS_OK)
        *count = 0; /* no partial results */
    return pk_lua_watched_status(&watch, status);
}

/** packeis_game_playout_rewards(game, seed, games): rewards, plies
 *  (stopped by Ctrl-C). */
packeis_status pk_lua_game_playout_rewards(lua_State *L, const packeis_game *game, uint64_t seed,
                                           size_t games, double *rewards, size_t capacity,
                                           size_t *plies)
{
    pk_lua_poll_state poll = {L, lua_gethook(L)};
    packeis_game *copy = NULL;
    packeis_status status = packeis_game_clone(game, &copy);
    *plies = 0;
    if (status != PACKEIS_OK)
        return status;
    status = pk_swig_playout_rewards_of_copy(copy, seed, games, rewards, capacity, plies,
                                             pk_lua_poll, &poll);
    return status == PK_SWIG_ERROR_RAISED ? PACKEIS_OK : status;
}
%}
