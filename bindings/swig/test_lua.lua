-- SPDX-License-Identifier: MIT
-- The SWIG Lua module (lua.i): a whole game played through it, errors with
-- their reasons, integers that stay integers, handles collected by the GC
-- and freed at once by the free functions, no allocator to construct, the
-- batch calls. Run by meson with LUA_CPATH pointing at the built packeis.so.
local packeis = require("packeis")

local failures, checks = 0, 0
local function check(condition, what)
    checks = checks + 1
    if not condition then
        failures = failures + 1
        io.stderr:write("FAIL: " .. what .. "\n" .. debug.traceback() .. "\n")
    end
end
local function integer(value, what)
    check(math.type(value) == "integer", what .. " is an integer (got " .. tostring(math.type(value)) .. ")")
end
-- The error of a call that must fail, which must contain `expected`.
local function fails_with(expected, f, ...)
    local ok, message = pcall(f, ...)
    check(not ok, "the call fails (expected " .. expected .. ")")
    check(type(message) == "string" and message:find(expected, 1, true) ~= nil,
        "the error names " .. expected .. " (got " .. tostring(message) .. ")")
end

local function new_game(players, seed)
    local options = packeis.packeis_options_new(nil)
    packeis.packeis_options_set_players(options, players)
    packeis.packeis_options_set_seed(options, seed)
    return packeis.packeis_game_new(options), options
end

-- ---- a whole game ------------------------------------------------------------
do
    local game = new_game(3, 5)
    check(packeis.packeis_game_player_count(game) == 3, "3 players")
    check(packeis.packeis_game_cell_count(game) == 60, "the standard board")
    local fish = 0
    for cell = 0, 59 do
        fish = fish + packeis.packeis_game_fish(game, cell)
    end
    check(fish == 100, "100 fish on the standard board")
    local plies = 0
    while packeis.packeis_game_phase(game) ~= packeis.PACKEIS_PHASE_OVER do
        local moves = packeis.packeis_game_legal_moves(game)
        check(#moves == packeis.packeis_game_legal_move_count(game), "legal_move_count == #legal_moves")
        check(#moves > 0, "a player to act has a move")
        for i = 2, #moves do
            check(moves[i - 1] < moves[i], "legal moves in increasing order")
        end
        local mask = packeis.packeis_game_legal_mask(game)
        check(#mask == packeis.PACKEIS_MOVE_VALUES and mask:byte(moves[1] + 1) == 1, "the mask marks the moves")
        local bits = packeis.packeis_game_legal_bits(game)
        local set = 0
        for w = 1, #bits do
            local word = bits[w]
            while word ~= 0 do
                word = word & (word - 1)
                set = set + 1
            end
        end
        check(#bits == packeis.PACKEIS_LEGAL_BITS_WORDS and set == #moves, "one bit per legal move")
        local player = packeis.packeis_game_current_player(game)
        local move = moves[(plies * 7) % #moves + 1]
        integer(move, "a move")
        packeis.packeis_game_apply(game, move)
        plies = plies + 1
        check(packeis.packeis_game_ply_player(game, plies - 1) == player, "the ply is the player's")
    end
    check(plies == packeis.packeis_game_ply_count(game), "every ply recorded")
    check(#packeis.packeis_game_history(game) == plies, "the history has every ply")
    check(packeis.packeis_game_current_player(game) == -1, "nobody to act at the end")
    check(#packeis.packeis_game_legal_moves(game) == 0, "no legal move at the end")
    local winners, rewards, best = packeis.packeis_game_winners(game), 0.0, -1
    for p = 0, 2 do
        best = math.max(best, packeis.packeis_game_fish_won(game, p))
        local reward = packeis.packeis_game_reward(game, p)
        check(math.type(reward) == "float" and reward >= -1.0 and reward <= 1.0, "a reward in -1 ... 1")
        rewards = rewards + reward
        integer(packeis.packeis_game_rank(game, p), "a rank")
    end
    check(math.abs(rewards) < 1e-9, "the rewards of a finished game sum to 0")
    check(winners ~= 0, "someone won")
    for p = 0, 2 do
        if winners & (1 << p) ~= 0 then
            check(packeis.packeis_game_rank(game, p) == 1, "a winner ranks first")
            check(packeis.packeis_game_fish_won(game, p) == best, "a winner has the most fish")
        end
    end
    fails_with("PACKEIS_E_GAME_OVER", packeis.packeis_game_apply, game, 0)
    -- The record replays the same game.
    local record = packeis.packeis_game_save_record(game)
    local replayed, stop = packeis.packeis_game_load_record(record, nil)
    check(stop == #record, "the whole record read")
    check(packeis.packeis_game_hash(replayed) == packeis.packeis_game_hash(game), "the same final position")
    packeis.packeis_game_undo_to(replayed, 0)
    check(packeis.packeis_game_redo_count(replayed) == plies, "undone to the start")
end

-- ---- errors ---------------------------------------------------------------------
do
    local game = new_game(2, 0)
    fails_with("PACKEIS_E_WRONG_PHASE", packeis.packeis_game_apply, game, packeis.packeis_move_slide(0, 1))
    local many
    for cell = 0, 59 do
        if not many and packeis.packeis_game_fish(game, cell) > 1 then
            many = cell
        end
    end
    fails_with("PACKEIS_E_NOT_ONE_FISH", packeis.packeis_game_apply, game, packeis.packeis_move_placement(many))
    local first = packeis.packeis_game_legal_moves(game)[1]
    packeis.packeis_game_apply(game, first)
    fails_with("PACKEIS_E_OCCUPIED", packeis.packeis_game_apply, game, first)
    fails_with("PACKEIS_E_OUT_OF_RANGE", packeis.packeis_game_check_move, game, 4096)
    fails_with("PACKEIS_E_NOTHING_TO_REDO", packeis.packeis_game_redo, game)
    fails_with("at offset 3", packeis.packeis_game_parse_move, game, "a1-z9", 0)
    fails_with("an integer expected", packeis.packeis_game_apply, game, 2.5)
    fails_with("an integer expected", packeis.packeis_game_fish, game, "many")
    fails_with("out of range", packeis.packeis_game_apply, game, 70000)
    fails_with("out of range", packeis.packeis_game_fish, game, 1 << 40)
    fails_with("layout: floe 1", packeis.packeis_options_set_layout, packeis.packeis_options_new(nil), {{0, 0}})
    fails_with("PACKEIS_E_DUPLICATE_CELL", packeis.packeis_options_set_layout, packeis.packeis_options_new(nil),
        {{0, 0, 1}, {0, 0, 1}})
    -- A float with an integral value is that integer.
    check(packeis.packeis_game_fish(game, 3.0) == packeis.packeis_game_fish(game, 3), "3.0 is 3")
end

-- ---- integers stay integers --------------------------------------------------------
do
    local game = new_game(2, 9)
    integer(packeis.packeis_version(), "packeis_version()")
    integer(packeis.PACKEIS_MOVE_VALUES, "PACKEIS_MOVE_VALUES")
    integer(packeis.PACKEIS_PHASE_OVER, "an enum value")
    integer(packeis.PACKEIS_DEFAULT_HASH_SEED, "PACKEIS_DEFAULT_HASH_SEED")
    check(packeis.PACKEIS_DEFAULT_HASH_SEED == 0x5061636B65697321, "the default hash seed")
    integer(packeis.packeis_game_hash(game), "a hash")
    integer(packeis.packeis_game_floes(game), "a set of floes")
    integer(packeis.packeis_game_seed(game), "a seed")
    local x, y = packeis.packeis_game_cell_coords(game, 7)
    integer(x, "x")
    integer(y, "y")
    check(packeis.packeis_game_cell_at(game, x, y) == 7, "cell_at(cell_coords(7)) == 7")
    local cell, stop = packeis.packeis_game_parse_cell(game, "b1")
    check(cell == 7 and stop == 2, "b1 is cell 7")
    local move, read = packeis.packeis_game_parse_move(game, "a1", 0)
    check(move == packeis.packeis_move_placement(0) and read == 2, "a1 is a placement on cell 0")
    integer(packeis.packeis_game_perft(game, 2), "perft")
    local divided = packeis.packeis_game_divide(game, 2)
    local sum = 0
    for _, pair in ipairs(divided) do
        integer(pair[1], "a divided move")
        sum = sum + pair[2]
    end
    check(sum == packeis.packeis_game_perft(game, 2), "divide adds up to perft")
    -- The rewards of a batch of random games (1.2): those of each game's end.
    local rewards, rewarded = packeis.packeis_game_playout_rewards(game, 3, 5)
    local winners, _, _, plies = packeis.packeis_game_playout_batch(game, 3, 5)
    check(#rewards == 5 * packeis.PACKEIS_MAX_PLAYERS and rewarded == plies, "one reward a seat")
    for k = 1, 5 do
        local copy = packeis.packeis_game_clone(game)
        packeis.packeis_game_playout(copy, 3 + k - 1)
        for p = 0, packeis.packeis_game_player_count(game) - 1 do
            check(rewards[(k - 1) * packeis.PACKEIS_MAX_PLAYERS + p + 1] ==
                  packeis.packeis_game_reward(copy, p), "reward of game " .. k)
        end
        check(winners[k] == packeis.packeis_game_winners(copy), "the same games")
    end
    check(not pcall(packeis.packeis_game_playout_rewards, game, 0, -1), "no negative batch")
    local words = packeis.packeis_game_observe_bits(game, 0)
    check(#words == packeis.PACKEIS_OBSERVATION_PLANES, "one word per plane")
    check(words[packeis.PACKEIS_PLANE_CELL + 1] == packeis.packeis_game_floes(game), "the cell plane is the layout")
    local planes = packeis.packeis_game_observe(game, 0)
    check(#planes == 4 * packeis.PACKEIS_OBSERVATION_SIZE, "float32 planes")
    check(string.unpack("f", planes, 4 * 64 * packeis.PACKEIS_PLANE_CELL + 1) == 1.0, "cell 0 is on the layout")
    -- A 64-bit hash seed with bit 63 set goes through unchanged.
    local options = packeis.packeis_options_new(nil)
    packeis.packeis_options_set_hash_seed(options, -2)
    check(packeis.packeis_game_hash_seed(packeis.packeis_game_new(options)) == -2, "bit 63 kept")
end

-- ---- handles: freed at once, collected, no allocator ----------------------------------
do
    local game = new_game(2, 0)
    packeis.packeis_game_free(game)
    fails_with("freed handle", packeis.packeis_game_ply_count, game)
    fails_with("freed handle", packeis.packeis_game_apply, game, 0)
    fails_with("not owned", packeis.packeis_game_free, game)
    packeis.packeis_game_free(nil)
    local options = packeis.packeis_options_new(nil)
    packeis.packeis_options_free(options)
    fails_with("freed handle", packeis.packeis_options_set_players, options, 2)
    check(packeis.packeis_allocator == nil, "no allocator struct")
    fails_with("packeis_allocator", packeis.packeis_options_new, {alloc = 1})
    check(not pcall(packeis.packeis_game), "a game cannot be constructed but by packeis_game_new")

    -- Collected: the resident memory of games kept alive, against that of
    -- ten times as many dropped as they come (freed by __gc).
    local function resident()
        local statm = assert(io.open("/proc/self/statm")):read("a")
        return tonumber(statm:match("^%d+%s+(%d+)"))
    end
    local function make(seed)
        local g = new_game(2, seed)
        packeis.packeis_game_playout(g, seed)
        return g
    end
    collectgarbage()
    local before = resident()
    local kept = {}
    for k = 1, 5000 do
        kept[k] = make(k)
    end
    local grown_kept = resident() - before
    kept = nil
    collectgarbage()
    collectgarbage()
    local middle = resident()
    for k = 1, 50000 do
        make(k)
        if k % 1000 == 0 then
            collectgarbage()
        end
    end
    collectgarbage()
    local grown_dropped = resident() - middle
    check(grown_kept > 0, "5000 live games take memory")
    check(grown_dropped < grown_kept, string.format(
        "50000 dropped games are freed (%d pages grown, 5000 kept took %d)", grown_dropped, grown_kept))
end

-- ---- batches ---------------------------------------------------------------------------
do
    local options = packeis.packeis_options_new(nil)
    local batch = packeis.packeis_batch_new(options, 3)
    check(packeis.packeis_batch_size(batch) == 3, "3 games")
    local lists = packeis.packeis_batch_legal_moves(batch)
    check(#lists == 3 and #lists[1] > 0, "the legal moves of each game")
    local statuses, rewards, terminated, to_act =
        packeis.packeis_batch_step(batch, {lists[1][1], 1, packeis.PACKEIS_MOVE_NONE}, nil)
    check(statuses[1] == packeis.PACKEIS_OK, "game 1 played")
    check(statuses[2] ~= packeis.PACKEIS_OK, "game 2 refused its move, reported per game")
    check(statuses[3] == packeis.PACKEIS_OK, "game 3 left as it is")
    check(#rewards == 3 * packeis.PACKEIS_MAX_PLAYERS and terminated[1] == 0, "rewards and flags")
    check(to_act[1] == 1 and to_act[2] == 0 and to_act[3] == 0, "the players to act")
    check(#packeis.packeis_batch_legal_mask(batch) == 3 * packeis.PACKEIS_MOVE_VALUES, "masks")
    check(#packeis.packeis_batch_observe_bits(batch, 0) == 3 * packeis.PACKEIS_OBSERVATION_PLANES, "compact observations")
    fails_with("a table of 3 integers", packeis.packeis_batch_step, batch, {1, 2}, nil)
    packeis.packeis_batch_reset(batch, {7, 8, 9})
    packeis.packeis_batch_free(batch)
    fails_with("freed handle", packeis.packeis_batch_size, batch)
end

-- ---- long calls stop on Ctrl-C -------------------------------------------------------
-- A child interpreter counts perft (or divide) of depth 2^32 - 1, which never
-- ends, and gets SIGINT a second after it starts the count (it makes a file
-- then: a signal at a fixed time from its start could come while a slow
-- interpreter still loads the module): lua's own handler sets a hook, the
-- count sees it and stops, and the hook raises "interrupted!".
do
    local lua = arg and arg[-1] or "lua"
    for _, call in ipairs({"packeis_game_perft(g, 4294967295)",
                           "packeis_game_divide(g, 4294967295)",
                           "packeis_game_perft_watched(g, 4294967295, nil)",
                           "packeis_game_divide_watched(g, 4294967295, function() end)"}) do
        local flag = os.tmpname()
        os.remove(flag)
        local script = "local p = require('packeis'); local g = p.packeis_game_new(" ..
                       "p.packeis_options_new(nil)); io.open('" .. flag .. "', 'w'):close(); " ..
                       "local ok, e = pcall(function() return p." .. call .. " end); " ..
                       "print('caught', e)"
        local started = os.time()
        local shell = io.popen(string.format(
            "%s -e \"%s\" 2>&1 & pid=$!; i=0; while [ ! -e %s ] && [ $i -lt 600 ]; " ..
            "do sleep 0.05; i=$((i + 1)); done; sleep 1; kill -INT $pid; wait $pid; " ..
            "echo status=$?", lua, script, flag))
        local out = shell:read("a")
        shell:close()
        os.remove(flag)
        check(out:find("interrupted") ~= nil, call .. " stopped by Ctrl-C: " .. out)
        check(os.time() - started < 15, call .. " stopped within seconds")
    end
end

-- ---- the watched calls: a Lua function as the progress callback ----------------------
-- packeis_game_perft_watched and _divide_watched were the two functions of the
-- header the module did not wrap.
do
    local game = new_game(2, 3)
    packeis.packeis_game_playout(game, 0)
    packeis.packeis_game_undo_to(game, 10) -- a movement position
    local record = packeis.packeis_game_save_record(game)
    for _, depth in ipairs({1, 3, 5}) do
        local leaves = packeis.packeis_game_perft(game, depth)
        check(packeis.packeis_game_perft_watched(game, depth, nil) == leaves, "perft_watched, nil")
        local seen = {}
        local counted = packeis.packeis_game_perft_watched(game, depth, function(done)
            integer(done, "done")
            seen[#seen + 1] = done
        end)
        check(counted == leaves and seen[#seen] == leaves, "the last call has the whole count")
        for i = 2, #seen do
            check(seen[i] >= seen[i - 1], "done never decreases")
        end
        local divided = packeis.packeis_game_divide(game, depth)
        local watched = packeis.packeis_game_divide_watched(game, depth, function() end)
        check(#watched == #divided, "divide_watched lists every move")
        for i, pair in ipairs(divided) do
            check(watched[i][1] == pair[1] and watched[i][2] == pair[2], "divide_watched = divide")
        end
        check(#packeis.packeis_game_divide_watched(game, depth, nil) == #divided, "nil progress")
    end
    for _, name in ipairs({"packeis_game_perft_watched", "packeis_game_divide_watched"}) do
        local call = packeis[name]
        local calls = 0
        fails_with("PACKEIS_E_STOPPED", call, game, 5, function()
            calls = calls + 1
            return calls == 3
        end)
        check(calls == 3, name .. " stopped at once")
        fails_with("PACKEIS_E_STOPPED", call, game, 4294967295, function() return 1 end)
        fails_with("boom", call, game, 4, function() error("boom") end)
        fails_with("progress must be a function or nil", call, game, 4, 5)
        fails_with("freed handle", call, nil, 4, nil)
    end
    check(packeis.packeis_game_save_record(game) == record, "the game is unchanged")
    -- The stack is as it was: a call after all those errors works.
    check(packeis.packeis_game_perft_watched(game, 2, nil) == packeis.packeis_game_perft(game, 2),
          "still counts")
end

-- ---- the handles' metatables are private -----------------------------------------
do
    local game = new_game(2, 1)
    local options = packeis.packeis_options_new(nil)
    local batch = packeis.packeis_batch_new(options, 2)
    for _, handle in ipairs({game, options, batch}) do
        local mt = getmetatable(handle)
        check(type(mt) == "string" and mt:find("private"), "getmetatable gives no __gc to call")
        check(not pcall(setmetatable, handle, {}), "nor can it be replaced")
    end
    check(packeis.packeis_game_ply_count(game) == 0, "the game still works")
    packeis.packeis_game_free(game)
    fails_with("freed handle", packeis.packeis_game_ply_count, game)
    fails_with("not owned", packeis.packeis_game_free, game)
    packeis.packeis_batch_free(batch)
    packeis.packeis_options_free(options)
    collectgarbage()
end

if failures > 0 then
    io.stderr:write(string.format("%d of %d checks failed\n", failures, checks))
    os.exit(1)
end
print(string.format("all %d checks passed", checks))
