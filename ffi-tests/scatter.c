/* Scattered rooms from C: generate, separate in place, neighbours, links,
 * unreachable rooms and door spans, with every error path and the two-call
 * buffer protocol. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

#define MAX_ROOMS_HERE 256

static McrdunRect rect(int32_t x, int32_t y, int32_t w, int32_t h) {
    McrdunRect r;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    return r;
}

/* x_gap / y_gap as in mcrdun-geom: > 0 apart, 0 touching, < 0 overlapping. */
static int64_t span_gap(int64_t a0, int64_t a1, int64_t b0, int64_t b1) {
    int64_t after = b0 - a1, before = a0 - b1;
    return after > before ? after : before;
}

static int all_clear(const McrdunRect *r, size_t n, int64_t pad) {
    size_t i, j;
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            int64_t gx = span_gap(r[i].x, (int64_t)r[i].x + r[i].w, r[j].x, (int64_t)r[j].x + r[j].w);
            int64_t gy = span_gap(r[i].y, (int64_t)r[i].y + r[i].h, r[j].y, (int64_t)r[j].y + r[j].h);
            if (gx < pad && gy < pad) {
                return 0;
            }
        }
    }
    return 1;
}

/* FNV-1a over each coordinate as 4 little-endian bytes: the same hash is
 * pinned in crates/scatter/tests/golden.rs (c_abi_level). */
static uint64_t hash_rooms(const McrdunRect *r, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    int k, b;
    for (i = 0; i < n; i++) {
        int32_t v[4];
        v[0] = r[i].x;
        v[1] = r[i].y;
        v[2] = r[i].w;
        v[3] = r[i].h;
        for (k = 0; k < 4; k++) {
            uint32_t u = (uint32_t)v[k];
            for (b = 0; b < 4; b++) {
                h ^= (u >> (8 * b)) & 0xffu;
                h *= 0x100000001b3ull;
            }
        }
    }
    return h;
}

static void test_params(void) {
    McrdunScatterParams p;
    CHECK_STATUS(mcrdun_scatter_params_default(NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_OK(mcrdun_scatter_params_default(&p));
    CHECK(p.count == 40 && p.area_shape == MCRDUN_SPAWN_DISC && p.disc_radius == 20);
    CHECK(p.min_w == 4 && p.max_w == 12 && p.min_h == 3 && p.max_h == 9);
    CHECK(p.padding == 0 && p.max_steps == 1000 && !p.spread);
}

static void test_generate(void) {
    static McrdunRect rooms[MAX_ROOMS_HERE], again[MAX_ROOMS_HERE];
    McrdunScatterParams p;
    McrdunSeparation rep, rep2;
    size_t len = 0, i;

    CHECK_OK(mcrdun_scatter_params_default(&p));
    p.count = 60;

    /* Query, too small (untouched), then fill. */
    CHECK_STATUS(mcrdun_scatter_generate(1, &p, NULL, 0, &len, &rep),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 60);
    CHECK_LAST_ERROR_HAS("60 item(s) needed");
    rooms[0].w = -7;
    len = 0;
    CHECK_STATUS(mcrdun_scatter_generate(1, &p, rooms, 59, &len, &rep),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 60 && rooms[0].w == -7);
    CHECK_OK(mcrdun_scatter_generate(1, &p, rooms, MAX_ROOMS_HERE, &len, &rep));
    CHECK(len == 60);
    CHECK(rep.steps <= p.max_steps);
    CHECK(all_clear(rooms, len, 0));
    for (i = 0; i < len; i++) {
        CHECK(rooms[i].w >= 4 && rooms[i].w <= 12 && rooms[i].h >= 3 && rooms[i].h <= 9);
    }

    /* Deterministic, and the same as the Rust API gives (golden.rs). */
    CHECK_OK(mcrdun_scatter_generate(1, &p, again, MAX_ROOMS_HERE, &len, &rep2));
    CHECK(memcmp(rooms, again, 60 * sizeof rooms[0]) == 0);
    CHECK(rep.steps == rep2.steps && rep.converged == rep2.converged &&
          rep.finished == rep2.finished);
    CHECK(hash_rooms(rooms, 60) == 0x18b4a635d8a97ae4ull);
    CHECK_OK(mcrdun_scatter_generate(2, &p, again, MAX_ROOMS_HERE, &len, &rep2));
    CHECK(memcmp(rooms, again, 60 * sizeof rooms[0]) != 0);

    /* A rectangle, padding 2, spreading. */
    p.area_shape = MCRDUN_SPAWN_RECT;
    p.area_rect = rect(-20, -5, 40, 10);
    p.padding = 2;
    p.spread = true;
    CHECK_OK(mcrdun_scatter_generate(3, &p, rooms, MAX_ROOMS_HERE, &len, &rep));
    CHECK(len == 60 && all_clear(rooms, len, 2));

    /* Every room on one cell and no push steps: the finishing pass alone. */
    CHECK_OK(mcrdun_scatter_params_default(&p));
    p.count = 200;
    p.disc_radius = 0;
    p.max_steps = 0;
    CHECK_OK(mcrdun_scatter_generate(4, &p, rooms, MAX_ROOMS_HERE, &len, &rep));
    CHECK(len == 200 && rep.steps == 0 && !rep.converged && rep.finished > 0);
    CHECK(all_clear(rooms, len, 0));

    /* No rooms: success, nothing needed. */
    p.count = 0;
    len = 99;
    CHECK_OK(mcrdun_scatter_generate(5, &p, NULL, 0, &len, &rep));
    CHECK(len == 0 && rep.steps == 0);
}

static void test_generate_errors(void) {
    McrdunRect rooms[8];
    McrdunScatterParams p, bad;
    McrdunSeparation rep;
    size_t len = 0;

    CHECK_OK(mcrdun_scatter_params_default(&p));
    p.count = 8;
    CHECK_STATUS(mcrdun_scatter_generate(1, NULL, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`params` is NULL");
    CHECK_STATUS(mcrdun_scatter_generate(1, &p, rooms, 8, NULL, &rep),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_generate(1, &p, rooms, 8, &len, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`report` is NULL");

    bad = p;
    bad.area_shape = 7;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("area_shape 7");
    bad = p;
    bad.area_shape = MCRDUN_SPAWN_RECT;
    bad.area_rect = rect(0, 0, 0, 4);
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    bad = p;
    bad.min_w = 0;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("size range");
    bad = p;
    bad.min_h = 10;
    bad.max_h = 9;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    bad = p;
    bad.max_w = 70000;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    bad = p;
    bad.disc_radius = (1u << 24) + 1;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("radius");
    bad = p;
    bad.padding = 70000;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("padding");
    bad = p;
    bad.count = (1u << 24) + 1;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, NULL, 0, &len, &rep),
                 MCRDUN_STATUS_TOO_LARGE);
    bad = p;
    bad.disc_center.x = INT32_MAX - 5;
    CHECK_STATUS(mcrdun_scatter_generate(1, &bad, rooms, 8, &len, &rep),
                 MCRDUN_STATUS_TOO_LARGE);
}

static void test_separate(void) {
    McrdunRect rooms[30], before[30];
    McrdunSeparation rep;
    size_t i;
    for (i = 0; i < 30; i++) {
        rooms[i] = rect((int32_t)(i % 4), (int32_t)(i % 3), 3 + (int32_t)(i % 5), 2 + (int32_t)(i % 4));
    }
    memcpy(before, rooms, sizeof rooms);
    CHECK_OK(mcrdun_scatter_separate(rooms, 30, 1, 500, false, &rep));
    CHECK(all_clear(rooms, 30, 1));
    CHECK(rep.steps <= 500);
    for (i = 0; i < 30; i++) {
        CHECK(rooms[i].w == before[i].w && rooms[i].h == before[i].h);
    }

    /* Errors leave the rooms alone. */
    memcpy(rooms, before, sizeof rooms);
    rooms[29].h = 0;
    CHECK_STATUS(mcrdun_scatter_separate(rooms, 30, 0, 500, false, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("rooms[29]");
    CHECK(rooms[0].x == before[0].x && rooms[0].y == before[0].y);
    rooms[29].h = 2;
    CHECK_STATUS(mcrdun_scatter_separate(rooms, 30, 70000, 500, false, &rep),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_separate(rooms, 30, 0, 500, false, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_separate(NULL, 30, 0, 500, false, &rep),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_OK(mcrdun_scatter_separate(NULL, 0, 0, 500, false, &rep));
    CHECK(rep.steps == 0 && rep.converged);
    for (i = 0; i < 30; i++) {
        rooms[i] = rect(INT32_MAX - 20, 0, 10, 10);
    }
    CHECK_STATUS(mcrdun_scatter_separate(rooms, 30, 0, 100, false, &rep),
                 MCRDUN_STATUS_TOO_LARGE);
    CHECK(rooms[3].x == INT32_MAX - 20);
}

static void test_neighbours_and_links(void) {
    static McrdunRect rooms[MAX_ROOMS_HERE];
    static uint32_t pairs[8 * MAX_ROOMS_HERE], links[8 * MAX_ROOMS_HERE];
    static uint32_t lost[MAX_ROOMS_HERE];
    static unsigned char reached[MAX_ROOMS_HERE];
    McrdunScatterParams p;
    McrdunSeparation rep;
    size_t n = 0, len = 0, links_len = 0, lost_len = 0, tree = 0, i, j, k, brute = 0;
    bool yes = false;

    CHECK_OK(mcrdun_scatter_params_default(&p));
    p.count = 120;
    CHECK_OK(mcrdun_scatter_generate(7, &p, rooms, MAX_ROOMS_HERE, &n, &rep));

    /* Neighbours: the two-call protocol, then all pairs by brute force. */
    CHECK_STATUS(mcrdun_scatter_neighbours(rooms, n, 2, 1, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len > 0 && len % 2 == 0);
    CHECK_OK(mcrdun_scatter_neighbours(rooms, n, 2, 1, pairs, 8 * MAX_ROOMS_HERE, &len));
    k = 0;
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            CHECK_OK(mcrdun_rect_are_neighbours(rooms[i], rooms[j], 2, 1, &yes));
            if (yes) {
                CHECK(k + 1 < len && pairs[k] == i && pairs[k + 1] == j);
                k += 2;
                brute++;
            }
        }
    }
    CHECK(k == len && brute * 2 == len);
    CHECK_STATUS(mcrdun_scatter_neighbours(rooms, n, 2, 1, pairs, 8 * MAX_ROOMS_HERE, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_neighbours(NULL, n, 2, 1, pairs, 8 * MAX_ROOMS_HERE, &len),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_OK(mcrdun_scatter_neighbours(NULL, 0, 2, 1, NULL, 0, &len));
    CHECK(len == 0);

    /* Links: a tree over the reached rooms, then loops. */
    CHECK_STATUS(mcrdun_scatter_links(rooms, n, 2, 1, 0, 0.5, 9, NULL, 0, &links_len, &tree),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    tree = 12345;
    CHECK_OK(mcrdun_scatter_links(rooms, n, 2, 1, 0, 0.5, 9, links, 8 * MAX_ROOMS_HERE,
                                  &links_len, &tree));
    CHECK_OK(mcrdun_scatter_unreachable(rooms, n, 2, 1, 0, lost, MAX_ROOMS_HERE, &lost_len));
    CHECK(tree == n - lost_len - 1);
    CHECK(links_len >= 2 * tree && links_len % 2 == 0);
    /* Every tree link reaches a new room from a reached one. */
    memset(reached, 0, sizeof reached);
    reached[0] = 1;
    for (k = 0; k < 2 * tree; k += 2) {
        CHECK(reached[links[k]] && !reached[links[k + 1]]);
        reached[links[k + 1]] = 1;
    }
    for (k = 0; k < lost_len; k++) {
        CHECK(!reached[lost[k]]);
    }
    /* Every link is a neighbour pair. */
    for (k = 0; k < links_len; k += 2) {
        CHECK_OK(mcrdun_rect_are_neighbours(rooms[links[k]], rooms[links[k + 1]], 2, 1, &yes));
        CHECK(yes);
    }
    /* Fraction 0: the tree only; fraction 1: every neighbour pair among the reached. */
    CHECK_OK(mcrdun_scatter_links(rooms, n, 2, 1, 0, 0.0, 9, links, 8 * MAX_ROOMS_HERE,
                                  &links_len, &tree));
    CHECK(links_len == 2 * tree);
    CHECK_OK(mcrdun_scatter_links(rooms, n, 2, 1, 0, 1.0, 9, links, 8 * MAX_ROOMS_HERE,
                                  &links_len, &tree));
    if (lost_len == 0) {
        /* Every neighbour pair (brute counted them above; `len` was since
           reused for the empty call). */
        CHECK(links_len == 2 * brute);
    }

    /* Errors. */
    CHECK_STATUS(mcrdun_scatter_links(rooms, n, 2, 1, 0, NAN, 9, links, 8 * MAX_ROOMS_HERE,
                                      &links_len, &tree),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("fraction");
    CHECK_STATUS(mcrdun_scatter_links(rooms, n, 2, 1, 0, 1.5, 9, links, 8 * MAX_ROOMS_HERE,
                                      &links_len, &tree),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_links(rooms, n, 2, 1, (uint32_t)n, 0.5, 9, links,
                                      8 * MAX_ROOMS_HERE, &links_len, &tree),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_scatter_links(NULL, 0, 2, 1, 0, 0.5, 9, NULL, 0, &links_len, &tree),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_scatter_links(rooms, n, 2, 1, 0, 0.5, 9, links, 8 * MAX_ROOMS_HERE,
                                      &links_len, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_links(rooms, n, 2, 1, 0, 0.5, 9, links, 8 * MAX_ROOMS_HERE,
                                      NULL, &tree),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_unreachable(rooms, n, 2, 1, 999, lost, MAX_ROOMS_HERE,
                                            &lost_len),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_scatter_unreachable(rooms, n, 2, 1, 0, lost, MAX_ROOMS_HERE, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
}

static void test_islands(void) {
    /* Two touching rooms and one island: the island is unreachable. */
    McrdunRect rooms[3];
    uint32_t out[8], lost[3];
    size_t len = 0, tree = 0, lost_len = 0;
    rooms[0] = rect(0, 0, 10, 10);
    rooms[1] = rect(10, 2, 5, 5);
    rooms[2] = rect(50, 50, 5, 5);
    CHECK_OK(mcrdun_scatter_links(rooms, 3, 1, 2, 1, 1.0, 0, out, 8, &len, &tree));
    CHECK(len == 2 && tree == 1 && out[0] == 1 && out[1] == 0);
    CHECK_STATUS(mcrdun_scatter_unreachable(rooms, 3, 1, 2, 0, lost, 0, &lost_len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(lost_len == 1);
    CHECK_OK(mcrdun_scatter_unreachable(rooms, 3, 1, 2, 0, lost, 3, &lost_len));
    CHECK(lost_len == 1 && lost[0] == 2);
}

static void test_door_span(void) {
    McrdunDoorSpan span;
    McrdunRect a = rect(0, 0, 10, 10), b = rect(12, 4, 5, 20);
    CHECK_OK(mcrdun_scatter_door_span(a, b, 3, 2, &span));
    CHECK(span.side == MCRDUN_SIDE_EAST && span.start == 4 && span.end == 10 && span.gap == 2);
    CHECK_OK(mcrdun_scatter_door_span(b, a, 3, 2, &span));
    CHECK(span.side == MCRDUN_SIDE_WEST && span.start == 4 && span.end == 10);
    CHECK_OK(mcrdun_scatter_door_span(a, rect(2, 10, 3, 3), 1, 2, &span));
    CHECK(span.side == MCRDUN_SIDE_SOUTH && span.start == 2 && span.end == 5 && span.gap == 0);
    span.side = 99;
    CHECK_STATUS(mcrdun_scatter_door_span(a, b, 2, 2, &span), MCRDUN_STATUS_NOT_ADJACENT);
    CHECK(span.side == 99);
    CHECK_LAST_ERROR_HAS("not neighbours");
    CHECK_STATUS(mcrdun_scatter_door_span(a, b, 3, 2, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_scatter_door_span(rect(0, 0, 0, 1), b, 3, 2, &span),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
}

int main(void) {
    test_params();
    test_generate();
    test_generate_errors();
    test_separate();
    test_neighbours_and_links();
    test_islands();
    test_door_span();
    return check_finish("scatter.c");
}
