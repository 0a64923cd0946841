/* A program that uses an installed (or vendored) mcrdun the way an engine
 * would: it includes <mcrdun.h> through the include path the package gives
 * and links libmcrdun through pkg-config or CMake. crates/ffi/tests/install.rs
 * builds it each way and runs it.
 *
 * It checks, and exits non-zero on a mismatch:
 * - the header's MCRDUN_VERSION_* against mcrdun_version();
 * - a BSP: 80x50 split libtcod-exactly (MT seed 1, depth 4, min 8x8, ratios
 *   1.5) gives the leaves the real libtcod gives
 *   (crates/bsp/tests/data/libtcod_vectors.txt), and their adjacency is the
 *   one worked out from those rectangles by hand (shared wall segment of
 *   length >= 1), with the wall tiles facing each other;
 * - a level (BSP, 80x50, seed 7): its size, one staircase of each kind,
 *   walkable tiles as the info says.
 * and prints one line `level <fnv1a of the tiles> <walkable> <rooms> <doors>`
 * that the test compares with what the Rust library makes of the same seed. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mcrdun.h"

static int failures = 0;

#define EXPECT(cond)                                                        \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "consumer.c:%d: %s\n", __LINE__, #cond);        \
            failures++;                                                     \
        }                                                                   \
    } while (0)

static const int32_t LEAVES[16][4] = {
    {0, 0, 9, 11},    {9, 0, 9, 11},    {0, 11, 18, 9},   {0, 20, 18, 30},
    {18, 0, 9, 22},   {18, 22, 9, 28},  {27, 0, 26, 25},  {27, 25, 26, 25},
    {53, 0, 12, 13},  {53, 13, 12, 13}, {65, 0, 15, 13},  {65, 13, 15, 13},
    {53, 26, 17, 11}, {70, 26, 10, 11}, {53, 37, 10, 13}, {63, 37, 17, 13}};

/* Neighbours of each leaf above, ascending, ended by -1. */
static const int ADJACENCY[16][7] = {
    {1, 2, -1},           {0, 2, 4, -1},        {0, 1, 3, 4, -1},     {2, 4, 5, -1},
    {1, 2, 3, 5, 6, -1},  {3, 4, 6, 7, -1},     {4, 5, 7, 8, 9, -1},  {5, 6, 9, 12, 14, -1},
    {6, 9, 10, -1},       {6, 7, 8, 11, 12, -1}, {8, 11, -1},         {9, 10, 12, 13, -1},
    {7, 9, 11, 13, 14, 15, -1}, {11, 12, 15, -1},   {7, 12, 15, -1},      {12, 13, 14, -1}};

static void check_bsp(void) {
    McrdunBsp *bsp = NULL;
    size_t i;
    EXPECT(mcrdun_bsp_new(0, 0, 80, 50, &bsp) == MCRDUN_STATUS_OK);
    EXPECT(mcrdun_bsp_split_recursive_libtcod(bsp, 1, 4, 8, 8, 1.5f, 1.5f) == MCRDUN_STATUS_OK);
    EXPECT(mcrdun_bsp_leaf_count(bsp) == 16);
    for (i = 0; i < 16 && mcrdun_bsp_leaf_count(bsp) == 16; i++) {
        McrdunRect r;
        uint32_t next[16];
        size_t n = 0, k, expected = 0;
        EXPECT(mcrdun_bsp_leaf_rect(bsp, i, &r) == MCRDUN_STATUS_OK);
        EXPECT(r.x == LEAVES[i][0] && r.y == LEAVES[i][1] && r.w == LEAVES[i][2] &&
               r.h == LEAVES[i][3]);
        EXPECT(mcrdun_bsp_adjacency(bsp, i, next, 16, &n) == MCRDUN_STATUS_OK);
        while (expected < 7 && ADJACENCY[i][expected] >= 0) expected++;
        EXPECT(n == expected);
        for (k = 0; k < n && k < expected; k++) {
            McrdunPoint mine[64], theirs[64];
            size_t m = 0, t = 0, j;
            EXPECT(next[k] == (uint32_t)ADJACENCY[i][k]);
            EXPECT(mcrdun_bsp_adjacent_tiles(bsp, i, next[k], mine, 64, &m) == MCRDUN_STATUS_OK);
            EXPECT(mcrdun_bsp_adjacent_tiles(bsp, next[k], i, theirs, 64, &t) == MCRDUN_STATUS_OK);
            EXPECT(m == t && m >= 1);
            for (j = 0; j < m && j < t; j++) {
                int dx = mine[j].x - theirs[j].x, dy = mine[j].y - theirs[j].y;
                EXPECT(dx * dx + dy * dy == 1);
            }
        }
    }
    /* Leaves 0 and 3 share no wall. */
    {
        McrdunPoint tiles[64];
        size_t n = 0;
        EXPECT(mcrdun_bsp_adjacent_tiles(bsp, 0, 3, tiles, 64, &n) == MCRDUN_STATUS_NOT_ADJACENT);
    }
    mcrdun_bsp_free(bsp);
}

static void check_level(void) {
    static uint8_t tiles[80 * 50];
    McrdunLevelConfig config;
    McrdunLevelInfo info;
    size_t len = 0, rooms = 0, doors = 0, i, ups = 0, downs = 0, walkable = 0;
    uint64_t hash = 0xcbf29ce484222325ull;
    EXPECT(mcrdun_level_config_default(MCRDUN_LEVEL_KIND_BSP, 80, 50, &config) == MCRDUN_STATUS_OK);
    EXPECT(mcrdun_level_generate(&config, 7, tiles, sizeof tiles, &len, NULL, 0, &rooms, NULL, 0,
                                 &doors, &info) == MCRDUN_STATUS_BUFFER_TOO_SMALL);
    /* Room and door buffers asked for but NULL: the counts come back. */
    EXPECT(len == 80 * 50 && rooms > 1 && doors >= rooms - 1);
    EXPECT(mcrdun_level_generate(&config, 7, tiles, sizeof tiles, &len, NULL, 0, NULL, NULL, 0, NULL,
                                 &info) == MCRDUN_STATUS_OK);
    EXPECT(info.width == 80 && info.height == 50 && info.rooms == rooms && info.doors == doors);
    for (i = 0; i < len; i++) {
        /* Rust's tile bytes, which the test hashes, have rock as a wall. */
        uint8_t plain = tiles[i] == MCRDUN_TILE_ROCK ? MCRDUN_TILE_WALL : tiles[i];
        hash = (hash ^ plain) * 0x100000001b3ull;
        ups += tiles[i] == MCRDUN_TILE_STAIRS_UP;
        downs += tiles[i] == MCRDUN_TILE_STAIRS_DOWN;
        walkable += plain != MCRDUN_TILE_WALL;
    }
    EXPECT(ups == 1 && downs == 1 && walkable == info.walkable);
    EXPECT(tiles[info.stairs_up.y * 80 + info.stairs_up.x] == MCRDUN_TILE_STAIRS_UP);
    printf("level %016llx %zu %zu %zu\n", (unsigned long long)hash, walkable, rooms, doors);
}

int main(void) {
    char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", MCRDUN_VERSION_MAJOR, MCRDUN_VERSION_MINOR,
             MCRDUN_VERSION_PATCH);
    EXPECT(strcmp(version, mcrdun_version()) == 0);
    printf("mcrdun %s\n", mcrdun_version());
    check_bsp();
    check_level();
    if (failures != 0) {
        fprintf(stderr, "consumer: %d check(s) failed\n", failures);
        return 1;
    }
    printf("consumer: all checks passed\n");
    return 0;
}
