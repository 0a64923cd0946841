/* Things placed by rule through the C ABI: a spawn table read from text
 * (errors with their line and column), its entries read back, and
 * standalone placement on a caller's own map, the things read back
 * through the two-call protocol and every rule of their entries checked
 * here, independently, by a breadth-first search in C. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

/* The map of mcrdun-things' crate example: a room, a corridor, a dead end. */
#define W 11
#define H 6
static const char *const ROWS[H] = {
    "###########",
    "#.....#####",
    "#.....,,,,#",
    "#.....###,#",
    "#########,#",
    "###########",
};

static uint8_t spots[W * H];

static void make_spots(void) {
    int x, y;
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            char c = ROWS[y][x];
            spots[y * W + x] = c == '.' ? MCRDUN_SPOT_ROOM : c == ',' ? MCRDUN_SPOT_CORRIDOR : MCRDUN_SPOT_WALL;
        }
    }
}

static McrdunPlaceMap base_map(void) {
    McrdunPlaceMap map;
    memset(&map, 0, sizeof map);
    map.spots = spots;
    map.width = W;
    map.height = H;
    map.start.x = 1;
    map.start.y = 1;
    return map;
}

/* Field by field: the structs have padding. */
static int same_thing(const McrdunThing *a, const McrdunThing *b) {
    return a->entry == b->entry && a->glyph == b->glyph && a->x == b->x && a->y == b->y &&
           a->room == b->room && a->place == b->place && a->marker == b->marker &&
           a->group == b->group && a->distance == b->distance && a->blocks == b->blocks;
}

static McrdunThingTable *parse(const char *text) {
    McrdunThingTable *t = NULL;
    CHECK_OK(mcrdun_thing_table_parse(text, strlen(text), &t));
    return t;
}

/* Walking distances (4-connected over every spot but a wall) from `from`. */
static void bfs(const uint8_t *s, int w, int h, int from, int *dist) {
    int *queue = malloc(sizeof(int) * (size_t)(w * h));
    int head = 0, tail = 0, i;
    for (i = 0; i < w * h; i++) {
        dist[i] = -1;
    }
    if (queue == NULL) {
        return;
    }
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int c = queue[head++], k;
        int cx = c % w, cy = c / w;
        static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (k = 0; k < 4; k++) {
            int nx = cx + dx[k], ny = cy + dy[k];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
                continue;
            }
            if (s[ny * w + nx] != MCRDUN_SPOT_WALL && dist[ny * w + nx] < 0) {
                dist[ny * w + nx] = dist[c] + 1;
                queue[tail++] = ny * w + nx;
            }
        }
    }
    free(queue);
}

static void test_table(void) {
    static const char text[] =
        "# two entries\n"
        "thing goblins\n"
        "glyph g\n"
        "weight 3\n"
        "count 1..2\n"
        "group 3..5 within 3\n"
        "depth 2..8\n"
        "distance 0.25..1\n"
        "\n"
        "thing boulder\n"
        "glyph 0\n"
        "density 0.5..1.5\n"
        "where room corridor marker A\n"
        "away 4\n"
        "apart 2\n"
        "blocks yes\n";
    McrdunThingTable *t = parse(text), *again = NULL;
    McrdunThingEntry e;
    size_t n = 0, len = 0;
    char name[16], *canon;
    CHECK_OK(mcrdun_thing_table_count(t, &n));
    CHECK(n == 2);
    CHECK_OK(mcrdun_thing_table_entry(t, 0, &e));
    CHECK(e.glyph == 'g' && e.weight == 3 && e.line == 2);
    CHECK(e.amount == MCRDUN_THING_AMOUNT_COUNT && e.amount_min == 1 && e.amount_max == 2);
    CHECK(e.group_min == 3 && e.group_max == 5 && e.group_within == 3);
    CHECK(e.depth_min == 2 && e.depth_max == 8);
    CHECK(e.distance_lo == MCRDUN_THING_SHARE_ONE / 4 && e.distance_hi == MCRDUN_THING_SHARE_ONE);
    CHECK(e.places == 1u << MCRDUN_THING_PLACE_ROOM); /* the default */
    CHECK(e.apart == 1 && e.away == 0 && !e.blocks);
    CHECK_OK(mcrdun_thing_table_entry(t, 1, &e));
    CHECK(e.glyph == '0' && e.line == 10 && e.blocks);
    CHECK(e.amount == MCRDUN_THING_AMOUNT_DENSITY && e.amount_min == 500 && e.amount_max == 1500);
    CHECK(e.places == ((1u << MCRDUN_THING_PLACE_ROOM) | (1u << MCRDUN_THING_PLACE_CORRIDOR) |
                       (1u << MCRDUN_THING_PLACE_MARKER)));
    CHECK(e.away == 4 && e.apart == 2 && e.group_min == 0 && e.group_within == 0);
    CHECK(e.depth_min == 0 && e.depth_max == 1000000); /* every depth */
    CHECK_STATUS(mcrdun_thing_table_entry(t, 2, &e), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_LAST_ERROR_HAS("entry 2 of 2");
    CHECK_STATUS(mcrdun_thing_table_name(t, 0, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 7);
    CHECK_OK(mcrdun_thing_table_name(t, 1, name, sizeof name, &len));
    CHECK(len == 7 && memcmp(name, "boulder", 7) == 0);
    /* The canonical text reads back as the same table. */
    CHECK_STATUS(mcrdun_thing_table_text(t, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    canon = malloc(len);
    if (canon != NULL) {
        CHECK_OK(mcrdun_thing_table_text(t, canon, len, &len));
        CHECK(strstr(canon, "where room corridor marker A") != NULL);
        CHECK(memcmp(canon, "thing goblins\nglyph g\nweight 3\n", 31) == 0);
        CHECK_OK(mcrdun_thing_table_parse(canon, len, &again));
        CHECK_OK(mcrdun_thing_table_count(again, &n));
        CHECK(n == 2);
        CHECK_OK(mcrdun_thing_table_entry(again, 1, &e));
        CHECK(e.amount_max == 1500 && e.blocks);
        mcrdun_thing_table_free(again);
        free(canon);
    }
    mcrdun_thing_table_free(t);
    mcrdun_thing_table_free(NULL);
}

static void test_parse_errors(void) {
    McrdunThingTable *t = NULL;
    static const char bad_count[] = "thing rat\nglyph r\ncount 5..2\n";
    static const char level_glyph[] = "thing rat\nglyph #\n";
    static const char no_glyph[] = "thing rat\ncount 1\nthing bat\nglyph b\n";
    static const char latin1[] = "thing rat\n# caf\xe9\nglyph r\n";
    static const char bom[] = "\xef\xbb\xbfthing rat\nglyph r\n";
    CHECK_STATUS(mcrdun_thing_table_parse(bad_count, strlen(bad_count), &t), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(t == NULL);
    CHECK_LAST_ERROR_HAS("text:3:7: expected a count");
    CHECK_STATUS(mcrdun_thing_table_parse(level_glyph, strlen(level_glyph), &t), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("text:2:");
    CHECK_STATUS(mcrdun_thing_table_parse(no_glyph, strlen(no_glyph), &t), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("glyph");
    CHECK_STATUS(mcrdun_thing_table_parse(latin1, strlen(latin1), &t), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("text:2:6: expected UTF-8 text, found the byte 0xE9");
    CHECK(t == NULL);
    CHECK_OK(mcrdun_thing_table_parse(bom, strlen(bom), &t));
    mcrdun_thing_table_free(t);
    t = NULL;
    /* An empty text is an empty table. */
    CHECK_OK(mcrdun_thing_table_parse(NULL, 0, &t));
    {
        size_t n = 9;
        CHECK_OK(mcrdun_thing_table_count(t, &n));
        CHECK(n == 0);
    }
    mcrdun_thing_table_free(t);
}

/* The crate example of mcrdun-things: the same things as Rust's doc test. */
static void test_place_example(void) {
    static const char text[] =
        "thing chest\nglyph C\ncount 1\nwhere dead_end\n"
        "thing rat\nglyph r\ncount 2\nwhere room\napart 3\n";
    McrdunThingTable *t = parse(text);
    const McrdunThingTable *tables[1];
    McrdunPlaceMap map = base_map();
    McrdunThing things[8], again[8];
    int dist[W * H];
    size_t len = 0, i, j;
    tables[0] = t;
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 42, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 42, things, 2, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    CHECK_OK(mcrdun_things_place(&map, tables, 1, 1, 42, things, 8, &len));
    CHECK(len == 3);
    bfs(spots, W, H, 1 * W + 1, dist);
    for (i = 0; i < len; i++) {
        const McrdunThing *th = &things[i];
        int at = th->y * W + th->x;
        CHECK(spots[at] == MCRDUN_SPOT_ROOM || spots[at] == MCRDUN_SPOT_CORRIDOR);
        CHECK(th->distance == (uint32_t)dist[at]);
        CHECK(th->room == UINT32_MAX && th->group == UINT32_MAX && !th->blocks);
        CHECK(!(th->x == 1 && th->y == 1)); /* never on the stairs */
        for (j = 0; j < i; j++) {
            CHECK(things[j].x != th->x || things[j].y != th->y);
        }
        if (th->glyph == 'C') {
            /* Pinned as in the Rust doc test. */
            CHECK(th->entry == 0 && th->x == 9 && th->y == 4 && th->distance == 11);
            CHECK(th->place == MCRDUN_THING_PLACE_DEAD_END && th->marker == 0);
        } else {
            CHECK(th->glyph == 'r' && th->entry == 1 && th->place == MCRDUN_THING_PLACE_ROOM);
        }
    }
    /* The two rats stand at least 3 steps apart (apart 3). */
    {
        int r[2], k = 0;
        for (i = 0; i < len; i++) {
            if (things[i].glyph == 'r' && k < 2) {
                r[k++] = things[i].y * W + things[i].x;
            }
        }
        CHECK(k == 2);
        if (k == 2) {
            int d2[W * H];
            bfs(spots, W, H, r[0], d2);
            CHECK(d2[r[1]] >= 3);
        }
    }
    /* Deterministic: the same call, the same things. */
    CHECK_OK(mcrdun_things_place(&map, tables, 1, 1, 42, again, 8, &len));
    CHECK(len == 3);
    for (i = 0; i < 3; i++) {
        CHECK(same_thing(&things[i], &again[i]));
    }
    /* A rule that cannot be kept names the entry and the rule. */
    {
        McrdunThingTable *boss = parse("thing boss\nglyph B\ncount 1\nwhere vault\n");
        const McrdunThingTable *two[2];
        tables[0] = boss;
        len = 77;
        CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 42, things, 8, &len), MCRDUN_STATUS_UNSATISFIABLE);
        CHECK_LAST_ERROR_HAS("thing `boss`: 0 of the 1 required placed: no free tile meets `where vault`");
        CHECK(len == 77);
        /* Two tables: names and glyphs unique across them. */
        two[0] = t;
        two[1] = t;
        CHECK_STATUS(mcrdun_things_place(&map, two, 2, 1, 42, things, 8, &len), MCRDUN_STATUS_INVALID_ARGUMENT);
        CHECK_LAST_ERROR_HAS("thing `chest`");
        mcrdun_thing_table_free(boss);
    }
    /* Outside its depth an entry places nothing. */
    {
        McrdunThingTable *deep = parse("thing troll\nglyph T\ncount 2\ndepth 5..\n");
        tables[0] = deep;
        CHECK_OK(mcrdun_things_place(&map, tables, 1, 4, 1, NULL, 0, &len));
        CHECK(len == 0);
        CHECK_OK(mcrdun_things_place(&map, tables, 1, 5, 1, things, 8, &len));
        CHECK(len == 2);
        mcrdun_thing_table_free(deep);
    }
    /* No table: nothing to place. */
    CHECK_OK(mcrdun_things_place(&map, NULL, 0, 1, 1, NULL, 0, &len));
    CHECK(len == 0);
    mcrdun_thing_table_free(t);
}

/* Rooms, markers, the down stairs, doors and vault floor. */
static void test_place_rooms_markers_stairs(void) {
    /* Two rooms joined by a door (+), a vault floor (v) in the second. */
    static const char *const rows[5] = {
        "#############",
        "#....+......#",
        "#....#..vvv.#",
        "#....#..vvv.#",
        "#############",
    };
    uint8_t s[13 * 5];
    uint32_t rooms[13 * 5];
    McrdunThingMarker markers[2];
    McrdunPlaceMap map;
    McrdunThing things[64];
    size_t len = 0, i;
    int x, y, down[13 * 5];
    McrdunThingTable *t = parse(
        "thing idol\nglyph I\ncount 1\nwhere marker A\n"
        "thing gem\nglyph $\ncount 3\nwhere vault\n"
        "thing note\nglyph ?\ncount 1\nwhere door_side\n"
        "thing imp\nglyph i\ncount 4\nwhere room\naway 3\n");
    const McrdunThingTable *tables[1];
    tables[0] = t;
    for (y = 0; y < 5; y++) {
        for (x = 0; x < 13; x++) {
            char c = rows[y][x];
            s[y * 13 + x] = c == '.' ? MCRDUN_SPOT_ROOM
                            : c == 'v' ? MCRDUN_SPOT_VAULT
                            : c == '+' ? MCRDUN_SPOT_DOOR
                                       : MCRDUN_SPOT_WALL;
            rooms[y * 13 + x] = c == '#' || c == '+' ? UINT32_MAX : x < 5 ? 0u : 1u;
        }
    }
    memset(&map, 0, sizeof map);
    map.spots = s;
    map.width = 13;
    map.height = 5;
    map.rooms = rooms;
    map.start.x = 1;
    map.start.y = 1;
    map.has_end = true;
    map.end.x = 11;
    map.end.y = 3;
    markers[0].label = 'A';
    markers[0].x = 11;
    markers[0].y = 1;
    markers[1].label = '7';
    markers[1].x = 2;
    markers[1].y = 3;
    map.markers = markers;
    map.markers_len = 2;
    CHECK_OK(mcrdun_things_place(&map, tables, 1, 1, 9, things, 64, &len));
    CHECK(len == 9);
    bfs(s, 13, 5, 3 * 13 + 11, down);
    for (i = 0; i < len; i++) {
        const McrdunThing *th = &things[i];
        int at = th->y * 13 + th->x;
        CHECK(th->room == rooms[at]);
        CHECK(!(th->x == 11 && th->y == 3) && !(th->x == 1 && th->y == 1));
        switch (th->glyph) {
        case 'I':
            CHECK(th->x == 11 && th->y == 1 && th->place == MCRDUN_THING_PLACE_MARKER && th->marker == 'A');
            break;
        case '$':
            CHECK(s[at] == MCRDUN_SPOT_VAULT && th->place == MCRDUN_THING_PLACE_VAULT);
            break;
        case '?':
            CHECK(th->place == MCRDUN_THING_PLACE_DOOR_SIDE);
            CHECK((th->x == 4 && th->y == 1) || (th->x == 6 && th->y == 1));
            break;
        case 'i':
            CHECK(th->place == MCRDUN_THING_PLACE_ROOM && s[at] == MCRDUN_SPOT_ROOM);
            CHECK(down[at] >= 3 && th->distance >= 3); /* away 3 from both stairs */
            break;
        default:
            CHECK(!"an unknown glyph");
        }
    }
    mcrdun_thing_table_free(t);
}

/* A blocking thing never cuts the map apart; groups stay within reach. */
static void test_blocks_and_groups(void) {
    McrdunThingTable *t = parse(
        "thing boulder\nglyph 0\ncount 3..6\nwhere room corridor\nblocks yes\n"
        "thing bats\nglyph b\ncount 1\ngroup 2..3 within 2\n");
    const McrdunThingTable *tables[1];
    McrdunPlaceMap map = base_map();
    McrdunThing things[32];
    size_t len = 0, i;
    uint32_t seed;
    tables[0] = t;
    for (seed = 1; seed <= 20; seed++) {
        uint8_t cut[W * H];
        int dist[W * H], k, walkable = 0, reached = 0, first = -1, members = 0;
        CHECK_OK(mcrdun_things_place(&map, tables, 1, 1, seed, things, 32, &len));
        memcpy(cut, spots, sizeof cut);
        for (i = 0; i < len; i++) {
            if (things[i].blocks) {
                CHECK(things[i].glyph == '0');
                cut[things[i].y * W + things[i].x] = MCRDUN_SPOT_WALL;
            } else {
                CHECK(things[i].glyph == 'b' && things[i].group == 0);
                if (first < 0) {
                    first = things[i].y * W + things[i].x;
                }
                members++;
            }
        }
        CHECK(members >= 2 && members <= 3);
        bfs(cut, W, H, 1 * W + 1, dist);
        for (k = 0; k < W * H; k++) {
            walkable += cut[k] != MCRDUN_SPOT_WALL;
            reached += dist[k] >= 0;
        }
        CHECK(walkable == reached); /* still one walkable region */
        if (first >= 0) {
            bfs(spots, W, H, first, dist);
            for (i = 0; i < len; i++) {
                if (!things[i].blocks) {
                    CHECK(dist[things[i].y * W + things[i].x] <= 2);
                }
            }
        }
    }
    mcrdun_thing_table_free(t);
}

static void test_bad_maps(void) {
    McrdunThingTable *t = parse("thing rat\nglyph r\ncount 1\n");
    const McrdunThingTable *tables[1];
    McrdunPlaceMap map = base_map();
    McrdunThing th[4];
    McrdunThingMarker m;
    uint8_t bad[W * H];
    size_t len = 0;
    tables[0] = t;
    map.start.x = 0; /* a wall */
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 1, th, 4, &len), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("on a wall");
    map.start.x = W;
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 1, th, 4, &len), MCRDUN_STATUS_OUT_OF_RANGE);
    map = base_map();
    map.has_end = true;
    map.end.x = -1;
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 1, th, 4, &len), MCRDUN_STATUS_OUT_OF_RANGE);
    map = base_map();
    memcpy(bad, spots, sizeof bad);
    bad[17] = 7;
    map.spots = bad;
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 1, th, 4, &len), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("spots[17] is 7");
    map = base_map();
    m.label = '!';
    m.x = 2;
    m.y = 2;
    map.markers = &m;
    map.markers_len = 1;
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 1, th, 4, &len), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("not a letter or digit");
    map = base_map();
    map.width = 0;
    CHECK_STATUS(mcrdun_things_place(&map, tables, 1, 1, 1, th, 4, &len), MCRDUN_STATUS_INVALID_ARGUMENT);
    mcrdun_thing_table_free(t);
}

/* ---- things on generated levels ---- */

#ifndef MCRDUN_SOURCE_DIR
#error "the test harness defines MCRDUN_SOURCE_DIR, the workspace root"
#endif

/* The whole of a file under the workspace root, NUL-terminated (NULL on failure). */
static char *read_file(const char *relative, size_t *len) {
    char path[4096];
    FILE *f;
    char *buf = NULL;
    long n;
    snprintf(path, sizeof path, "%s/%s", MCRDUN_SOURCE_DIR, relative);
    f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        check_failures++;
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf != NULL && fread(buf, 1, (size_t)n, f) == (size_t)n) {
            buf[n] = '\0';
            *len = (size_t)n;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    CHECK(buf != NULL);
    return buf;
}

/* The example vaults, every file of examples/vaults/ in name order (as
 * mcrdun_test_util::example_vault_files reads them), as one set. */
static McrdunVaults *example_vaults(void) {
    static const char *const files[] = {
        "arena", "cells", "cross", "crossroads", "diamond", "l_hall", "library",
        "moat", "pillars", "round", "stairs_down", "stairs_up", "treasury",
    };
    char *all = NULL;
    size_t total = 0, i;
    McrdunVaults *v = NULL;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        char rel[64];
        size_t n = 0;
        char *text, *grown;
        snprintf(rel, sizeof rel, "examples/vaults/%s.vault", files[i]);
        text = read_file(rel, &n);
        if (text == NULL) {
            continue;
        }
        grown = realloc(all, total + n + 2);
        if (grown != NULL) {
            all = grown;
            memcpy(all + total, text, n);
            total += n;
            all[total++] = '\n';
        }
        free(text);
    }
    CHECK_OK(mcrdun_vaults_parse(all, total, &v));
    free(all);
    {
        size_t count = 0;
        CHECK_OK(mcrdun_vaults_count(v, &count));
        CHECK(count == sizeof files / sizeof files[0]);
    }
    return v;
}

static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n) {
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* Little-endian, as mcrdun_test_util::Fnv1a::u32 feeds it. */
static uint64_t fnv_u32(uint64_t h, uint32_t v) {
    uint8_t b[4];
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
    return fnv_bytes(h, b, 4);
}

static uint64_t level_tiles_hash(const McrdunLevel *level) {
    size_t len = 0;
    uint8_t *tiles;
    uint64_t h = 0xcbf29ce484222325ull;
    CHECK_STATUS(mcrdun_level_tiles(level, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    tiles = malloc(len);
    if (tiles == NULL) {
        return 0;
    }
    CHECK_OK(mcrdun_level_tiles(level, tiles, len, &len));
    h = fnv_bytes(h, tiles, len);
    free(tiles);
    return h;
}

/* The goldens of crates/dungeon/tests/things.rs (`goldens`): the example
 * table on one 80x50 level of every kind, seed 11, depth 6, with the
 * example vaults; each thing's entry, x, y, group and distance hashed. */
static void test_level_goldens(void) {
    static const struct {
        size_t count;
        uint64_t hash;
    } golden[5] = {
        {18, 11672864383258332053ull},   /* bsp */
        {22, 10471597390988273553ull}, /* scatter */
        {21, 13241641096243537547ull}, /* maze */
        {26, 17920439983646496374ull},  /* cave */
        {19, 10355501995265886471ull}, /* passages */
    };
    size_t text_len = 0;
    char *text = read_file("examples/things/dungeon.things", &text_len);
    McrdunVaults *vaults = example_vaults();
    McrdunThingTable *table = NULL;
    const McrdunThingTable *tables[1];
    uint32_t kind;
    if (text == NULL) {
        return;
    }
    CHECK_OK(mcrdun_thing_table_parse(text, text_len, &table));
    free(text);
    tables[0] = table;
    for (kind = MCRDUN_LEVEL_KIND_BSP; kind <= MCRDUN_LEVEL_KIND_PASSAGES; kind++) {
        McrdunLevelOptions *o = NULL;
        McrdunLevel *level = NULL, *bare = NULL;
        McrdunThing *things;
        McrdunLevelInfo info;
        size_t n = 0, i, j;
        uint64_t h = 0xcbf29ce484222325ull;
        CHECK_OK(mcrdun_level_options_new(kind, &o));
        CHECK_OK(mcrdun_level_options_set_size(o, 80, 50));
        CHECK_OK(mcrdun_level_options_set_seed(o, 11));
        CHECK_OK(mcrdun_level_options_set(o, "dungeon_level", 6));
        CHECK_OK(mcrdun_level_options_set_vaults(o, vaults));
        CHECK_OK(mcrdun_level_generate_with(o, &bare));
        CHECK_OK(mcrdun_level_options_set_things(o, tables, 1));
        CHECK_OK(mcrdun_level_generate_with(o, &level));
        if (level == NULL || bare == NULL) {
            mcrdun_level_free(level);
            mcrdun_level_free(bare);
            mcrdun_level_options_free(o);
            continue;
        }
        /* The things' stage leaves the map as it was. */
        CHECK(level_tiles_hash(level) == level_tiles_hash(bare));
        CHECK_OK(mcrdun_level_things(bare, NULL, 0, &n));
        CHECK(n == 0);
        CHECK_STATUS(mcrdun_level_things(level, NULL, 0, &n), MCRDUN_STATUS_BUFFER_TOO_SMALL);
        CHECK(n == golden[kind].count);
        things = malloc(sizeof *things * (n + 1));
        if (things == NULL) {
            continue;
        }
        CHECK_OK(mcrdun_level_things(level, things, n + 1, &n));
        CHECK_OK(mcrdun_level_info(level, &info));
        for (i = 0; i < n; i++) {
            const McrdunThing *t = &things[i];
            char name[80];
            size_t name_len = 0;
            McrdunThingEntry e;
            h = fnv_u32(h, t->entry);
            h = fnv_u32(h, (uint32_t)t->x);
            h = fnv_u32(h, (uint32_t)t->y);
            h = fnv_u32(h, t->group);
            h = fnv_u32(h, t->distance);
            /* The entry's name and glyph, as its table says. */
            CHECK_OK(mcrdun_level_thing_name(level, i, name, sizeof name, &name_len));
            CHECK_OK(mcrdun_thing_table_entry(table, t->entry, &e));
            CHECK(e.glyph == t->glyph && e.blocks == t->blocks);
            CHECK(e.depth_min <= 6 && 6 <= e.depth_max);
            {
                char want[80];
                size_t want_len = 0;
                CHECK_OK(mcrdun_thing_table_name(table, t->entry, want, sizeof want, &want_len));
                CHECK(want_len == name_len && memcmp(want, name, name_len) == 0);
            }
            CHECK(!(t->x == info.stairs_up.x && t->y == info.stairs_up.y));
            CHECK(!(t->x == info.stairs_down.x && t->y == info.stairs_down.y));
            for (j = 0; j < i; j++) {
                CHECK(things[j].x != t->x || things[j].y != t->y);
            }
        }
        CHECK_STATUS(mcrdun_level_thing_name(level, n, NULL, 0, &n), MCRDUN_STATUS_OUT_OF_RANGE);
        if (h != golden[kind].hash) {
            fprintf(stderr, "things golden of kind %u: %zu things, hash %llu\n", kind, n,
                    (unsigned long long)h);
            check_failures++;
        }
        free(things);
        /* No tables again: no things. */
        CHECK_OK(mcrdun_level_options_set_things(o, NULL, 0));
        mcrdun_level_free(level);
        CHECK_OK(mcrdun_level_generate_with(o, &level));
        CHECK_OK(mcrdun_level_things(level, NULL, 0, &n));
        CHECK(n == 0);
        mcrdun_level_free(level);
        mcrdun_level_free(bare);
        mcrdun_level_options_free(o);
    }
    mcrdun_thing_table_free(table);
    mcrdun_vaults_free(vaults);
}

/* A required thing that fits nowhere, and tables that clash. */
static void test_level_errors(void) {
    McrdunThingTable *idol = parse("thing idol\nglyph I\ncount 1\nwhere vault\n");
    const McrdunThingTable *tables[2];
    McrdunLevelOptions *o = NULL;
    McrdunLevel *level = NULL;
    tables[0] = idol;
    tables[1] = idol;
    CHECK_OK(mcrdun_level_options_new(MCRDUN_LEVEL_KIND_CAVE, &o));
    CHECK_OK(mcrdun_level_options_set_things(o, tables, 1));
    /* The options keep their own copy. */
    mcrdun_thing_table_free(idol);
    CHECK_STATUS(mcrdun_level_generate_with(o, &level), MCRDUN_STATUS_UNSATISFIABLE);
    CHECK(level == NULL);
    CHECK_LAST_ERROR_HAS("things: thing `idol`: 0 of the 1 required placed: no free tile meets `where vault`");
    idol = parse("thing idol\nglyph I\ncount 0..1\n");
    tables[0] = idol;
    tables[1] = idol;
    CHECK_OK(mcrdun_level_options_set_things(o, tables, 2));
    CHECK_STATUS(mcrdun_level_generate_with(o, &level), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("thing `idol`: its name is another entry's too");
    /* A clone keeps the tables. */
    {
        McrdunLevelOptions *copy = NULL;
        CHECK_OK(mcrdun_level_options_set_things(o, tables, 1));
        CHECK_OK(mcrdun_level_options_clone(o, &copy));
        CHECK_OK(mcrdun_level_options_set_things(o, NULL, 0));
        CHECK_OK(mcrdun_level_generate_with(copy, &level));
        {
            size_t n = 0;
            McrdunThing t[2];
            CHECK_OK(mcrdun_level_things(level, t, 2, &n));
            CHECK(n <= 1);
        }
        mcrdun_level_free(level);
        mcrdun_level_options_free(copy);
    }
    mcrdun_thing_table_free(idol);
    mcrdun_level_options_free(o);
}

int main(void) {
    make_spots();
    test_table();
    test_parse_errors();
    test_place_example();
    test_place_rooms_markers_stairs();
    test_blocks_and_groups();
    test_bad_maps();
    test_level_goldens();
    test_level_errors();
    return check_finish("things");
}
