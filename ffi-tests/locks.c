/* The locks-and-keys solver through the C ABI: walkthroughs read back by
 * the two-call protocol (legs that add up, keys in the only order a chain
 * allows), a puzzle without a way through named by its keys, and every
 * malformed puzzle refused with its status. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

static McrdunPoint pt(int32_t x, int32_t y) {
    McrdunPoint p;
    p.x = x;
    p.y = y;
    return p;
}

/* The crate example of mcrdun-locks: S . k . = . G on one row. */
static void test_corridor(void) {
    uint8_t walkable[7] = {1, 1, 1, 1, 1, 1, 1};
    McrdunPoint door = {4, 0};
    McrdunLock lock;
    McrdunKey key;
    McrdunLeg legs[4];
    size_t len = 0;
    uint64_t steps = 99;
    lock.id = 7;
    lock.doors = &door;
    lock.doors_len = 1;
    key.lock = 7;
    key.at = pt(2, 0);
    CHECK_STATUS(mcrdun_locks_solve(walkable, 7, 1, &lock, 1, &key, 1, pt(0, 0), pt(6, 0), NULL, 0, &len, &steps),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 2 && steps == 99);
    CHECK_STATUS(mcrdun_locks_solve(walkable, 7, 1, &lock, 1, &key, 1, pt(0, 0), pt(6, 0), legs, 1, &len, &steps),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 2);
    CHECK_OK(mcrdun_locks_solve(walkable, 7, 1, &lock, 1, &key, 1, pt(0, 0), pt(6, 0), legs, 4, &len, &steps));
    CHECK(len == 2 && steps == 6);
    CHECK(legs[0].key == 0 && legs[0].at.x == 2 && legs[0].steps == 2);
    CHECK(legs[1].key == MCRDUN_LEG_GOAL && legs[1].at.x == 6 && legs[1].steps == 4);
    /* `steps` may be NULL. */
    CHECK_OK(mcrdun_locks_solve(walkable, 7, 1, &lock, 1, &key, 1, pt(0, 0), pt(6, 0), legs, 4, &len, NULL));
    /* Without the key: stuck, nothing but *len touched. */
    steps = 99;
    len = 55;
    CHECK_STATUS(mcrdun_locks_solve(walkable, 7, 1, &lock, 1, NULL, 0, pt(0, 0), pt(6, 0), legs, 4, &len, &steps),
                 MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_LAST_ERROR_HAS("the goal cannot be reached with no key");
    CHECK(steps == 99 && len == 55);
    /* The key behind its own lock: never reached. */
    key.at = pt(5, 0);
    CHECK_STATUS(mcrdun_locks_solve(walkable, 7, 1, &lock, 1, &key, 1, pt(0, 0), pt(6, 0), legs, 4, &len, &steps),
                 MCRDUN_STATUS_UNSATISFIABLE);
    CHECK_LAST_ERROR_HAS("keys [0] cannot be reached");
}

/* A chain of three nested locks in a 9x3 map (keys in the side pockets):
 *
 *   . k . . k . . k .
 *   S . = . . = . . = G     (row 1; G at x = 9)
 *   . . . . . . . . .       (row 2 walls but under the doors)
 */
static void test_chain(void) {
    enum { CW = 10, CH = 3 };
    uint8_t map[CW * CH];
    McrdunPoint doors[3] = {{2, 1}, {5, 1}, {8, 1}};
    McrdunLock locks[3];
    McrdunKey keys[3];
    McrdunLeg legs[8];
    size_t len = 0, i;
    uint64_t steps = 0, sum = 0;
    int x;
    memset(map, 0, sizeof map);
    for (x = 0; x < CW; x++) {
        map[1 * CW + x] = 1;
    }
    /* Pockets above row 1, cut from each other by the doors' columns. */
    for (x = 0; x < CW; x++) {
        if (x != 2 && x != 5 && x != 8) {
            map[0 * CW + x] = 1;
        }
    }
    /* Locks listed out of order, ids not their positions. */
    locks[0].id = 30;
    locks[0].doors = &doors[2];
    locks[0].doors_len = 1;
    locks[1].id = 10;
    locks[1].doors = &doors[0];
    locks[1].doors_len = 1;
    locks[2].id = 20;
    locks[2].doors = &doors[1];
    locks[2].doors_len = 1;
    keys[0].lock = 20; /* beyond door 10 */
    keys[0].at = pt(4, 0);
    keys[1].lock = 30; /* beyond door 20 */
    keys[1].at = pt(7, 0);
    keys[2].lock = 10; /* before everything */
    keys[2].at = pt(1, 0);
    CHECK_OK(mcrdun_locks_solve(map, CW, CH, locks, 3, keys, 3, pt(0, 1), pt(9, 1), legs, 8, &len, &steps));
    CHECK(len == 4);
    CHECK(legs[0].key == 2 && legs[1].key == 0 && legs[2].key == 1 && legs[3].key == MCRDUN_LEG_GOAL);
    for (i = 0; i < len; i++) {
        sum += legs[i].steps;
    }
    CHECK(sum == steps);
    /* S(0,1) -> (1,0): 2; -> (4,0): 3 + 2 = 5 via row 1; -> (7,0): 5; -> (9,1): 3. */
    CHECK(legs[0].steps == 2 && legs[1].steps == 5 && legs[2].steps == 5 && legs[3].steps == 3);
    CHECK(steps == 15);
}

static void test_malformed(void) {
    uint8_t walkable[9] = {1, 1, 1, 1, 0, 1, 1, 1, 1};
    McrdunPoint door = {1, 0}, wall = {1, 1}, outside = {3, 0};
    McrdunLock lock, two[2];
    McrdunKey key;
    McrdunLeg legs[4];
    size_t len = 0;
    lock.id = 1;
    lock.doors = &door;
    lock.doors_len = 1;
    key.lock = 1;
    key.at = pt(2, 2);
    /* Start or goal outside, on a wall. */
    CHECK_STATUS(mcrdun_locks_solve(walkable, 3, 3, &lock, 1, &key, 1, pt(3, 0), pt(2, 0), legs, 4, &len, NULL),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_LAST_ERROR_HAS("the start at (3, 0) is outside the grid");
    CHECK_STATUS(mcrdun_locks_solve(walkable, 3, 3, &lock, 1, &key, 1, pt(0, 0), pt(1, 1), legs, 4, &len, NULL),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("the goal at (1, 1) is not walkable");
    /* A door on a wall, outside; a key on a door; a key of no lock. */
    lock.doors = &wall;
    CHECK_STATUS(mcrdun_locks_solve(walkable, 3, 3, &lock, 1, &key, 1, pt(0, 0), pt(2, 0), legs, 4, &len, NULL),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    lock.doors = &outside;
    CHECK_STATUS(mcrdun_locks_solve(walkable, 3, 3, &lock, 1, &key, 1, pt(0, 0), pt(2, 0), legs, 4, &len, NULL),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    lock.doors = &door;
    key.at = door;
    CHECK_STATUS(mcrdun_locks_solve(walkable, 3, 3, &lock, 1, &key, 1, pt(0, 0), pt(2, 0), legs, 4, &len, NULL),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("is both a door of lock 1 and key 0");
    key.at = pt(2, 2);
    key.lock = 5;
    CHECK_STATUS(mcrdun_locks_solve(walkable, 3, 3, &lock, 1, &key, 1, pt(0, 0), pt(2, 0), legs, 4, &len, NULL),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("key 0 opens lock 5");
    /* Two locks with one id. */
    two[0] = lock;
    two[1] = lock;
    two[1].doors_len = 0;
    key.lock = 1;
    CHECK_STATUS(mcrdun_locks_solve(walkable, 3, 3, two, 2, &key, 1, pt(0, 0), pt(2, 0), legs, 4, &len, NULL),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("two locks have the id 1");
    /* No locks at all: one leg, to the goal around the wall. */
    CHECK_OK(mcrdun_locks_solve(walkable, 3, 3, NULL, 0, NULL, 0, pt(0, 0), pt(2, 2), legs, 4, &len, NULL));
    CHECK(len == 1 && legs[0].key == MCRDUN_LEG_GOAL && legs[0].steps == 4);
}

/* A generated level's locks, their doors and its walkthrough: with the
 * `locks` option at its default (0) there are none, and the level's
 * walkthrough is the direct walk between the stairs, the same as the
 * solver gives on the level's own walkable tiles. */
static void test_levels(void) {
    uint32_t kind;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; kind++) {
        McrdunLevelOptions *o = NULL;
        McrdunLevel *level = NULL;
        McrdunLevelInfo info;
        McrdunLevelLock locks[2];
        McrdunPoint doors[2];
        McrdunLeg legs[2], own[2];
        uint8_t *tiles;
        size_t n = 9, len = 0, i, own_len = 0;
        uint64_t steps = 0, own_steps = 1;
        CHECK_OK(mcrdun_level_options_new(kind, &o));
        CHECK_OK(mcrdun_level_options_set_size(o, 80, 50));
        CHECK_OK(mcrdun_level_options_set_seed(o, 5));
        CHECK_OK(mcrdun_level_generate_with(o, &level));
        CHECK_OK(mcrdun_level_info(level, &info));
        CHECK_OK(mcrdun_level_locks(level, locks, 2, &n));
        CHECK(n == 0);
        n = 9;
        CHECK_OK(mcrdun_level_lock_doors(level, doors, 2, &n));
        CHECK(n == 0);
        CHECK_STATUS(mcrdun_level_solve(level, NULL, 0, &n, &steps), MCRDUN_STATUS_BUFFER_TOO_SMALL);
        CHECK(n == 1 && steps == 0);
        CHECK_OK(mcrdun_level_solve(level, legs, 2, &n, &steps));
        CHECK(n == 1 && legs[0].key == MCRDUN_LEG_GOAL && steps == legs[0].steps);
        CHECK(legs[0].at.x == info.stairs_down.x && legs[0].at.y == info.stairs_down.y);
        /* The same walk from the solver on the level's walkable tiles. */
        CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
        tiles = malloc(len);
        if (tiles != NULL) {
            CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
            for (i = 0; i < len; i++) {
                tiles[i] = tiles[i] != MCRDUN_TILE_WALL && tiles[i] != MCRDUN_TILE_ROCK;
            }
            CHECK_OK(mcrdun_locks_solve(tiles, info.width, info.height, NULL, 0, NULL, 0, info.stairs_up,
                                        info.stairs_down, own, 2, &own_len, &own_steps));
            CHECK(own_len == 1 && own_steps == steps && own[0].steps == legs[0].steps);
            free(tiles);
        }
        mcrdun_level_free(level);
        mcrdun_level_options_free(o);
    }
}

/* Levels made with the `locks` option (2 locks on 80x50, seed 4, every
 * kind): the locks read back, their doors the level's locked-door tiles,
 * the walkthrough opening lock 1 then lock 2, each key needed (the
 * solver on the level's tiles without it is stuck), room intensities in
 * [0, 1]. */
static void test_levels_with_locks(void) {
    uint32_t kind;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; kind++) {
        McrdunLevelOptions *o = NULL;
        McrdunLevel *level = NULL;
        McrdunLevelInfo info;
        McrdunLevelLock locks[4];
        McrdunPoint doors[64];
        McrdunLeg legs[8];
        McrdunLock puzzle[2];
        McrdunKey keys[2];
        double intensity[512];
        uint8_t *tiles;
        size_t n = 0, nd = 0, len = 0, i, locked = 0, k;
        uint64_t steps = 0;
        CHECK_OK(mcrdun_level_options_new(kind, &o));
        CHECK_OK(mcrdun_level_options_set_size(o, 80, 50));
        CHECK_OK(mcrdun_level_options_set_seed(o, 4));
        CHECK_OK(mcrdun_level_options_set(o, "locks", 2));
        CHECK_OK(mcrdun_level_generate_with(o, &level));
        mcrdun_level_options_free(o);
        if (level == NULL) {
            continue;
        }
        CHECK_OK(mcrdun_level_info(level, &info));
        CHECK_OK(mcrdun_level_locks(level, locks, 4, &n));
        CHECK(n == 2);
        CHECK_OK(mcrdun_level_lock_doors(level, doors, 64, &nd));
        CHECK(n != 2 || (locks[0].id == 1 && locks[1].id == 2));
        CHECK(n != 2 || (locks[0].first_door == 0 && locks[1].first_door == locks[0].doors &&
                         locks[0].doors + locks[1].doors == nd));
        CHECK(n != 2 || locks[0].area > locks[1].area);
        /* The `locks` option's locks gate no vault. */
        CHECK(n != 2 || (locks[0].vault == MCRDUN_NO_VAULT && locks[1].vault == MCRDUN_NO_VAULT));
        CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
        tiles = malloc(len);
        if (tiles == NULL || n != 2) {
            free(tiles);
            mcrdun_level_free(level);
            continue;
        }
        CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
        for (i = 0; i < len; i++) {
            locked += tiles[i] == MCRDUN_TILE_LOCKED_DOOR;
        }
        CHECK(locked == nd);
        for (i = 0; i < nd; i++) {
            CHECK(tiles[(size_t)doors[i].y * info.width + (size_t)doors[i].x] == MCRDUN_TILE_LOCKED_DOOR);
        }
        /* The walkthrough: key 1, key 2, the down stairs. */
        CHECK_OK(mcrdun_level_solve(level, legs, 8, &len, &steps));
        CHECK(len == 3 && legs[0].key == 0 && legs[1].key == 1 && legs[2].key == MCRDUN_LEG_GOAL);
        CHECK(legs[0].at.x == locks[0].key.x && legs[0].at.y == locks[0].key.y);
        CHECK(legs[2].at.x == info.stairs_down.x && legs[2].at.y == info.stairs_down.y);
        CHECK(steps == legs[0].steps + legs[1].steps + legs[2].steps);
        /* The same from the public solver on the tiles; each key is needed. */
        for (i = 0; i < (size_t)info.width * info.height; i++) {
            tiles[i] = tiles[i] != MCRDUN_TILE_WALL && tiles[i] != MCRDUN_TILE_ROCK;
        }
        for (i = 0; i < 2; i++) {
            puzzle[i].id = locks[i].id;
            puzzle[i].doors = &doors[locks[i].first_door];
            puzzle[i].doors_len = locks[i].doors;
            keys[i].lock = locks[i].id;
            keys[i].at = locks[i].key;
        }
        {
            uint64_t own = 0;
            CHECK_OK(mcrdun_locks_solve(tiles, info.width, info.height, puzzle, 2, keys, 2, info.stairs_up,
                                        info.stairs_down, legs, 8, &len, &own));
            CHECK(own == steps);
        }
        for (k = 0; k < 2; k++) {
            McrdunKey one = keys[1 - k];
            CHECK_STATUS(mcrdun_locks_solve(tiles, info.width, info.height, puzzle, 2, &one, 1, info.stairs_up,
                                            info.stairs_down, legs, 8, &len, NULL),
                         MCRDUN_STATUS_UNSATISFIABLE);
        }
        /* Room intensities, one a room, in [0, 1]. */
        CHECK_OK(mcrdun_level_room_intensity(level, intensity, 512, &len));
        CHECK(len == info.rooms);
        for (i = 0; i < len && i < 512; i++) {
            CHECK(intensity[i] >= 0.0 && intensity[i] <= 1.0);
        }
        free(tiles);
        mcrdun_level_free(level);
    }
}

static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static uint64_t fnv_u32(uint64_t h, uint32_t v) {
    unsigned char b[4];
    b[0] = (unsigned char)(v & 0xff);
    b[1] = (unsigned char)((v >> 8) & 0xff);
    b[2] = (unsigned char)((v >> 16) & 0xff);
    b[3] = (unsigned char)(v >> 24);
    return fnv_bytes(h, b, 4);
}

/* The goldens of crates/dungeon/tests/locks.rs (`goldens`): every kind at
 * 80x50, seed 7, 3 locks; the tile bytes (rock as wall, as Rust's), then
 * each lock's id, doors and key hashed (FNV-1a). */
static void test_goldens(void) {
    static const uint64_t golden[5] = {
        6477407083650706334ULL, 8152602339710634922ULL, 11958838101454627479ULL,
        9067696915568488555ULL, 13281776380476418364ULL,
    };
    uint32_t kind;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; kind++) {
        McrdunLevelOptions *o = NULL;
        McrdunLevel *level = NULL;
        McrdunLevelLock locks[4];
        McrdunPoint doors[64];
        uint8_t *tiles;
        size_t n = 0, nd = 0, len = 0, i, j;
        uint64_t h = 0xcbf29ce484222325ULL;
        CHECK_OK(mcrdun_level_options_new(kind, &o));
        CHECK_OK(mcrdun_level_options_set_size(o, 80, 50));
        CHECK_OK(mcrdun_level_options_set_seed(o, 7));
        CHECK_OK(mcrdun_level_options_set(o, "locks", 3));
        CHECK_OK(mcrdun_level_generate_with(o, &level));
        mcrdun_level_options_free(o);
        if (level == NULL) {
            continue;
        }
        CHECK_OK(mcrdun_level_locks(level, locks, 4, &n));
        CHECK_OK(mcrdun_level_lock_doors(level, doors, 64, &nd));
        CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
        tiles = malloc(len);
        if (tiles != NULL && n == 3) {
            CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
            for (i = 0; i < len; i++) {
                /* Rust's tile bytes have no rock: it is a wall there. */
                if (tiles[i] == MCRDUN_TILE_ROCK) {
                    tiles[i] = MCRDUN_TILE_WALL;
                }
            }
            h = fnv_bytes(h, tiles, len);
            for (i = 0; i < n; i++) {
                h = fnv_u32(h, locks[i].id);
                for (j = locks[i].first_door; j < locks[i].first_door + locks[i].doors && j < nd; j++) {
                    h = fnv_u32(h, (uint32_t)doors[j].x);
                    h = fnv_u32(h, (uint32_t)doors[j].y);
                }
                h = fnv_u32(h, (uint32_t)locks[i].key.x);
                h = fnv_u32(h, (uint32_t)locks[i].key.y);
            }
            if (h != golden[kind]) {
                fprintf(stderr, "locks golden of kind %u: %llu\n", kind, (unsigned long long)h);
            }
            CHECK(h == golden[kind]);
        }
        CHECK(n == 3);
        free(tiles);
        mcrdun_level_free(level);
    }
}

/* A vault that asks for a lock (`locked yes`), required, with `locks 0`:
 * the level has one lock, its doors the vault's open entrances (locked-door
 * tiles on the vault's edge), its key outside the vault; the level solves,
 * and without the key no door of the vault is reached. */
static void test_locked_vault(void) {
    static const char text[] =
        "vault hoard\ncount 1\nlocked yes\nmap\n #####\n #...#\n ?.t.!\n #...#\n #####\nend\n";
    McrdunVaults *vaults = NULL;
    McrdunLevelOptions *o = NULL;
    McrdunLevel *level = NULL;
    McrdunLevelInfo info;
    McrdunLevelLock locks[2];
    McrdunPoint doors[8];
    McrdunPlacedVault placed[2];
    McrdunLeg legs[8];
    McrdunLock puzzle;
    uint8_t *tiles;
    size_t n = 0, nd = 0, nv = 0, len = 0, i;
    CHECK_OK(mcrdun_vaults_parse(text, sizeof text - 1, &vaults));
    CHECK_OK(mcrdun_level_options_new(MCRDUN_LEVEL_KIND_BSP, &o));
    CHECK_OK(mcrdun_level_options_set_size(o, 80, 50));
    CHECK_OK(mcrdun_level_options_set_seed(o, 1));
    CHECK_OK(mcrdun_level_options_set_vaults(o, vaults));
    CHECK_OK(mcrdun_level_generate_with(o, &level));
    mcrdun_level_options_free(o);
    mcrdun_vaults_free(vaults);
    if (level == NULL) {
        return;
    }
    CHECK_OK(mcrdun_level_info(level, &info));
    CHECK_OK(mcrdun_level_locks(level, locks, 2, &n));
    CHECK_OK(mcrdun_level_lock_doors(level, doors, 8, &nd));
    CHECK_OK(mcrdun_level_vaults(level, placed, 2, &nv));
    CHECK(n == 1 && nv == 1 && nd >= 1 && nd == locks[0].doors && locks[0].id == 1);
    /* The lock names the vault it gates. */
    CHECK(n == 1 && locks[0].vault == 0);
    CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    tiles = malloc(len);
    if (tiles != NULL && n == 1 && nv == 1 && nd <= 8) {
        McrdunRect b = placed[0].bounds;
        CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
        for (i = 0; i < nd; i++) {
            int32_t x = doors[i].x, y = doors[i].y;
            CHECK(tiles[(size_t)y * info.width + (size_t)x] == MCRDUN_TILE_LOCKED_DOOR);
            CHECK(x == b.x || y == b.y || x == b.x + b.w - 1 || y == b.y + b.h - 1);
        }
        CHECK(!(locks[0].key.x >= b.x && locks[0].key.x < b.x + b.w && locks[0].key.y >= b.y &&
                locks[0].key.y < b.y + b.h));
        CHECK_OK(mcrdun_level_solve(level, legs, 8, &len, NULL));
        for (i = 0; i < (size_t)info.width * info.height; i++) {
            tiles[i] = tiles[i] != MCRDUN_TILE_WALL && tiles[i] != MCRDUN_TILE_ROCK;
        }
        puzzle.id = locks[0].id;
        puzzle.doors = doors;
        puzzle.doors_len = nd;
        for (i = 0; i < nd; i++) {
            CHECK_STATUS(mcrdun_locks_solve(tiles, info.width, info.height, &puzzle, 1, NULL, 0,
                                            info.stairs_up, doors[i], legs, 8, &len, NULL),
                         MCRDUN_STATUS_UNSATISFIABLE);
        }
    }
    free(tiles);
    mcrdun_level_free(level);
}

int main(void) {
    test_corridor();
    test_chain();
    test_malformed();
    test_levels();
    test_levels_with_locks();
    test_goldens();
    test_locked_vault();
    return check_finish("locks");
}
