/* SPDX-License-Identifier: MIT */
/*
 * bench_search: the mcts player's playouts per second in a search (tree
 * walk, expansion, playout and backup included), on a fixed set of 30
 * positions of seeded 2-player games on the standard board (placement and
 * movement phases), with a fixed playout budget per position.
 *
 * Two rows: a direct call (packeis_player_choose(), the thread's CPU time
 * around each call), and the same positions through packeis-engine's
 * `go nodes N` (the engine process's CPU time around each `go`, read with
 * clock_getcpuclockid(); its protocol and output are included). The
 * figure of each row is the median over the rounds of playouts / CPU s.
 *
 *   meson test -C BUILD --benchmark mcts-search -v
 *   BUILD/tests/players/bench_search [--playouts N] [--rounds R]
 *       [--engine BUILD/examples/engine/packeis-engine]
 *   BUILD/tests/players/bench_search --direct-only --rounds 1  (for callgrind)
 *   BUILD/tests/players/bench_search --player alphabeta --direct-only
 *       (another player, direct call only; its nodes in its own unit)
 */
#define _POSIX_C_SOURCE 200809L /* clock_getcpuclockid, fdopen, fork */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_positions.h"
#include "builders.h"
#include <packeis/players.h>

enum { POSITIONS = BENCH_POSITIONS, ROUNDS_MAX = 99 };

typedef struct engine {
    pid_t pid;
    FILE *in, *out;
    clockid_t clock;
} engine;

static void engine_start(engine *e, const char *path)
{
    int to[2], from[2];
    if (pipe(to) != 0 || pipe(from) != 0) {
        perror("bench_search: pipe");
        exit(1);
    }
    e->pid = fork();
    if (e->pid < 0) {
        perror("bench_search: fork");
        exit(1);
    }
    if (e->pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl(path, path, "--player", "mcts", "--seed", "1", (char *)NULL);
        _exit(127);
    }
    close(to[0]), close(from[1]);
    e->in = fdopen(to[1], "w");
    e->out = fdopen(from[0], "r");
    if (clock_getcpuclockid(e->pid, &e->clock) != 0) {
        fprintf(stderr, "bench_search: no CPU clock for the engine\n");
        exit(1);
    }
}

/* Sends a command; then reads lines until one starts with `until` (if not
 * NULL). Returns 0 at the end of the engine's output. */
static int engine_say(engine *e, const char *command, const char *until, char *line,
                      size_t size)
{
    fprintf(e->in, "%s\n", command);
    fflush(e->in);
    while (until && fgets(line, (int)size, e->out))
        if (strncmp(line, until, strlen(until)) == 0)
            return 1;
    return until == NULL;
}

/* One round through the engine: playouts per CPU second of its process. */
static double engine_round(const char *path, packeis_game *const *games, uint64_t playouts,
                           uint64_t *checksum)
{
    engine e;
    char line[8192], command[8192 + 64]; /* "position " and a line read */
    engine_start(&e, path);
    if (!engine_say(&e, "packeis 1", "packeisok", line, sizeof line)) {
        fprintf(stderr, "bench_search: %s does not answer\n", path);
        exit(1);
    }
    double seconds = 0;
    for (int i = 0; i < POSITIONS; i++) {
        size_t length;
        TC_CHECK(packeis_game_save_position(games[i], line, sizeof line, &length), PACKEIS_OK);
        snprintf(command, sizeof command, "position %s", line);
        engine_say(&e, "newgame", NULL, line, sizeof line);
        engine_say(&e, command, NULL, line, sizeof line);
        engine_say(&e, "isready", "readyok", line, sizeof line);
        snprintf(command, sizeof command, "go nodes %llu", (unsigned long long)playouts);
        double start = bench_cpu_seconds(e.clock);
        if (!engine_say(&e, command, "bestmove", line, sizeof line)) {
            fprintf(stderr, "bench_search: no bestmove from the engine\n");
            exit(1);
        }
        seconds += bench_cpu_seconds(e.clock) - start;
        for (const char *c = line + 9; *c && *c != '\n'; c++)
            *checksum = *checksum * 31 + (unsigned char)*c;
    }
    engine_say(&e, "quit", NULL, line, sizeof line);
    fclose(e.in);
    fclose(e.out);
    waitpid(e.pid, NULL, 0);
    return (double)playouts * POSITIONS / seconds;
}

int main(int argc, char **argv)
{
    uint64_t playouts = 10000;
    int rounds = 5, direct_only = 0;
    const char *engine_path = NULL, *name = "mcts";
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--playouts") && a + 1 < argc)
            playouts = strtoull(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--rounds") && a + 1 < argc)
            rounds = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--engine") && a + 1 < argc)
            engine_path = argv[++a];
        else if (!strcmp(argv[a], "--direct-only"))
            direct_only = 1;
        else if (!strcmp(argv[a], "--player") && a + 1 < argc)
            name = argv[++a];
        else {
            fprintf(stderr, "usage: bench_search [--playouts N] [--rounds R] [--engine PATH] "
                            "[--direct-only] [--player NAME]\n");
            return 2;
        }
    }
    if (rounds < 1 || rounds > ROUNDS_MAX || playouts == 0) {
        fprintf(stderr, "bench_search: rounds 1 ... %d, playouts at least 1\n", ROUNDS_MAX);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    packeis_game *games[POSITIONS];
    int placing = 0;
    for (int i = 0; i < POSITIONS; i++) {
        games[i] = bench_position(i);
        placing += packeis_game_phase(games[i]) == PACKEIS_PHASE_PLACEMENT;
    }
    const char *unit = strcmp(name, "mcts") ? "nodes" : "playouts";
    printf("%s in a search: %d positions of 2-player standard games (%d in placement), "
           "%llu %s each, median of %d rounds, CPU time\n",
           name, POSITIONS, placing, (unsigned long long)playouts, unit, rounds);
    double rate[ROUNDS_MAX];
    bench_tally tally = {0, 0, 0};
    packeis_player_limits limits = {.nodes = playouts};
    for (int r = 0; r < rounds; r++) { /* a new player each round: a cold one */
        packeis_player *player = bench_new_player(name);
        rate[r] = bench_round(player, games, &limits, &tally);
        packeis_player_free(player);
    }
    /* "nodes": the nodes of every round, what tests/instructions.py
     * divides callgrind's count by */
    printf("  %-44s %12.0f %s/s  (moves %016llx, nodes %llu)\n",
           "direct: packeis_player_choose", bench_median(rate, rounds), unit,
           (unsigned long long)tally.checksum, (unsigned long long)tally.nodes);
    if (engine_path && !direct_only && !strcmp(name, "mcts")) {
        uint64_t checksum = 0;
        for (int r = 0; r < rounds; r++)
            rate[r] = engine_round(engine_path, games, playouts, &checksum);
        printf("  %-44s %12.0f playouts/s  (moves %016llx)\n",
               "packeis-engine --player mcts: go nodes N", bench_median(rate, rounds),
               (unsigned long long)checksum);
    }
    for (int i = 0; i < POSITIONS; i++)
        packeis_game_free(games[i]);
    return 0;
}
