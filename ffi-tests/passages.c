/* Passages from C, on the crate's example: two rooms of 9 and 7 cells whose
 * border has 8 cells; the jutting cell (3,3) has 3 neighbours across. Every
 * error path: NULL pointers, bad values, and the two-call buffer protocol. */
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

static const int32_t UPPER[9][2] = {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {1, 2},
                                    {2, 2}, {3, 2}, {4, 2}, {3, 3}};
static const int32_t LOWER[7][2] = {{1, 3}, {2, 3}, {4, 3}, {1, 4},
                                    {2, 4}, {3, 4}, {4, 4}};

static McrdunWeights count_weights(void) {
    McrdunWeights w;
    memset(&w, 0, sizeof w);
    w.kind = MCRDUN_WEIGHTS_COUNT;
    return w;
}

static McrdunWeights table_weights(uint32_t w1, uint32_t w2, uint32_t w3, uint32_t w4) {
    McrdunWeights w;
    w.kind = MCRDUN_WEIGHTS_TABLE;
    w.table[0] = w1;
    w.table[1] = w2;
    w.table[2] = w3;
    w.table[3] = w4;
    return w;
}

static int same(McrdunPoint a, McrdunPoint b) { return a.x == b.x && a.y == b.y; }

static int manhattan(McrdunPoint a, McrdunPoint b) {
    return abs(a.x - b.x) + abs(a.y - b.y);
}

/* The example layout, plus a lone one-cell room at (0,5) as room 2. */
static McrdunLayout *seed_layout(void) {
    McrdunLayout *layout = NULL;
    McrdunPoint cells[9];
    uint32_t room = 99;
    size_t i;
    CHECK_OK(mcrdun_layout_new(6, 6, &layout));
    for (i = 0; i < 9; i++) cells[i] = pt(UPPER[i][0], UPPER[i][1]);
    CHECK_OK(mcrdun_layout_add_room(layout, cells, 9, &room));
    CHECK(room == 0);
    for (i = 0; i < 7; i++) cells[i] = pt(LOWER[i][0], LOWER[i][1]);
    CHECK_OK(mcrdun_layout_add_room(layout, cells, 7, &room));
    CHECK(room == 1);
    cells[0] = pt(0, 5);
    CHECK_OK(mcrdun_layout_add_room(layout, cells, 1, &room));
    CHECK(room == 2);
    return layout;
}

static void test_layout_errors(void) {
    McrdunLayout *layout = NULL;
    McrdunPoint cells[3];
    uint32_t room = 77;

    CHECK_STATUS(mcrdun_layout_new(6, 6, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_new(0x80000000u, 1, &layout), MCRDUN_STATUS_TOO_LARGE);
    CHECK(layout == NULL);
    mcrdun_layout_free(NULL);
    CHECK(mcrdun_layout_room_count(NULL) == 0);

    layout = seed_layout();
    CHECK(mcrdun_layout_room_count(layout) == 3);

    /* Empty, out of bounds, taken, duplicate: errors, nothing changes. */
    CHECK_STATUS(mcrdun_layout_add_room(layout, NULL, 0, &room), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("at least one cell");
    cells[0] = pt(0, 0);
    cells[1] = pt(6, 0);
    CHECK_STATUS(mcrdun_layout_add_room(layout, cells, 2, &room), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_LAST_ERROR_HAS("outside the 6 x 6 layout");
    cells[1] = pt(3, 3);
    CHECK_STATUS(mcrdun_layout_add_room(layout, cells, 2, &room), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("already belongs to room 0");
    cells[1] = pt(0, 0);
    CHECK_STATUS(mcrdun_layout_add_room(layout, cells, 2, &room), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("given twice");
    CHECK_STATUS(mcrdun_layout_add_room(layout, NULL, 2, &room), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`cells` is NULL");
    CHECK_STATUS(mcrdun_layout_add_room(NULL, cells, 1, &room), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_add_room(layout, cells, 1, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK(room == 77);
    CHECK(mcrdun_layout_room_count(layout) == 3);

    /* (0,0) is still free after all that. */
    CHECK_OK(mcrdun_layout_room_of(layout, pt(0, 0), &room));
    CHECK(room == MCRDUN_NO_ROOM);
    CHECK_OK(mcrdun_layout_room_of(layout, pt(3, 3), &room));
    CHECK(room == 0);
    CHECK_OK(mcrdun_layout_room_of(layout, pt(3, 4), &room));
    CHECK(room == 1);
    CHECK_STATUS(mcrdun_layout_room_of(layout, pt(-1, 0), &room), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_layout_room_of(layout, pt(0, 0), NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_room_of(NULL, pt(0, 0), &room), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_layout_free(layout);
}

static void test_border(void) {
    McrdunLayout *layout = seed_layout();
    McrdunBorderPair pairs[32];
    McrdunRoomPair rooms[4];
    size_t len = 0, i, cells = 0, at33 = 0;

    /* Query the size, then a buffer one short, then the real call. */
    CHECK_STATUS(mcrdun_layout_border(layout, 0, 1, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 12); /* 6 adjacent cell pairs, each seen from both sides */
    pairs[0].cell = pt(-9, -9);
    CHECK_STATUS(mcrdun_layout_border(layout, 0, 1, pairs, 11, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 12 && pairs[0].cell.x == -9);
    CHECK_OK(mcrdun_layout_border(layout, 0, 1, pairs, 32, &len));
    CHECK(len == 12);

    for (i = 0; i < len; i++) {
        CHECK(manhattan(pairs[i].cell, pairs[i].across) == 1);
        if (i == 0 || !same(pairs[i].cell, pairs[i - 1].cell)) cells++;
        if (i > 0) { /* sorted by (y, x) */
            CHECK(pairs[i - 1].cell.y < pairs[i].cell.y ||
                  (pairs[i - 1].cell.y == pairs[i].cell.y &&
                   pairs[i - 1].cell.x <= pairs[i].cell.x));
        }
        if (same(pairs[i].cell, pt(3, 3))) {
            static const int32_t expect[3][2] = {{2, 3}, {4, 3}, {3, 4}};
            CHECK(at33 < 3 && same(pairs[i].across, pt(expect[at33][0], expect[at33][1])));
            at33++;
        }
    }
    CHECK(cells == 8);
    CHECK(at33 == 3);

    /* Rooms that do not touch: an empty border, no buffer needed. */
    len = 5;
    CHECK_OK(mcrdun_layout_border(layout, 0, 2, NULL, 0, &len));
    CHECK(len == 0);

    CHECK_STATUS(mcrdun_layout_border(layout, 1, 1, pairs, 32, &len),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("two different rooms");
    CHECK_STATUS(mcrdun_layout_border(layout, 0, 3, pairs, 32, &len),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_LAST_ERROR_HAS("room 3 does not exist");
    CHECK_STATUS(mcrdun_layout_border(layout, 0, 1, pairs, 32, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_border(NULL, 0, 1, pairs, 32, &len),
                 MCRDUN_STATUS_NULL_ARGUMENT);

    CHECK_STATUS(mcrdun_layout_adjacent_rooms(layout, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 1);
    CHECK_OK(mcrdun_layout_adjacent_rooms(layout, rooms, 4, &len));
    CHECK(len == 1 && rooms[0].a == 0 && rooms[0].b == 1);
    CHECK_STATUS(mcrdun_layout_adjacent_rooms(layout, rooms, 4, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_layout_free(layout);
}

static void test_choose_passage(void) {
    McrdunLayout *layout = seed_layout();
    McrdunPassage p, q;
    McrdunWeights bad = count_weights();
    uint32_t room = 0;
    uint64_t seed;
    int jutting = 0;

    /* The first draws for seed 2026 agree with the Rust golden test and
     * the independent Python reference. */
    CHECK_OK(mcrdun_layout_choose_passage(layout, 0, 1, 2026, count_weights(), &p));
    CHECK(p.a == 0 && p.b == 1 && same(p.cell_a, pt(3, 3)) && same(p.cell_b, pt(2, 3)));
    CHECK_OK(mcrdun_layout_choose_passage(layout, 0, 1, 2026, table_weights(1, 10, 15, 15), &p));
    CHECK(same(p.cell_a, pt(3, 3)) && same(p.cell_b, pt(4, 3)));
    /* Asked the other way round, cell_a is in room 1. */
    CHECK_OK(mcrdun_layout_choose_passage(layout, 1, 0, 2026, count_weights(), &p));
    CHECK(p.a == 1 && p.b == 0 && same(p.cell_b, pt(3, 3)) && same(p.cell_a, pt(2, 3)));

    for (seed = 0; seed < 200; seed++) {
        CHECK_OK(mcrdun_layout_choose_passage(layout, 0, 1, seed, table_weights(1, 10, 15, 15), &p));
        CHECK_OK(mcrdun_layout_choose_passage(layout, 0, 1, seed, table_weights(1, 10, 15, 15), &q));
        CHECK(memcmp(&p, &q, sizeof p) == 0); /* same seed, same passage */
        CHECK(manhattan(p.cell_a, p.cell_b) == 1);
        CHECK_OK(mcrdun_layout_room_of(layout, p.cell_a, &room));
        CHECK(room == 0);
        CHECK_OK(mcrdun_layout_room_of(layout, p.cell_b, &room));
        CHECK(room == 1);
        jutting += same(p.cell_a, pt(3, 3));
    }
    /* (3,3)'s passages carry 26/40 of the weight: about 130 of 200. */
    CHECK(jutting > 100 && jutting < 160);

    /* Only cells with 3 neighbours across: always (3,3). */
    CHECK_OK(mcrdun_layout_choose_passage(layout, 0, 1, 5, table_weights(0, 0, 1, 0), &p));
    CHECK(same(p.cell_a, pt(3, 3)));

    p.a = 42;
    CHECK_STATUS(mcrdun_layout_choose_passage(layout, 0, 2, 1, count_weights(), &p),
                 MCRDUN_STATUS_NOT_ADJACENT);
    CHECK_LAST_ERROR_HAS("share no border");
    CHECK_STATUS(mcrdun_layout_choose_passage(layout, 0, 1, 1, table_weights(0, 0, 0, 5), &p),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("weight zero");
    bad.kind = 7;
    CHECK_STATUS(mcrdun_layout_choose_passage(layout, 0, 1, 1, bad, &p),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("weights kind 7");
    CHECK_STATUS(mcrdun_layout_choose_passage(layout, 0, 0, 1, count_weights(), &p),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_choose_passage(layout, 9, 0, 1, count_weights(), &p),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_layout_choose_passage(layout, 0, 1, 1, count_weights(), NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_choose_passage(NULL, 0, 1, 1, count_weights(), &p),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK(p.a == 42); /* nothing written on failure */
    mcrdun_layout_free(layout);
}

static void test_passages(void) {
    McrdunLayout *layout = seed_layout();
    McrdunPassagePlan *plan = NULL, *again = NULL;
    McrdunPassagePolicy policy;
    McrdunPassage items[4], items2[4];
    uint32_t isolated[4];
    size_t len = 0, len2 = 0;

    memset(&policy, 0, sizeof policy);
    policy.connect = MCRDUN_CONNECT_ALL_PAIRS;
    policy.weights = count_weights();
    CHECK_OK(mcrdun_layout_passages(layout, 11, policy, &plan));
    CHECK(plan != NULL);
    CHECK_STATUS(mcrdun_passage_plan_passages(plan, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 1);
    CHECK_OK(mcrdun_passage_plan_passages(plan, items, 4, &len));
    CHECK(len == 1 && items[0].a == 0 && items[0].b == 1);
    CHECK(manhattan(items[0].cell_a, items[0].cell_b) == 1);
    CHECK_STATUS(mcrdun_passage_plan_isolated(plan, isolated, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 1);
    CHECK_OK(mcrdun_passage_plan_isolated(plan, isolated, 4, &len));
    CHECK(len == 1 && isolated[0] == 2); /* the lone room is reported */
    CHECK(mcrdun_passage_plan_components(plan) == 2);
    CHECK_STATUS(mcrdun_passage_plan_passages(plan, items, 4, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_passage_plan_passages(NULL, items, 4, &len), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_passage_plan_isolated(NULL, isolated, 4, &len),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK(mcrdun_passage_plan_components(NULL) == 0);

    /* A spanning tree with the table {1, 10, 15, 15}; same seed, same plan. */
    policy.connect = MCRDUN_CONNECT_SPANNING_TREE;
    policy.loops_per_mille = 500;
    policy.weights = table_weights(1, 10, 15, 15);
    mcrdun_passage_plan_free(plan);
    CHECK_OK(mcrdun_layout_passages(layout, 12, policy, &plan));
    CHECK_OK(mcrdun_layout_passages(layout, 12, policy, &again));
    CHECK_OK(mcrdun_passage_plan_passages(plan, items, 4, &len));
    CHECK_OK(mcrdun_passage_plan_passages(again, items2, 4, &len2));
    CHECK(len == 1 && len2 == 1 && memcmp(items, items2, sizeof items[0]) == 0);
    mcrdun_passage_plan_free(again);
    mcrdun_passage_plan_free(NULL);

    again = NULL;
    policy.loops_per_mille = 1001;
    CHECK_STATUS(mcrdun_layout_passages(layout, 1, policy, &again), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("1001");
    policy.loops_per_mille = 0;
    policy.connect = 5;
    CHECK_STATUS(mcrdun_layout_passages(layout, 1, policy, &again), MCRDUN_STATUS_INVALID_ARGUMENT);
    policy.connect = MCRDUN_CONNECT_ALL_PAIRS;
    policy.weights.kind = 9;
    CHECK_STATUS(mcrdun_layout_passages(layout, 1, policy, &again), MCRDUN_STATUS_INVALID_ARGUMENT);
    policy.weights = table_weights(0, 0, 0, 0);
    CHECK_STATUS(mcrdun_layout_passages(layout, 1, policy, &again), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(again == NULL);
    policy.weights = count_weights();
    CHECK_STATUS(mcrdun_layout_passages(layout, 1, policy, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_passages(NULL, 1, policy, &again), MCRDUN_STATUS_NULL_ARGUMENT);

    mcrdun_passage_plan_free(plan);
    mcrdun_layout_free(layout);
}

static void test_from_labels(void) {
    /* The example layout as a label grid, the lone room 2 at (0,5). */
    const uint32_t N = MCRDUN_NO_ROOM;
    uint32_t labels[36];
    uint32_t room = 0;
    size_t i, len = 0, len2 = 0;
    McrdunLayout *from = NULL, *added = seed_layout();
    McrdunBorderPair a[16], b[16];
    for (i = 0; i < 36; i++) labels[i] = N;
    for (i = 0; i < 9; i++) labels[UPPER[i][1] * 6 + UPPER[i][0]] = 0;
    for (i = 0; i < 7; i++) labels[LOWER[i][1] * 6 + LOWER[i][0]] = 1;
    labels[5 * 6 + 0] = 2;

    CHECK_OK(mcrdun_layout_from_labels(6, 6, labels, 36, &from));
    CHECK(mcrdun_layout_room_count(from) == 3);
    CHECK_OK(mcrdun_layout_room_of(from, pt(3, 3), &room));
    CHECK(room == 0);
    CHECK_OK(mcrdun_layout_border(from, 0, 1, a, 16, &len));
    CHECK_OK(mcrdun_layout_border(added, 0, 1, b, 16, &len2));
    CHECK(len == 12 && len2 == 12 && memcmp(a, b, len * sizeof a[0]) == 0);
    mcrdun_layout_free(from);

    from = NULL;
    CHECK_STATUS(mcrdun_layout_from_labels(6, 6, labels, 35, &from),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_from_labels(6, 6, NULL, 36, &from), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_layout_from_labels(6, 6, labels, 36, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    labels[5 * 6 + 0] = 3; /* label 2 unused */
    CHECK_STATUS(mcrdun_layout_from_labels(6, 6, labels, 36, &from),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("label 2 is used by no cell");
    CHECK(from == NULL);
    /* An empty grid is a valid, empty layout. */
    CHECK_OK(mcrdun_layout_from_labels(0, 0, NULL, 0, &from));
    CHECK(from != NULL && mcrdun_layout_room_count(from) == 0);
    mcrdun_layout_free(from);
    mcrdun_layout_free(added);
}

int main(void) {
    test_layout_errors();
    test_from_labels();
    test_border();
    test_choose_passage();
    test_passages();
    return check_finish("passages.c");
}
