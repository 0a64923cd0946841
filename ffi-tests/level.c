/* Whole levels from C: the one-call mcrdun_level_generate with its three
 * two-call buffers, the level handle, the same tiles as Rust (golden
 * hashes shared with crates/dungeon/tests/levels.rs), and every error path. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

static uint64_t fnv1a(const uint8_t *bytes, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= bytes[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static McrdunLevelConfig config(uint32_t kind, uint32_t w, uint32_t h) {
    McrdunLevelConfig c;
    memset(&c, 0, sizeof c);
    CHECK_OK(mcrdun_level_config_default(kind, w, h, &c));
    return c;
}

/* A level built in one call, its buffers allocated by the two-call protocol. */
typedef struct {
    uint8_t *tiles;
    size_t tiles_len;
    McrdunLevelRoom *rooms;
    size_t rooms_len;
    McrdunLevelDoor *doors;
    size_t doors_len;
    McrdunLevelInfo info;
} Built;

static int build(const McrdunLevelConfig *c, uint64_t seed, Built *b) {
    memset(b, 0, sizeof *b);
    CHECK_STATUS(mcrdun_level_generate(c, seed, NULL, 0, &b->tiles_len, NULL, 0, &b->rooms_len,
                                       NULL, 0, &b->doors_len, NULL),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(b->tiles_len == (size_t)c->width * c->height);
    b->tiles = malloc(b->tiles_len);
    b->rooms = malloc((b->rooms_len + 1) * sizeof *b->rooms);
    b->doors = malloc((b->doors_len + 1) * sizeof *b->doors);
    if (b->tiles == NULL || b->rooms == NULL || b->doors == NULL) {
        return 0;
    }
    CHECK_OK(mcrdun_level_generate(c, seed, b->tiles, b->tiles_len, &b->tiles_len, b->rooms,
                                   b->rooms_len, &b->rooms_len, b->doors, b->doors_len,
                                   &b->doors_len, &b->info));
    return 1;
}

static void release(Built *b) {
    free(b->tiles);
    free(b->rooms);
    free(b->doors);
}

static uint8_t tile_at(const Built *b, int32_t x, int32_t y) {
    if (x < 0 || y < 0 || (uint32_t)x >= b->info.width || (uint32_t)y >= b->info.height) {
        return MCRDUN_TILE_WALL;
    }
    return b->tiles[(size_t)y * b->info.width + (size_t)x];
}

static int walkable_tile(uint8_t t) { return t != MCRDUN_TILE_WALL && t != MCRDUN_TILE_ROCK; }

/* Rock is a wall with no walkable tile among its 8 neighbours; every other
 * wall has one. */
static void check_rock(const Built *b) {
    int32_t x, y, dx, dy;
    for (y = 0; y < (int32_t)b->info.height; y++) {
        for (x = 0; x < (int32_t)b->info.width; x++) {
            uint8_t t = tile_at(b, x, y);
            int near = 0;
            if (t != MCRDUN_TILE_WALL && t != MCRDUN_TILE_ROCK) continue;
            for (dy = -1; dy <= 1; dy++) {
                for (dx = -1; dx <= 1; dx++) near |= walkable_tile(tile_at(b, x + dx, y + dy));
            }
            CHECK((t == MCRDUN_TILE_ROCK) == !near);
        }
    }
}

static void test_every_kind(void) {
    uint32_t kind;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_DRUNKARD; kind++) {
        McrdunLevelConfig c = config(kind, 70, 44);
        Built b;
        size_t i, ups = 0, downs = 0, door_tiles = 0, walkable = 0, rock = 0;
        if (!build(&c, 2024, &b)) {
            CHECK(0);
            return;
        }
        CHECK(b.info.kind == kind && b.info.width == 70 && b.info.height == 44);
        for (i = 0; i < b.tiles_len; i++) {
            CHECK(b.tiles[i] <= MCRDUN_TILE_ROCK);
            ups += b.tiles[i] == MCRDUN_TILE_STAIRS_UP;
            downs += b.tiles[i] == MCRDUN_TILE_STAIRS_DOWN;
            door_tiles += b.tiles[i] == MCRDUN_TILE_DOOR;
            walkable += walkable_tile(b.tiles[i]);
            rock += b.tiles[i] == MCRDUN_TILE_ROCK;
        }
        CHECK(ups == 1 && downs == 1 && rock > 0);
        check_rock(&b);
        CHECK(walkable == b.info.walkable);
        CHECK(tile_at(&b, b.info.stairs_up.x, b.info.stairs_up.y) == MCRDUN_TILE_STAIRS_UP);
        CHECK(tile_at(&b, b.info.stairs_down.x, b.info.stairs_down.y) == MCRDUN_TILE_STAIRS_DOWN);
        CHECK(b.info.longest_path > 0 && b.info.regions >= 1);
        CHECK(door_tiles == b.doors_len && b.info.doors == b.doors_len);
        CHECK(b.info.rooms == b.rooms_len);
        for (i = 0; i < b.doors_len; i++) {
            McrdunPoint p = b.doors[i].at;
            int around = walkable_tile(tile_at(&b, p.x, p.y - 1)) +
                         walkable_tile(tile_at(&b, p.x + 1, p.y)) +
                         walkable_tile(tile_at(&b, p.x, p.y + 1)) +
                         walkable_tile(tile_at(&b, p.x - 1, p.y));
            CHECK(tile_at(&b, p.x, p.y) == MCRDUN_TILE_DOOR);
            CHECK(around >= 2);
            CHECK(b.doors[i].room_a < b.doors[i].room_b && b.doors[i].room_b < b.rooms_len);
        }
        for (i = 0; i < b.rooms_len; i++) {
            McrdunRect r = b.rooms[i].bounds;
            CHECK(r.x >= 1 && r.y >= 1 && r.x + r.w < 70 && r.y + r.h < 44);
            CHECK(b.rooms[i].area >= 1 && (int64_t)b.rooms[i].area <= (int64_t)r.w * r.h);
        }
        if (kind == MCRDUN_LEVEL_KIND_MAZE || kind == MCRDUN_LEVEL_KIND_CAVE ||
            kind == MCRDUN_LEVEL_KIND_DRUNKARD) {
            CHECK(b.rooms_len == 0 && b.doors_len == 0);
        } else {
            /* Each group of linked rooms is a tree of doors at least; the groups
             * (counted in info.regions before joining) are joined by digging. */
            CHECK(b.rooms_len >= 2 && b.doors_len + b.info.regions >= b.rooms_len);
        }
        release(&b);
    }
}

/* The same tiles as the Rust golden test (crates/dungeon/tests/levels.rs),
 * which hashes Rust's tile bytes: there, rock is a wall. */
static void test_same_tiles_as_rust(void) {
    static const struct {
        uint32_t kind, w, h;
        uint64_t seed, hash;
    } golden[] = {
        {MCRDUN_LEVEL_KIND_BSP, 80, 50, 7u, 0x1d999d0ea08edcf2ull},
        {MCRDUN_LEVEL_KIND_BSP, 64, 40, 12345u, 0x953f02640045c5c0ull},
        {MCRDUN_LEVEL_KIND_BSP, 81, 51, 3u, 0x05b2af17de2bdd7eull},
        {MCRDUN_LEVEL_KIND_SCATTER, 80, 50, 7u, 0xafdbe6674b6ccf18ull},
        {MCRDUN_LEVEL_KIND_SCATTER, 64, 40, 12345u, 0xbf423f8ef1e3c1cbull},
        {MCRDUN_LEVEL_KIND_SCATTER, 81, 51, 3u, 0x1e6e621bf14f8f8bull},
        {MCRDUN_LEVEL_KIND_MAZE, 80, 50, 7u, 0x4a216129df460cabull},
        {MCRDUN_LEVEL_KIND_MAZE, 64, 40, 12345u, 0x961d56442aecc82dull},
        {MCRDUN_LEVEL_KIND_MAZE, 81, 51, 3u, 0x0d41863be2f5cb59ull},
        {MCRDUN_LEVEL_KIND_CAVE, 80, 50, 7u, 0x236a2e9b5231b310ull},
        {MCRDUN_LEVEL_KIND_CAVE, 64, 40, 12345u, 0x321b5ca550c698acull},
        {MCRDUN_LEVEL_KIND_CAVE, 81, 51, 3u, 0xd988e625a78867faull},
        {MCRDUN_LEVEL_KIND_PASSAGES, 80, 50, 7u, 0x92d6792aa5ead03eull},
        {MCRDUN_LEVEL_KIND_PASSAGES, 64, 40, 12345u, 0x21e372d9e3ff1033ull},
        {MCRDUN_LEVEL_KIND_PASSAGES, 81, 51, 3u, 0x6c092a194e54f950ull},
        {MCRDUN_LEVEL_KIND_DRUNKARD, 80, 50, 7u, 0xb9bc045a66b62aa2ull},
        {MCRDUN_LEVEL_KIND_DRUNKARD, 64, 40, 12345u, 0x114aa1d8aee8e82bull},
        {MCRDUN_LEVEL_KIND_DRUNKARD, 81, 51, 3u, 0x7d06a535fa6724bcull},
    };
    size_t g;
    for (g = 0; g < sizeof golden / sizeof golden[0]; g++) {
        McrdunLevelConfig c = config(golden[g].kind, golden[g].w, golden[g].h);
        Built b;
        if (!build(&c, golden[g].seed, &b)) {
            CHECK(0);
            return;
        }
        size_t i;
        for (i = 0; i < b.tiles_len; i++) {
            if (b.tiles[i] == MCRDUN_TILE_ROCK) b.tiles[i] = MCRDUN_TILE_WALL;
        }
        if (fnv1a(b.tiles, b.tiles_len) != golden[g].hash) {
            fprintf(stderr, "kind %u %ux%u seed %llu: hash %016llx\n", (unsigned)golden[g].kind,
                    (unsigned)golden[g].w, (unsigned)golden[g].h,
                    (unsigned long long)golden[g].seed,
                    (unsigned long long)fnv1a(b.tiles, b.tiles_len));
            CHECK(0);
        }
        release(&b);
    }
}

static void test_handle_matches_one_call(void) {
    McrdunLevelConfig c = config(MCRDUN_LEVEL_KIND_BSP, 80, 50);
    McrdunLevel *level = NULL;
    McrdunLevelInfo info;
    Built b;
    uint8_t *tiles;
    McrdunLevelRoom rooms[256];
    McrdunLevelDoor doors[512];
    size_t len = 0;

    if (!build(&c, 7, &b)) {
        CHECK(0);
        return;
    }
    CHECK_OK(mcrdun_level_new(&c, 7, &level));
    CHECK(level != NULL);
    CHECK_OK(mcrdun_level_info(level, &info));
    /* Field by field: the struct has padding bytes. */
    CHECK(info.kind == b.info.kind && info.width == b.info.width && info.height == b.info.height);
    CHECK(info.stairs_up.x == b.info.stairs_up.x && info.stairs_up.y == b.info.stairs_up.y);
    CHECK(info.stairs_down.x == b.info.stairs_down.x && info.stairs_down.y == b.info.stairs_down.y);
    CHECK(info.rooms == b.info.rooms && info.doors == b.info.doors);
    CHECK(info.walkable == b.info.walkable && info.regions == b.info.regions);
    CHECK(info.dug == b.info.dug && info.loops == b.info.loops);
    CHECK(info.dead_ends == b.info.dead_ends && info.longest_path == b.info.longest_path);

    CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 80 * 50);
    tiles = malloc(len);
    CHECK_STATUS(mcrdun_level_tiles(level, tiles, len - 1, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
    CHECK(tiles != NULL && memcmp(tiles, b.tiles, len) == 0);
    free(tiles);

    CHECK_OK(mcrdun_level_rooms(level, rooms, 256, &len));
    CHECK(len == b.rooms_len && memcmp(rooms, b.rooms, len * sizeof rooms[0]) == 0);
    CHECK_OK(mcrdun_level_doors(level, doors, 512, &len));
    CHECK(len == b.doors_len && memcmp(doors, b.doors, len * sizeof doors[0]) == 0);

    CHECK_STATUS(mcrdun_level_tiles(NULL, NULL, 0, &len), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`level` is NULL");
    CHECK_STATUS(mcrdun_level_rooms(level, rooms, 256, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_doors(NULL, doors, 512, &len), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_info(level, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_level_info(NULL, &info), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_level_free(level);
    mcrdun_level_free(NULL);
    release(&b);
}

static void test_buffers_and_skipping(void) {
    McrdunLevelConfig c = config(MCRDUN_LEVEL_KIND_SCATTER, 80, 50);
    uint8_t tiles[80 * 50];
    McrdunLevelRoom room;
    size_t tl = 0, rl = 0, dl = 0;
    McrdunLevelInfo info;

    /* Rooms and doors skipped, no info: only the tiles. */
    memset(tiles, 0xAB, sizeof tiles);
    CHECK_OK(mcrdun_level_generate(&c, 3, tiles, sizeof tiles, &tl, NULL, 0, NULL, NULL, 0, NULL,
                                   NULL));
    CHECK(tl == sizeof tiles && tiles[0] == MCRDUN_TILE_ROCK);

    /* A rooms buffer too small: every length told, nothing written. */
    memset(tiles, 0xAB, sizeof tiles);
    memset(&info, 0xCD, sizeof info);
    CHECK_STATUS(mcrdun_level_generate(&c, 3, tiles, sizeof tiles, &tl, &room, 1, &rl, NULL, 0,
                                       &dl, &info),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(tl == sizeof tiles && rl > 1 && dl >= 1);
    CHECK(tiles[0] == 0xAB && tiles[sizeof tiles - 1] == 0xAB);
    CHECK(info.width == 0xCDCDCDCDu);
    CHECK_LAST_ERROR_HAS("`rooms` holds 1");
    CHECK_LAST_ERROR_HAS("`doors` holds 0");

    /* The tiles buffer too small. */
    CHECK_STATUS(mcrdun_level_generate(&c, 3, tiles, 10, &tl, NULL, 0, NULL, NULL, 0, NULL, NULL),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(tl == sizeof tiles);
}

static void test_errors(void) {
    McrdunLevelConfig c = config(MCRDUN_LEVEL_KIND_CAVE, 60, 40);
    McrdunLevel *level = NULL;
    size_t tl = 0;

    CHECK_STATUS(mcrdun_level_config_default(MCRDUN_LEVEL_KIND_DRUNKARD + 1, 10, 10, &c), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("MCRDUN_LEVEL_KIND_");
    CHECK_STATUS(mcrdun_level_config_default(0, 10, 10, NULL), MCRDUN_STATUS_NULL_ARGUMENT);

    CHECK_STATUS(mcrdun_level_generate(NULL, 1, NULL, 0, &tl, NULL, 0, NULL, NULL, 0, NULL, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`config` is NULL");
    CHECK_STATUS(mcrdun_level_generate(&c, 1, NULL, 0, NULL, NULL, 0, NULL, NULL, 0, NULL, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`tiles_len` is NULL");

    /* A high fill on a tiny map leaves no cave. */
    c = config(MCRDUN_LEVEL_KIND_CAVE, 5, 5);
    c.cave_fill = 0.6;
    CHECK_STATUS(mcrdun_level_generate(&c, 1, NULL, 0, &tl, NULL, 0, NULL, NULL, 0, NULL, NULL),
                 MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_LAST_ERROR_HAS("no level can be made");
    c.cave_fill = nan("");
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("cave_fill");
    CHECK(level == NULL);

    c = config(MCRDUN_LEVEL_KIND_CAVE, 3, 3);
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("too small");
    c = config(MCRDUN_LEVEL_KIND_CAVE, 4000000000u, 4000000000u);
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_TOO_LARGE);
    c.kind = 77;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);

    c = config(MCRDUN_LEVEL_KIND_MAZE, 41, 31);
    c.maze_algorithm = 11;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("maze_algorithm");
    c.maze_algorithm = 0;
    c.maze_pattern42 = 2;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("maze_pattern42");
    c.maze_pattern42 = 1;
    c.maze_braid = -0.5;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    c.maze_braid = 0.25;
    CHECK_OK(mcrdun_level_new(&c, 1, &level));
    mcrdun_level_free(level);
    level = NULL;

    c = config(MCRDUN_LEVEL_KIND_BSP, 80, 50);
    c.min_leaf_width = 3;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("min-leaf-width");
    c = config(MCRDUN_LEVEL_KIND_SCATTER, 80, 50);
    c.max_room = 2;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    c = config(MCRDUN_LEVEL_KIND_PASSAGES, 80, 50);
    CHECK(c.rooms == 0); /* derived from the map's size */
    c.rooms = 4000000000u;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("invalid rooms");
    c = config(MCRDUN_LEVEL_KIND_BSP, 80, 50);
    c.loop_factor = 1001;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("loop_factor");
    c.loop_factor = 1; /* every value of the schema's range: 1 links every adjacency */
    CHECK_OK(mcrdun_level_new(&c, 1, &level));
    mcrdun_level_free(level);
    level = NULL;
    c.loop_factor = 4;
    CHECK_OK(mcrdun_level_new(&c, 1, &level));
    mcrdun_level_free(level);
    level = NULL;
    c = config(MCRDUN_LEVEL_KIND_BSP, 300, 300);
    c.max_bytes = 1000;
    CHECK_STATUS(mcrdun_level_new(&c, 1, &level), MCRDUN_STATUS_TOO_LARGE);
    CHECK_LAST_ERROR_HAS("max_bytes");
    CHECK_STATUS(mcrdun_level_new(&c, 1, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK(level == NULL);
}

int main(void) {
    test_every_kind();
    test_same_tiles_as_rust();
    test_handle_matches_one_call();
    test_buffers_and_skipping();
    test_errors();
    return check_finish("level.c");
}
