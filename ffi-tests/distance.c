/* Distance maps from C: u8 and u16 costs, a reused scratch, rescans (the
 * flee map), descent by the two-call protocol, the farthest cell, and every
 * error path (which must leave the distance map untouched). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

#define U MCRDUN_DISTANCE_UNREACHED

/* python-tcod's dijkstra2d docstring example: a wall in the middle column,
 * steps 2 (cardinal) and 3 (diagonal), one source at (0, 0). */
static const uint8_t DOC_COST[9] = {1, 0, 1, 1, 0, 1, 1, 1, 1};
static const int32_t DOC_WANT[9] = {0, U, 10, 2, U, 8, 4, 5, 7};

static void start_doc(int32_t *dist) {
    int i;
    for (i = 0; i < 9; i++) dist[i] = U;
    dist[0] = 0;
}

static void test_compute(void) {
    int32_t dist[10];
    McrdunDistanceScratch *scratch = NULL;
    uint16_t cost16[9];
    int i;

    /* Without a scratch. */
    start_doc(dist);
    dist[9] = 777; /* only width * height cells are touched */
    CHECK_OK(mcrdun_distance_compute_u8(NULL, DOC_COST, 3, 3, 2, 3, 0, dist, 10));
    CHECK(memcmp(dist, DOC_WANT, sizeof DOC_WANT) == 0);
    CHECK(dist[9] == 777);

    /* With a reused scratch, u8 then u16 costs: the same map. */
    CHECK_OK(mcrdun_distance_scratch_new(&scratch));
    CHECK(scratch != NULL);
    for (i = 0; i < 3; i++) {
        start_doc(dist);
        CHECK_OK(mcrdun_distance_compute_u8(scratch, DOC_COST, 3, 3, 2, 3, 0, dist, 9));
        CHECK(memcmp(dist, DOC_WANT, sizeof DOC_WANT) == 0);
    }
    for (i = 0; i < 9; i++) cost16[i] = DOC_COST[i];
    start_doc(dist);
    CHECK_OK(mcrdun_distance_compute_u16(scratch, cost16, 3, 3, 2, 3, 0, dist, 9));
    CHECK(memcmp(dist, DOC_WANT, sizeof DOC_WANT) == 0);

    /* Larger u16 costs: entering (2, 2) costs 1000 * 2 or 1000 * 3. */
    cost16[8] = 1000;
    start_doc(dist);
    CHECK_OK(mcrdun_distance_compute_u16(scratch, cost16, 3, 3, 2, 3, 0, dist, 9));
    CHECK(dist[8] == 5 + 2000); /* from (1, 2), which is at 5 */

    /* 4-connected only: the corner around the wall is farther. */
    start_doc(dist);
    CHECK_OK(mcrdun_distance_compute_u8(scratch, DOC_COST, 3, 3, 1, 0, 0, dist, 9));
    CHECK(dist[2] == 6 && dist[8] == 4 && dist[7] == 3);

    /* Several sources, negative start values: each cell takes the least. */
    {
        const uint8_t line[5] = {1, 1, 1, 1, 1};
        int32_t d[5] = {-4, U, U, U, 0};
        CHECK_OK(mcrdun_distance_compute_u8(scratch, line, 5, 1, 1, 0, 0, d, 5));
        CHECK(d[0] == -4 && d[1] == -3 && d[2] == -2 && d[3] == -1 && d[4] == 0);
    }

    /* Corner cutting: allowed by default, refused with the flag. */
    {
        const uint8_t diag[4] = {1, 0, 0, 1};
        int32_t d[4] = {0, U, U, U};
        CHECK_OK(mcrdun_distance_compute_u8(scratch, diag, 2, 2, 1, 1, 0, d, 4));
        CHECK(d[3] == 1);
        d[3] = U;
        CHECK_OK(mcrdun_distance_compute_u8(scratch, diag, 2, 2, 1, 1,
                                            MCRDUN_DISTANCE_NO_CORNER_CUTTING, d, 4));
        CHECK(d[3] == U);
    }

    /* A ceiling below the map's size refuses it and writes nothing. */
    CHECK_OK(mcrdun_distance_scratch_set_max_cells(scratch, 8));
    start_doc(dist);
    CHECK_STATUS(mcrdun_distance_compute_u8(scratch, DOC_COST, 3, 3, 2, 3, 0, dist, 9),
                 MCRDUN_STATUS_TOO_LARGE);
    CHECK(dist[0] == 0 && dist[1] == U && dist[8] == U);
    CHECK_OK(mcrdun_distance_scratch_set_max_cells(scratch, 9));
    CHECK_OK(mcrdun_distance_compute_u8(scratch, DOC_COST, 3, 3, 2, 3, 0, dist, 9));
    CHECK_STATUS(mcrdun_distance_scratch_set_max_cells(NULL, 9), MCRDUN_STATUS_NULL_ARGUMENT);

    mcrdun_distance_scratch_free(scratch);
    mcrdun_distance_scratch_free(NULL);
}

static void test_rescan(void) {
    /* A corridor with the threat at x = 0: the flee map scales by -6/5 and
     * scans again, so every cell ends at most its scaled value. */
    const uint8_t line[6] = {1, 1, 1, 1, 1, 1};
    int32_t d[6] = {0, U, U, U, U, U};
    int32_t scaled[6];
    int i;
    CHECK_OK(mcrdun_distance_compute_u8(NULL, line, 6, 1, 1, 0, 0, d, 6));
    for (i = 0; i < 6; i++) CHECK(d[i] == i);
    CHECK_OK(mcrdun_distance_scale(d, 6, 1, -6, 5));
    /* floor(i * -6 / 5): 0 -2 -3 -4 -5 -6 */
    CHECK(d[0] == 0 && d[1] == -2 && d[2] == -3 && d[3] == -4 && d[4] == -5 && d[5] == -6);
    memcpy(scaled, d, sizeof d);
    CHECK_OK(mcrdun_distance_compute_u8(NULL, line, 6, 1, 1, 0, 0, d, 6));
    for (i = 0; i < 6; i++) CHECK(d[i] <= scaled[i]);
    /* Walking away from x = 5 (the far end) costs 1 a step. */
    CHECK(d[5] == -6 && d[4] == -5 && d[0] == -1);
    /* Unreached cells stay unreached; a zero denominator is refused. */
    {
        int32_t e[2] = {U, 10};
        CHECK_OK(mcrdun_distance_scale(e, 2, 1, 3, 2));
        CHECK(e[0] == U && e[1] == 15);
        CHECK_STATUS(mcrdun_distance_scale(e, 2, 1, 3, 0), MCRDUN_STATUS_INVALID_ARGUMENT);
        CHECK(e[1] == 15);
    }
}

static void test_descent_and_farthest(void) {
    int32_t dist[9];
    McrdunPoint path[8];
    McrdunPoint start = {2, 2};
    size_t len = 0;
    McrdunPoint cell = {-1, -1};
    int32_t far = -1;
    bool found = false;

    start_doc(dist);
    CHECK_OK(mcrdun_distance_compute_u8(NULL, DOC_COST, 3, 3, 2, 3, 0, dist, 9));

    /* Two calls: ask for the size, then read. */
    CHECK_STATUS(mcrdun_distance_descent(dist, 3, 3, start, 1, 1, 0, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 4);
    path[0].x = 99;
    CHECK_STATUS(mcrdun_distance_descent(dist, 3, 3, start, 1, 1, 0, path, 3, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 4 && path[0].x == 99);
    CHECK_OK(mcrdun_distance_descent(dist, 3, 3, start, 1, 1, 0, path, 8, &len));
    CHECK(len == 4);
    /* tcod: [[2, 2], [2, 1], [1, 0], [0, 0]] as [row, column]. */
    CHECK(path[0].x == 2 && path[0].y == 2);
    CHECK(path[1].x == 1 && path[1].y == 2);
    CHECK(path[2].x == 0 && path[2].y == 1);
    CHECK(path[3].x == 0 && path[3].y == 0);

    /* Cardinal moves only: 7 -> 5 -> 4 -> 2 -> 0. */
    CHECK_OK(mcrdun_distance_descent(dist, 3, 3, start, 1, 0, 0, path, 8, &len));
    CHECK(len == 5 && path[4].x == 0 && path[4].y == 0);

    /* A source is its own path. */
    CHECK_OK(mcrdun_distance_descent(dist, 3, 3, path[4], 1, 1, 0, path, 8, &len));
    CHECK(len == 1);

    CHECK_OK(mcrdun_distance_farthest(dist, 3, 3, &cell, &far, &found));
    CHECK(found && cell.x == 2 && cell.y == 0 && far == 10);

    {
        const int32_t none[3] = {U, U, U};
        cell.x = 42;
        CHECK_OK(mcrdun_distance_farthest(none, 3, 1, &cell, &far, &found));
        CHECK(!found && cell.x == 42);
    }
}

static void test_errors(void) {
    int32_t dist[9];
    McrdunDistanceScratch *scratch = NULL;
    McrdunPoint p;
    size_t len = 0;
    McrdunPoint cell;
    int32_t far;
    bool found;

    start_doc(dist);
    CHECK_STATUS(mcrdun_distance_compute_u8(NULL, NULL, 3, 3, 1, 0, 0, dist, 9),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("costs");
    CHECK_STATUS(mcrdun_distance_compute_u8(NULL, DOC_COST, 3, 3, 1, 0, 0, NULL, 9),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("dist");
    CHECK_STATUS(mcrdun_distance_compute_u8(NULL, DOC_COST, 3, 3, 1, 0, 0, dist, 8),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(mcrdun_distance_compute_u8(NULL, DOC_COST, 3, 3, 1, 0, 2, dist, 9),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("flags");
    /* width * height overflows, or its bytes exceed the address space. */
    CHECK_STATUS(mcrdun_distance_compute_u8(NULL, DOC_COST, UINT32_MAX, UINT32_MAX, 1, 0, 0,
                                            dist, 9),
                 MCRDUN_STATUS_TOO_LARGE);
    CHECK_STATUS(mcrdun_distance_compute_u16(NULL, NULL, 0x7fffffffu, 0x7fffffffu, 1, 0, 0,
                                             dist, 9),
                 MCRDUN_STATUS_TOO_LARGE);
    /* Above the default ceiling (2^26 cells): refused before any read. */
    CHECK_OK(mcrdun_distance_scratch_new(&scratch));
    CHECK_STATUS(mcrdun_distance_compute_u8(scratch, NULL, 65536, 65536, 1, 0, 0, NULL,
                                            (size_t)65536 * 65536),
                 MCRDUN_STATUS_TOO_LARGE);
    CHECK_LAST_ERROR_HAS("limit");
    mcrdun_distance_scratch_free(scratch);
    CHECK(dist[0] == 0 && dist[1] == U && dist[8] == U); /* nothing written */

    /* Empty maps are fine, with NULL buffers. */
    CHECK_OK(mcrdun_distance_compute_u8(NULL, NULL, 0, 5, 1, 0, 0, NULL, 0));
    CHECK_OK(mcrdun_distance_farthest(NULL, 0, 0, &cell, &far, &found));
    CHECK(!found);

    CHECK_STATUS(mcrdun_distance_scratch_new(NULL), MCRDUN_STATUS_NULL_ARGUMENT);

    p.x = 3;
    p.y = 0;
    CHECK_STATUS(mcrdun_distance_descent(dist, 3, 3, p, 1, 1, 0, NULL, 0, &len),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    p.x = 0;
    p.y = -1;
    CHECK_STATUS(mcrdun_distance_descent(dist, 3, 3, p, 1, 1, 0, NULL, 0, &len),
                 MCRDUN_STATUS_OUT_OF_RANGE);
    p.y = 0;
    CHECK_STATUS(mcrdun_distance_descent(dist, 3, 3, p, 1, 1, 0, NULL, 0, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_distance_descent(NULL, 3, 3, p, 1, 1, 0, NULL, 0, &len),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_distance_descent(dist, 3, 3, p, 1, 1, 8, NULL, 0, &len),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_distance_farthest(dist, 3, 3, NULL, &far, &found),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_distance_farthest(dist, 3, 3, &cell, NULL, &found),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_distance_farthest(dist, 3, 3, &cell, &far, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_distance_scale(NULL, 3, 3, 1, 1), MCRDUN_STATUS_NULL_ARGUMENT);
}

int main(void) {
    test_compute();
    test_rescan();
    test_descent_and_farthest();
    test_errors();
    return check_finish("distance.c");
}
