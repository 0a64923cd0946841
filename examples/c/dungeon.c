/* mcrdun from C: rooms in the leaves of a BSP, joined by doors along the
 * leaf adjacency (entrance and exit leaves near opposite corners, a
 * breadth-first path between them over the adjacency, a door in the middle
 * of each shared wall), then a whole level in one call.
 *
 *     cc -std=c99 dungeon.c $(pkg-config --cflags --libs mcrdun) -o dungeon
 *     ./dungeon [seed]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mcrdun.h"

enum { W = 80, H = 50 };

/* Prints the failed call, its status and this thread's last error. */
static int fail(const char *what, McrdunStatus status) {
    char detail[512];
    size_t len = 0;
    detail[0] = '\0';
    mcrdun_last_error(detail, sizeof detail, &len);
    fprintf(stderr, "%s: %s (%s)\n", what, mcrdun_status_str((uint32_t)status), detail);
    return 1;
}

#define TRY(call)                                   \
    do {                                            \
        McrdunStatus try_status_ = (call);          \
        if (try_status_ != MCRDUN_STATUS_OK) {      \
            return fail(#call, try_status_);        \
        }                                           \
    } while (0)

static void print_map(const char *map, int w, int h) {
    int y;
    for (y = 0; y < h; y++) {
        printf("%.*s\n", w, map + (size_t)y * (size_t)w);
    }
}

/* Rooms in the leaves of a BSP, doors along a path over the adjacency. */
static int bsp_rooms(uint64_t seed) {
    McrdunBsp *bsp = NULL;
    static char map[W * H];
    size_t came_from[64], queue[64], path[64];
    size_t count, i, head = 0, tail = 0, start = 0, end = 0, path_len = 0;
    int best_lo = 0, best_hi = 0, x, y;

    TRY(mcrdun_bsp_new(0, 0, W, H, &bsp));
    TRY(mcrdun_bsp_split_recursive(bsp, seed, 4, 8, 8, 1.5f, 1.5f));
    count = mcrdun_bsp_leaf_count(bsp); /* at most 2^4 = 16 */

    /* A room fills each leaf but its outer ring of tiles. */
    for (i = 0; i < (size_t)W * H; i++) map[i] = '#';
    for (i = 0; i < count; i++) {
        McrdunRect r;
        int key;
        TRY(mcrdun_bsp_leaf_rect(bsp, i, &r));
        for (y = r.y + 1; y < r.y + r.h - 1; y++)
            for (x = r.x + 1; x < r.x + r.w - 1; x++) map[y * W + x] = '.';
        /* Entrance and exit: the leaves whose centres are nearest opposite corners. */
        key = (r.x + r.w / 2) + (r.y + r.h / 2);
        if (i == 0 || key < best_lo) best_lo = key, start = i;
        if (i == 0 || key > best_hi) best_hi = key, end = i;
    }

    /* Breadth-first search over the adjacency. */
    for (i = 0; i < count; i++) came_from[i] = SIZE_MAX;
    came_from[start] = start;
    queue[tail++] = start;
    while (head < tail) {
        size_t cur = queue[head++], n = 0, k;
        uint32_t next[64];
        TRY(mcrdun_bsp_adjacency(bsp, cur, next, 64, &n));
        for (k = 0; k < n; k++) {
            if (came_from[next[k]] == SIZE_MAX) {
                came_from[next[k]] = cur;
                queue[tail++] = next[k];
            }
        }
    }
    for (i = end;; i = came_from[i]) {
        path[path_len++] = i;
        if (i == start) break;
    }

    /* A door in the middle of each shared wall on the path: the tile on
     * each side of the wall, facing each other. */
    printf("BSP %dx%d, seed %llu: %zu leaves, path from leaf %zu to leaf %zu\n", W, H,
           (unsigned long long)seed, count, start, end);
    for (i = path_len - 1; i > 0; i--) {
        size_t a = path[i], b = path[i - 1], n = 0;
        McrdunPoint mine[W + H], theirs[W + H];
        TRY(mcrdun_bsp_adjacent_tiles(bsp, a, b, mine, W + H, &n));
        TRY(mcrdun_bsp_adjacent_tiles(bsp, b, a, theirs, W + H, &n));
        map[mine[n / 2].y * W + mine[n / 2].x] = '+';
        map[theirs[n / 2].y * W + theirs[n / 2].x] = '+';
        printf("door between rooms %zu and %zu at (%d, %d)\n", a, b, mine[n / 2].x, mine[n / 2].y);
    }
    print_map(map, W, H);
    mcrdun_bsp_free(bsp);
    return 0;
}

/* A whole level in one call. */
static int level(uint64_t seed) {
    static const char glyph[] = "#.,+<> "; /* MCRDUN_TILE_WALL .. STAIRS_DOWN, ROCK */
    static uint8_t tiles[W * H];
    static char map[W * H];
    McrdunLevelConfig config;
    McrdunLevelInfo info;
    size_t len = 0, i;

    TRY(mcrdun_level_config_default(MCRDUN_LEVEL_KIND_BSP, W, H, &config));
    /* Rooms and doors skipped (NULL lengths); tiles and the summary kept. */
    TRY(mcrdun_level_generate(&config, seed, tiles, sizeof tiles, &len, NULL, 0, NULL, NULL, 0,
                              NULL, &info));
    for (i = 0; i < len; i++) map[i] = glyph[tiles[i]];
    printf("\nlevel %ux%u, seed %llu: %zu rooms, %zu doors, stairs (%d, %d) -> (%d, %d), %zu steps\n",
           info.width, info.height, (unsigned long long)seed, info.rooms, info.doors, info.stairs_up.x,
           info.stairs_up.y, info.stairs_down.x, info.stairs_down.y, info.longest_path);
    print_map(map, W, H);
    return 0;
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 42;
    printf("mcrdun %s\n", mcrdun_version());
    if (bsp_rooms(seed) != 0 || level(seed) != 0) {
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
