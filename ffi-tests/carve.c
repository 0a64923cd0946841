/* Mazes from C: every carver gives a perfect maze (checked here with an
 * independent flood fill over the wall bytes), the "42" mask, braiding,
 * solving, the hex file and tiles, and every error path. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

#define W 20
#define H 15

static McrdunMaze *new_maze(uint32_t w, uint32_t h) {
    McrdunMaze *m = NULL;
    CHECK_OK(mcrdun_maze_new(w, h, &m));
    CHECK(m != NULL);
    return m;
}

/* Reads the walls with the two-call protocol; the caller frees. */
static uint8_t *walls_of(const McrdunMaze *m, size_t *n) {
    uint8_t *buf;
    *n = 0;
    CHECK_STATUS(mcrdun_maze_walls(m, NULL, 0, n), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    buf = (uint8_t *)malloc(*n);
    CHECK(buf != NULL);
    CHECK_OK(mcrdun_maze_walls(m, buf, *n, n));
    return buf;
}

/* Open walls between cells (each counted once), after checking that
 * neighbours agree and the border is closed. */
static size_t count_passages(const uint8_t *walls, uint32_t w, uint32_t h) {
    size_t passages = 0;
    uint32_t x, y;
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            uint8_t v = walls[y * w + x];
            CHECK(v <= 15);
            if (y == 0) CHECK(v & 1);
            if (x == w - 1) CHECK(v & 2);
            if (y == h - 1) CHECK(v & 4);
            if (x == 0) CHECK(v & 8);
            if (x + 1 < w) {
                CHECK(((v & 2) != 0) == ((walls[y * w + x + 1] & 8) != 0));
                passages += (v & 2) == 0;
            }
            if (y + 1 < h) {
                CHECK(((v & 4) != 0) == ((walls[(y + 1) * w + x] & 1) != 0));
                passages += (v & 4) == 0;
            }
        }
    }
    return passages;
}

/* Cells reached from `start` through open walls. */
static size_t reached(const uint8_t *walls, uint32_t w, uint32_t h, uint32_t start) {
    size_t n = (size_t)w * h, head = 0, tail = 0, count = 0;
    uint32_t *queue = (uint32_t *)malloc(n * sizeof *queue);
    unsigned char *seen = (unsigned char *)calloc(n, 1);
    CHECK(queue != NULL && seen != NULL);
    queue[tail++] = start;
    seen[start] = 1;
    while (head < tail) {
        uint32_t c = queue[head++];
        uint32_t next[4];
        int k, m = 0;
        count++;
        if (!(walls[c] & 1)) next[m++] = c - w;
        if (!(walls[c] & 2)) next[m++] = c + 1;
        if (!(walls[c] & 4)) next[m++] = c + w;
        if (!(walls[c] & 8)) next[m++] = c - 1;
        for (k = 0; k < m; k++) {
            if (!seen[next[k]]) {
                seen[next[k]] = 1;
                queue[tail++] = next[k];
            }
        }
    }
    free(queue);
    free(seen);
    return count;
}

static void test_every_algorithm_is_perfect(void) {
    uint32_t a;
    for (a = MCRDUN_MAZE_ALGORITHM_BACKTRACKER; a <= MCRDUN_MAZE_ALGORITHM_BINARY_TREE; a++) {
        int masked = a != MCRDUN_MAZE_ALGORITHM_ELLER && a != MCRDUN_MAZE_ALGORITHM_SIDEWINDER &&
                     a != MCRDUN_MAZE_ALGORITHM_BINARY_TREE;
        McrdunMaze *m = new_maze(W, H);
        size_t n, open = W * H, blocked = 0, i;
        uint8_t *walls;
        if (masked) {
            CHECK_OK(mcrdun_maze_block_pattern42(m));
        }
        CHECK_OK(mcrdun_maze_carve(m, a, 0, 0, 42));
        walls = walls_of(m, &n);
        CHECK(n == W * H);
        for (i = 0; i < n; i++) {
            bool b = false;
            CHECK_OK(mcrdun_maze_is_blocked(m, (uint32_t)(i % W), (uint32_t)(i / W), &b));
            if (b) {
                CHECK(walls[i] == 15);
                blocked++;
            }
        }
        CHECK(blocked == (masked ? 18u : 0u));
        open -= blocked;
        CHECK(count_passages(walls, W, H) == open - 1);
        CHECK(reached(walls, W, H, 0) == open);
        CHECK(mcrdun_maze_loop_count(m) == 0);
        free(walls);
        mcrdun_maze_free(m);
    }
}

static void test_same_seed_same_maze(void) {
    McrdunMaze *a = new_maze(W, H), *b = new_maze(W, H);
    size_t n1, n2;
    uint8_t *w1, *w2;
    CHECK_OK(mcrdun_maze_carve(a, MCRDUN_MAZE_ALGORITHM_WILSON, 3, 4, 7));
    CHECK_OK(mcrdun_maze_carve(b, MCRDUN_MAZE_ALGORITHM_WILSON, 3, 4, 7));
    w1 = walls_of(a, &n1);
    w2 = walls_of(b, &n2);
    CHECK(n1 == n2 && memcmp(w1, w2, n1) == 0);
    free(w2);
    CHECK_OK(mcrdun_maze_carve(b, MCRDUN_MAZE_ALGORITHM_WILSON, 3, 4, 8));
    w2 = walls_of(b, &n2);
    CHECK(memcmp(w1, w2, n1) != 0);
    free(w1);
    free(w2);
    mcrdun_maze_free(a);
    mcrdun_maze_free(b);
}

static void test_braid_and_solve(void) {
    McrdunMaze *m = new_maze(W, H);
    char path[W * H + 1];
    size_t len = 0, n, i;
    uint32_t x = 0, y = 0;
    uint8_t *walls;
    McrdunMazeTexture before, after;

    CHECK_OK(mcrdun_maze_block_pattern42(m));
    CHECK_OK(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_BACKTRACKER, 0, 0, 7));
    CHECK_OK(mcrdun_maze_texture(m, &before));
    CHECK(before.dead_end_percent > 0.0 && before.longest_path > 0);

    /* The two-call protocol: size first (NUL included), then the path. */
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, W - 1, H - 1, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len >= W - 1 + H - 1 + 1);
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, W - 1, H - 1, path, len - 1, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_OK(mcrdun_maze_solve(m, 0, 0, W - 1, H - 1, path, sizeof path, &len));
    CHECK(strlen(path) + 1 == len);

    /* Walk the path through the walls. */
    walls = walls_of(m, &n);
    for (i = 0; path[i] != '\0'; i++) {
        uint8_t v = walls[y * W + x];
        switch (path[i]) {
        case 'N': CHECK(!(v & MCRDUN_SIDE_NORTH)); y--; break;
        case 'E': CHECK(!(v & MCRDUN_SIDE_EAST)); x++; break;
        case 'S': CHECK(!(v & MCRDUN_SIDE_SOUTH)); y++; break;
        case 'W': CHECK(!(v & MCRDUN_SIDE_WEST)); x--; break;
        default: CHECK(0);
        }
    }
    CHECK(x == W - 1 && y == H - 1);
    free(walls);

    CHECK_OK(mcrdun_maze_solve(m, 5, 5, 5, 5, path, sizeof path, &len));
    CHECK(len == 1 && path[0] == '\0');

    CHECK_OK(mcrdun_maze_braid(m, 1.0, 3));
    CHECK(mcrdun_maze_loop_count(m) > 0);
    CHECK_OK(mcrdun_maze_texture(m, &after));
    CHECK(after.dead_end_percent < before.dead_end_percent);
    mcrdun_maze_free(m);
}

static void test_hex_and_tiles(void) {
    McrdunMaze *m = new_maze(W, H), *back = NULL;
    size_t len = 0, n1, n2;
    char *text;
    uint8_t *w1, *w2, *tiles;

    CHECK_OK(mcrdun_maze_block_pattern42(m));
    CHECK_OK(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_KRUSKAL, 0, 0, 11));
    CHECK_STATUS(mcrdun_maze_hex(m, 0, 0, W - 1, H - 1, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    text = (char *)malloc(len);
    CHECK(text != NULL);
    CHECK_OK(mcrdun_maze_hex(m, 0, 0, W - 1, H - 1, text, len, &len));
    CHECK(strlen(text) + 1 == len);
    CHECK(strncmp(text + (W + 1) * H, "\n0,0\n19,14\n", 11) == 0);
    CHECK(text[len - 2] == '\n');

    CHECK_OK(mcrdun_maze_read_hex(text, len - 1, &back));
    w1 = walls_of(m, &n1);
    w2 = walls_of(back, &n2);
    CHECK(n1 == n2 && memcmp(w1, w2, n1) == 0);
    free(w1);
    free(w2);
    mcrdun_maze_free(back);

    /* A broken file: a wrong digit makes neighbours disagree. */
    text[0] = text[0] == '0' ? '1' : '0';
    back = (McrdunMaze *)&len; /* must stay untouched */
    CHECK_STATUS(mcrdun_maze_read_hex(text, len - 1, &back), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(back == (McrdunMaze *)&len);
    CHECK_LAST_ERROR_HAS("line 1");
    free(text);

    CHECK_STATUS(mcrdun_maze_tiles(m, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == (2 * W + 1) * (2 * H + 1));
    tiles = (uint8_t *)malloc(len);
    CHECK(tiles != NULL);
    CHECK_OK(mcrdun_maze_tiles(m, tiles, len, &len));
    CHECK(tiles[0] == MCRDUN_MAZE_TILE_WALL);
    CHECK(tiles[(2 * W + 1) + 1] == MCRDUN_MAZE_TILE_FLOOR);
    free(tiles);
    mcrdun_maze_free(m);
}

static void test_open_wall_and_size(void) {
    McrdunMaze *m = new_maze(3, 2);
    uint32_t w = 0, h = 0;
    uint8_t walls[6];
    size_t len = 0;
    CHECK_OK(mcrdun_maze_size(m, &w, &h));
    CHECK(w == 3 && h == 2);
    CHECK_OK(mcrdun_maze_open_wall(m, 0, 0, MCRDUN_SIDE_EAST));
    CHECK_OK(mcrdun_maze_walls(m, walls, sizeof walls, &len));
    CHECK(walls[0] == (15 & ~2) && walls[1] == (15 & ~8));
    CHECK_STATUS(mcrdun_maze_open_wall(m, 0, 0, MCRDUN_SIDE_NORTH), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("border");
    CHECK_STATUS(mcrdun_maze_open_wall(m, 0, 0, 3), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_open_wall(m, 3, 0, MCRDUN_SIDE_WEST), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_size(m, NULL, &h), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_maze_free(m);
}

static void test_errors(void) {
    McrdunMaze *m = NULL, *small;
    uint8_t walls[W * H], copy[W * H];
    size_t len = 0;
    char path[8];
    bool b;
    McrdunMazeTexture t;

    /* Bad sizes: nothing written to `out`. */
    CHECK_STATUS(mcrdun_maze_new(0, 5, &m), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(m == NULL);
    CHECK_STATUS(mcrdun_maze_new(5, 0, &m), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_new(UINT32_MAX, 1, &m), MCRDUN_STATUS_TOO_LARGE);
    CHECK_STATUS(mcrdun_maze_new(2000000000u, 2000000000u, &m), MCRDUN_STATUS_TOO_LARGE);
    CHECK(m == NULL);
    CHECK_STATUS(mcrdun_maze_new(5, 5, NULL), MCRDUN_STATUS_NULL_ARGUMENT);

    /* NULL handles everywhere. */
    CHECK_STATUS(mcrdun_maze_block(NULL, 0, 0), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`maze` is NULL");
    CHECK_STATUS(mcrdun_maze_block_pattern42(NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_carve(NULL, 0, 0, 0, 1), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_carve_piece(NULL, 0, 0, 0, 1), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_walls(NULL, walls, sizeof walls, &len), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK(mcrdun_maze_loop_count(NULL) == 0);
    CHECK_LAST_ERROR_HAS("`maze` is NULL");
    CHECK_STATUS(mcrdun_maze_braid(NULL, 0.5, 1), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_solve(NULL, 0, 0, 0, 0, path, sizeof path, &len),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_texture(NULL, &t), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_is_blocked(NULL, 0, 0, &b), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_read_hex(NULL, 5, &m), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_maze_free(NULL);

    m = new_maze(W, H);
    CHECK_OK(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_PRIM, 0, 0, 5));
    CHECK_OK(mcrdun_maze_walls(m, walls, sizeof walls, &len));

    /* Bad carves leave the maze unchanged. */
    CHECK_STATUS(mcrdun_maze_carve(m, 11, 0, 0, 1), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("not a maze algorithm");
    CHECK_STATUS(mcrdun_maze_carve(m, UINT32_MAX, 0, 0, 1), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_carve(m, 0, W, 0, 1), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_carve(m, 0, 0, UINT32_MAX, 1), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_braid(m, -0.5, 1), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_braid(m, 1.5, 1), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_braid(m, strtod("nan", NULL), 1), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("fraction");
    CHECK_OK(mcrdun_maze_walls(m, copy, sizeof copy, &len));
    CHECK(memcmp(walls, copy, sizeof walls) == 0);

    /* A blocked start; masks refused by row-wise carvers; split masks. */
    CHECK_OK(mcrdun_maze_block_pattern42(m));
    CHECK_OK(mcrdun_maze_walls(m, walls, sizeof walls, &len));
    CHECK_STATUS(mcrdun_maze_carve(m, 0, 6, 5, 1), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("blocked");
    CHECK_STATUS(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_ELLER, 0, 0, 1),
                 MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_STATUS(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_SIDEWINDER, 0, 0, 1),
                 MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_STATUS(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_BINARY_TREE, 0, 0, 1),
                 MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_LAST_ERROR_HAS("cannot honour a mask");
    CHECK_OK(mcrdun_maze_walls(m, copy, sizeof copy, &len));
    CHECK(memcmp(walls, copy, sizeof walls) == 0);
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, 6, 5, path, sizeof path, &len),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, 0, H, path, sizeof path, &len),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, 0, 0, path, sizeof path, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_block(m, W, 0), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_is_blocked(m, 0, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_maze_free(m);

    m = new_maze(5, 3);
    CHECK_OK(mcrdun_maze_block(m, 2, 0));
    CHECK_OK(mcrdun_maze_block(m, 2, 1));
    CHECK_OK(mcrdun_maze_block(m, 2, 2));
    CHECK_STATUS(mcrdun_maze_carve(m, 0, 0, 0, 1), MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_LAST_ERROR_HAS("pieces");
    CHECK_OK(mcrdun_maze_carve_piece(m, 0, 0, 0, 1));
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, 4, 0, path, sizeof path, &len),
                 MCRDUN_STATUS_UNSATISFIABLE);
    mcrdun_maze_free(m);

    /* Too small for the "42". */
    small = new_maze(8, 7);
    CHECK_STATUS(mcrdun_maze_block_pattern42(small), MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_LAST_ERROR_HAS("too small");
    mcrdun_maze_free(small);
}

/* The hex text of `m` with its stored entry and exit; the caller frees. */
static char *hex_file_of(const McrdunMaze *m) {
    size_t len = 0;
    char *text;
    CHECK_STATUS(mcrdun_maze_hex_file(m, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    text = (char *)malloc(len);
    CHECK(text != NULL);
    CHECK_OK(mcrdun_maze_hex_file(m, text, len, &len));
    CHECK(strlen(text) + 1 == len);
    return text;
}

static void test_entry_and_exit(void) {
    McrdunMaze *m = new_maze(W, H), *back = NULL, *tiny = NULL;
    uint32_t ex = 77, ey = 77, xx = 77, xy = 77;
    size_t len = 0;
    char *text, *again, hex[W * H * 3];
    char buf[64];

    CHECK_OK(mcrdun_maze_block_pattern42(m));
    CHECK_OK(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_KRUSKAL, 19, 0, 11));

    /* Nothing set yet: both calls refuse, the outputs stay untouched. */
    CHECK_STATUS(mcrdun_maze_ends(m, &ex, &ey, &xx, &xy), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("mcrdun_maze_set_ends");
    CHECK(ex == 77 && ey == 77 && xx == 77 && xy == 77);
    CHECK_STATUS(mcrdun_maze_hex_file(m, NULL, 0, &len), MCRDUN_STATUS_INVALID_ARGUMENT);

    /* Bad ends: in the "42" (its first cell is (6, 5) at 20 x 15),
     * outside, or the same cell; the maze keeps no ends. */
    CHECK_STATUS(mcrdun_maze_set_ends(m, 6, 5, 0, 14), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("blocked");
    CHECK_STATUS(mcrdun_maze_set_ends(m, 19, 0, 0, H), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_set_ends(m, W, 0, 0, 14), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_set_ends(m, UINT32_MAX, 0, 0, 14), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_maze_set_ends(m, 3, 3, 3, 3), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("must differ");
    CHECK_STATUS(mcrdun_maze_ends(m, &ex, &ey, &xx, &xy), MCRDUN_STATUS_INVALID_ARGUMENT);

    /* Good ends: read back, and the file is mcrdun_maze_hex's. */
    CHECK_OK(mcrdun_maze_set_ends(m, 19, 0, 0, 14));
    CHECK_OK(mcrdun_maze_ends(m, &ex, &ey, &xx, &xy));
    CHECK(ex == 19 && ey == 0 && xx == 0 && xy == 14);
    text = hex_file_of(m);
    CHECK_OK(mcrdun_maze_hex(m, 19, 0, 0, 14, hex, sizeof hex, &len));
    CHECK(strcmp(text, hex) == 0);
    CHECK(strncmp(text + (W + 1) * H, "\n19,0\n0,14\n", 11) == 0);

    /* Reading the file keeps its ends; writing it again gives it back. */
    CHECK_OK(mcrdun_maze_read_hex(text, strlen(text), &back));
    ex = ey = xx = xy = 77;
    CHECK_OK(mcrdun_maze_ends(back, &ex, &ey, &xx, &xy));
    CHECK(ex == 19 && ey == 0 && xx == 0 && xy == 14);
    again = hex_file_of(back);
    CHECK(strcmp(again, text) == 0);
    free(again);
    /* Moving them re-solves the path. */
    CHECK_OK(mcrdun_maze_set_ends(back, 0, 0, 19, 14));
    again = hex_file_of(back);
    CHECK_OK(mcrdun_maze_hex(m, 0, 0, 19, 14, hex, sizeof hex, &len));
    CHECK(strcmp(again, hex) == 0);
    free(again);
    mcrdun_maze_free(back);

    /* Blocking an end afterwards: the file is refused. */
    CHECK_OK(mcrdun_maze_block(m, 19, 0));
    CHECK_STATUS(mcrdun_maze_hex_file(m, NULL, 0, &len), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("blocked");
    free(text);
    mcrdun_maze_free(m);

    /* A fully closed cell is open only as an end of the file read: (2, 0)
     * here. Joined ends reach each other; that one cannot be reached. */
    strcpy(buf, "D7F\n\n2,0\n2,0\n\n");
    CHECK_OK(mcrdun_maze_read_hex(buf, strlen(buf), &tiny));
    {
        bool b = true;
        CHECK_OK(mcrdun_maze_is_blocked(tiny, 2, 0, &b));
        CHECK(!b);
    }
    CHECK_OK(mcrdun_maze_set_ends(tiny, 0, 0, 1, 0));
    again = hex_file_of(tiny);
    CHECK(strcmp(again, "D7F\n\n0,0\n1,0\nE\n") == 0);
    free(again);
    CHECK_OK(mcrdun_maze_set_ends(tiny, 0, 0, 2, 0));
    CHECK_STATUS(mcrdun_maze_hex_file(tiny, NULL, 0, &len), MCRDUN_STATUS_UNSATISFIABLE);
    mcrdun_maze_free(tiny);

    /* NULL arguments. */
    CHECK_STATUS(mcrdun_maze_set_ends(NULL, 0, 0, 1, 0), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_ends(NULL, &ex, &ey, &xx, &xy), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_hex_file(NULL, NULL, 0, &len), MCRDUN_STATUS_NULL_ARGUMENT);
    m = new_maze(2, 1);
    CHECK_OK(mcrdun_maze_set_ends(m, 0, 0, 1, 0));
    CHECK_STATUS(mcrdun_maze_ends(m, &ex, NULL, &xx, &xy), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_maze_hex_file(m, NULL, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_maze_free(m);
}

/* Past the memory limit, every maze call that needs working memory is
 * refused (loop_count with SIZE_MAX); those that need none still work. */
static void test_memory_limit(void) {
    McrdunMaze *m = new_maze(100, 80), *back = NULL;
    McrdunMazeTexture t;
    size_t len = 0, cells = 100 * 80, before, steps;
    uint8_t *tiles;
    char *text;

    CHECK_OK(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_KRUSKAL, 0, 0, 3));
    /* Reading a file: 2 bytes a cell and a byte a path step. */
    CHECK_STATUS(mcrdun_maze_hex(m, 0, 0, 99, 79, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    text = (char *)malloc(len);
    CHECK(text != NULL);
    CHECK_OK(mcrdun_maze_hex(m, 0, 0, 99, 79, text, len, &len));
    steps = strlen(strrchr(text, ',')) - 5; /* ",79\n" then the path and "\n" */
    before = mcrdun_set_memory_limit(cells * 2 + steps - 1);
    CHECK_STATUS(mcrdun_maze_read_hex(text, len - 1, &back), MCRDUN_STATUS_TOO_LARGE);
    CHECK(back == NULL);
    mcrdun_set_memory_limit(cells * 2 + steps);
    CHECK_OK(mcrdun_maze_read_hex(text, len - 1, &back));
    mcrdun_maze_free(back);
    mcrdun_set_memory_limit(before);
    free(text);
    /* One byte short of 9 bytes a cell. */
    before = mcrdun_set_memory_limit(cells * 9 - 1);
    CHECK(mcrdun_maze_loop_count(m) == SIZE_MAX);
    CHECK_STATUS(mcrdun_maze_texture(m, &t), MCRDUN_STATUS_TOO_LARGE);
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, 99, 79, NULL, 0, &len), MCRDUN_STATUS_TOO_LARGE);
    CHECK_STATUS(mcrdun_maze_hex(m, 0, 0, 99, 79, NULL, 0, &len), MCRDUN_STATUS_TOO_LARGE);
    CHECK_STATUS(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_PRIM, 0, 0, 1),
                 MCRDUN_STATUS_TOO_LARGE);
    CHECK_OK(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_SIDEWINDER, 0, 0, 1));
    CHECK_STATUS(mcrdun_maze_tiles(m, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    tiles = (uint8_t *)malloc(len);
    CHECK(tiles != NULL);
    CHECK_OK(mcrdun_maze_tiles(m, tiles, len, &len));
    free(tiles);
    CHECK_OK(mcrdun_maze_block_pattern42(m));
    /* Exactly 9 bytes a cell. */
    mcrdun_set_memory_limit(cells * 9);
    CHECK_OK(mcrdun_maze_carve(m, MCRDUN_MAZE_ALGORITHM_PRIM, 0, 0, 1));
    CHECK(mcrdun_maze_loop_count(m) == 0);
    CHECK_STATUS(mcrdun_maze_solve(m, 0, 0, 99, 79, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    mcrdun_set_memory_limit(before);
    mcrdun_maze_free(m);
}

int main(void) {
    test_every_algorithm_is_perfect();
    test_same_seed_same_maze();
    test_braid_and_solve();
    test_hex_and_tiles();
    test_open_wall_and_size();
    test_errors();
    test_entry_and_exit();
    test_memory_limit();
    return check_finish("carve");
}
