/* Region labelling, statistics, reachability and connect from C, with every
 * error path and the two-call buffer protocol. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

/* Builds a map from strings: '.' is floor, anything else wall. */
static void parse(const char *const *rows, uint32_t w, uint32_t h, uint8_t *cells) {
    uint32_t x, y;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) cells[y * w + x] = rows[y][x] == '.' ? 1 : 0;
}

static const char *const MAP[] = {
    "#########",
    "#...#...#",
    "#...#.#.#",
    "#####.#.#",
    "#..##...#",
    "#########",
};
enum { MW = 9, MH = 6, MN = MW * MH };

static void test_label(void) {
    uint8_t cells[MN];
    uint32_t labels[MN + 1];
    uint32_t count = 0, i;
    parse(MAP, MW, MH, cells);

    labels[MN] = 12345u;
    CHECK_OK(mcrdun_regions_label(cells, MW, MH, 4, labels, MN + 1, &count));
    CHECK(count == 3);
    CHECK(labels[0] == MCRDUN_NO_REGION);
    CHECK(labels[1 * MW + 1] == 0);
    CHECK(labels[1 * MW + 5] == 1);
    CHECK(labels[4 * MW + 1] == 2);
    CHECK(labels[MN] == 12345u); /* only width * height labels written */
    for (i = 0; i < MN; i++) CHECK((labels[i] == MCRDUN_NO_REGION) == (cells[i] == 0));

    /* 8-connectivity joins diagonal neighbours. */
    {
        const uint8_t diag[4] = {1, 0, 0, 1};
        uint32_t l4[4];
        CHECK_OK(mcrdun_regions_label(diag, 2, 2, 4, l4, 4, &count));
        CHECK(count == 2 && l4[3] == 1);
        CHECK_OK(mcrdun_regions_label(diag, 2, 2, 8, l4, 4, &count));
        CHECK(count == 1 && l4[0] == 0 && l4[3] == 0 && l4[1] == MCRDUN_NO_REGION);
    }

    /* Empty maps are valid: zero regions, NULL buffers allowed. */
    count = 99;
    CHECK_OK(mcrdun_regions_label(NULL, 0, 7, 4, NULL, 0, &count));
    CHECK(count == 0);
    CHECK_OK(mcrdun_regions_label(NULL, 5, 0, 8, NULL, 0, &count));
    CHECK(count == 0);
}

static void test_label_errors(void) {
    uint8_t cells[MN];
    uint32_t labels[MN];
    uint32_t count = 77, i;
    parse(MAP, MW, MH, cells);
    for (i = 0; i < MN; i++) labels[i] = 5;

    CHECK_STATUS(mcrdun_regions_label(cells, MW, MH, 4, labels, MN, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("region_count");
    CHECK_STATUS(mcrdun_regions_label(NULL, MW, MH, 4, labels, MN, &count),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("cells");
    CHECK_STATUS(mcrdun_regions_label(cells, MW, MH, 4, NULL, MN, &count),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("labels");
    CHECK_STATUS(mcrdun_regions_label(cells, MW, MH, 6, labels, MN, &count),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("4 or 8");
    CHECK_STATUS(mcrdun_regions_label(cells, MW, MH, 0, labels, MN, &count),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_regions_label(cells, MW, MH, 4, labels, MN - 1, &count),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_LAST_ERROR_HAS("label buffer");
    CHECK_STATUS(mcrdun_regions_label(cells, UINT32_MAX, UINT32_MAX, 4, labels, MN, &count),
                 MCRDUN_STATUS_TOO_LARGE);
    CHECK_STATUS(mcrdun_regions_label(cells, 1u << 31, 1, 4, labels, MN, &count),
                 MCRDUN_STATUS_TOO_LARGE);
    /* Nothing was written by any failed call. */
    CHECK(count == 77);
    for (i = 0; i < MN; i++) CHECK(labels[i] == 5);

    CHECK_STATUS(mcrdun_regions_label_wrapped(cells, MW, MH, 4, 4, labels, MN, &count),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("wrap");
}

static void test_wrapped(void) {
    /* Floor at both ends of each row, and on the top and bottom rows. */
    const uint8_t ring[3 * 4] = {
        1, 0, 0, 1,
        0, 0, 0, 0,
        1, 0, 0, 0,
    };
    uint32_t labels[12], count = 0;
    CHECK_OK(mcrdun_regions_label_wrapped(ring, 4, 3, 4, 0, labels, 12, &count));
    CHECK(count == 3);
    CHECK_OK(mcrdun_regions_label_wrapped(ring, 4, 3, 4, MCRDUN_REGIONS_WRAP_X, labels, 12, &count));
    CHECK(count == 2 && labels[0] == 0 && labels[3] == 0 && labels[8] == 1);
    CHECK_OK(mcrdun_regions_label_wrapped(ring, 4, 3, 4,
                                          MCRDUN_REGIONS_WRAP_X | MCRDUN_REGIONS_WRAP_Y,
                                          labels, 12, &count));
    CHECK(count == 1 && labels[8] == 0);
}

static void test_stats(void) {
    uint8_t cells[MN];
    uint32_t labels[MN];
    McrdunRegionStats stats[4];
    size_t len = 0;
    uint32_t largest = 0, i;
    parse(MAP, MW, MH, cells);

    /* Two-call protocol: ask for the size first. */
    CHECK_STATUS(mcrdun_regions_stats(cells, MW, MH, 4, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    CHECK_STATUS(mcrdun_regions_stats(cells, MW, MH, 4, stats, 2, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(mcrdun_regions_stats(cells, MW, MH, 4, stats, 4, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_regions_stats(cells, MW, MH, 5, stats, 4, &len),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_OK(mcrdun_regions_stats(cells, MW, MH, 4, stats, 4, &len));
    CHECK(len == 3);
    CHECK(stats[0].area == 6 && stats[0].min_x == 1 && stats[0].max_x == 3);
    CHECK(stats[0].min_y == 1 && stats[0].max_y == 2);
    CHECK(stats[0].sum_x == 12 && stats[0].sum_y == 9);
    CHECK(stats[1].area == 10 && stats[2].area == 2);
    CHECK_OK(mcrdun_regions_largest(stats, len, &largest));
    CHECK(largest == 1);
    CHECK_OK(mcrdun_regions_largest(NULL, 0, &largest));
    CHECK(largest == MCRDUN_NO_REGION);
    CHECK_STATUS(mcrdun_regions_largest(stats, len, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_regions_largest(NULL, 2, &largest), MCRDUN_STATUS_NULL_ARGUMENT);

    /* Labels and stats in one pass; a short stats buffer writes no label. */
    for (i = 0; i < MN; i++) labels[i] = 5;
    CHECK_STATUS(mcrdun_regions_label_stats(cells, MW, MH, 4, labels, MN, stats, 1, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    for (i = 0; i < MN; i++) CHECK(labels[i] == 5);
    CHECK_STATUS(mcrdun_regions_label_stats(cells, MW, MH, 4, labels, MN - 1, stats, 4, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(mcrdun_regions_label_stats(cells, MW, MH, 4, labels, MN, stats, 4, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    memset(stats, 0, sizeof stats);
    CHECK_OK(mcrdun_regions_label_stats(cells, MW, MH, 4, labels, MN, stats, 4, &len));
    CHECK(len == 3 && labels[1 * MW + 5] == 1 && stats[1].area == 10);
    CHECK(stats[2].min_x == 1 && stats[2].max_x == 2 && stats[2].min_y == 4);
}

static void test_reachability(void) {
    uint8_t cells[MN], mask[MN];
    bool connected = true;
    McrdunPoint stairs[3];
    uint32_t touched[3];
    size_t len = 0, i;
    McrdunPoint start;
    parse(MAP, MW, MH, cells);

    start.x = 5;
    start.y = 3;
    CHECK_OK(mcrdun_regions_reachable_from(cells, MW, MH, 4, start, mask, MN));
    CHECK(mask[1 * MW + 7] == 1 && mask[1 * MW + 1] == 0 && mask[0] == 0);
    for (i = 0; i < MN; i++) CHECK(mask[i] == 0 || cells[i] != 0);
    start.x = 0; /* a wall: nothing reachable */
    CHECK_OK(mcrdun_regions_reachable_from(cells, MW, MH, 4, start, mask, MN));
    for (i = 0; i < MN; i++) CHECK(mask[i] == 0);
    start.x = MW;
    memset(mask, 9, sizeof mask);
    CHECK_STATUS(mcrdun_regions_reachable_from(cells, MW, MH, 4, start, mask, MN),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK(mask[0] == 9);
    start.x = 1;
    CHECK_STATUS(mcrdun_regions_reachable_from(cells, MW, MH, 4, start, mask, MN - 1),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(mcrdun_regions_reachable_from(cells, MW, MH, 4, start, NULL, MN),
                 MCRDUN_STATUS_NULL_ARGUMENT);

    CHECK_OK(mcrdun_regions_is_connected(cells, MW, MH, 4, &connected));
    CHECK(!connected);
    CHECK_STATUS(mcrdun_regions_is_connected(cells, MW, MH, 4, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_regions_is_connected(cells, MW, MH, 3, &connected),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_OK(mcrdun_regions_is_connected(NULL, 0, 0, 8, &connected));
    CHECK(connected);

    /* Stairs up and down: are they in one region? */
    stairs[0].x = 1; stairs[0].y = 1;
    stairs[1].x = 7; stairs[1].y = 3;
    stairs[2].x = 0; stairs[2].y = 0; /* a wall adds nothing */
    CHECK_STATUS(mcrdun_regions_touched(cells, MW, MH, 4, stairs, 3, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 2);
    CHECK_OK(mcrdun_regions_touched(cells, MW, MH, 4, stairs, 3, touched, 3, &len));
    CHECK(len == 2 && touched[0] == 0 && touched[1] == 1);
    CHECK_OK(mcrdun_regions_touched(cells, MW, MH, 4, stairs + 1, 1, touched, 3, &len));
    CHECK(len == 1 && touched[0] == 1);
    CHECK_OK(mcrdun_regions_touched(cells, MW, MH, 4, NULL, 0, NULL, 0, &len));
    CHECK(len == 0);
    CHECK_STATUS(mcrdun_regions_touched(cells, MW, MH, 4, NULL, 2, touched, 3, &len),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    stairs[0].y = -1;
    CHECK_STATUS(mcrdun_regions_touched(cells, MW, MH, 4, stairs, 1, touched, 3, &len),
                 MCRDUN_STATUS_OUT_OF_RANGE);
}

static void test_connect(void) {
    uint8_t cells[MN], before[MN];
    size_t dug = 0, i;
    bool connected = false;
    parse(MAP, MW, MH, cells);
    memcpy(before, cells, sizeof cells);

    CHECK_STATUS(mcrdun_regions_connect(cells, MW, MH, 2, &dug), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_regions_connect(cells, MW, MH, 1, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_regions_connect(NULL, MW, MH, 1, &dug), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_regions_connect(cells, UINT32_MAX, 3, 1, &dug), MCRDUN_STATUS_TOO_LARGE);
    CHECK(memcmp(cells, before, sizeof cells) == 0);

    CHECK_OK(mcrdun_regions_connect(cells, MW, MH, 1, &dug));
    CHECK(dug == 2); /* one wall between region 0 and 1, one between 0 and 2 */
    CHECK_OK(mcrdun_regions_is_connected(cells, MW, MH, 4, &connected));
    CHECK(connected);
    for (i = 0; i < MN; i++) {
        CHECK(before[i] == 0 || cells[i] == before[i]); /* no floor removed */
        if (i < MW || i >= MN - MW || i % MW == 0 || i % MW == MW - 1) CHECK(cells[i] == before[i]);
    }
    /* Already connected: nothing dug. */
    CHECK_OK(mcrdun_regions_connect(cells, MW, MH, 1, &dug));
    CHECK(dug == 0);

    /* Only the border separates them: unsatisfiable, map unchanged. */
    {
        uint8_t row[3] = {1, 0, 1};
        CHECK_STATUS(mcrdun_regions_connect(row, 3, 1, 1, &dug), MCRDUN_STATUS_UNSATISFIABLE);
        CHECK(row[1] == 0);
        CHECK_LAST_ERROR_HAS("border");
        CHECK_OK(mcrdun_regions_connect(row, 3, 1, 0, &dug));
        CHECK(dug == 1 && row[1] == 1);
    }
}

static void test_many_regions(void) {
    /* Isolated cells on every other row and column: 10000 regions. */
    enum { W = 200, H = 200 };
    uint8_t *cells = calloc(W * H, 1);
    uint32_t *labels = malloc(sizeof(uint32_t) * W * H);
    uint32_t count = 0, x, y;
    size_t dug = 0;
    bool connected = false;
    CHECK(cells != NULL && labels != NULL);
    if (cells == NULL || labels == NULL) {
        free(cells);
        free(labels);
        return;
    }
    for (y = 0; y < H; y += 2)
        for (x = 0; x < W; x += 2) cells[y * W + x] = 1;
    CHECK_OK(mcrdun_regions_label(cells, W, H, 8, labels, W * H, &count));
    CHECK(count == (W / 2) * (H / 2));
    CHECK(labels[(H - 2) * W + (W - 2)] == count - 1);
    CHECK_OK(mcrdun_regions_connect(cells, W, H, 0, &dug));
    CHECK(dug == count - 1); /* each join needs exactly one wall */
    CHECK_OK(mcrdun_regions_is_connected(cells, W, H, 4, &connected));
    CHECK(connected);
    free(cells);
    free(labels);
}

int main(void) {
    test_label();
    test_label_errors();
    test_wrapped();
    test_stats();
    test_reachability();
    test_connect();
    test_many_regions();
    return check_finish("regions");
}
