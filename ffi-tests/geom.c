/* The foundation of the C ABI from C: version, status strings, last error,
 * and the rectangle functions with every error path. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

static McrdunRect rect(int32_t x, int32_t y, int32_t w, int32_t h) {
    McrdunRect r;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    return r;
}

static void test_version(void) {
    char expected[64];
    snprintf(expected, sizeof expected, "%d.%d.%d", MCRDUN_VERSION_MAJOR,
             MCRDUN_VERSION_MINOR, MCRDUN_VERSION_PATCH);
    CHECK(strcmp(mcrdun_version(), expected) == 0);
}

static void test_status_strings(void) {
    uint32_t s;
    CHECK(strcmp(mcrdun_status_str(MCRDUN_STATUS_OK), "ok") == 0);
    for (s = 1; s <= MCRDUN_STATUS_UNSATISFIABLE; s++) {
        const char *text = mcrdun_status_str(s);
        CHECK(text != NULL && text[0] != '\0');
        CHECK(strcmp(text, "unknown status") != 0);
    }
    CHECK(strcmp(mcrdun_status_str(12345u), "unknown status") == 0);
}

static void test_shared_wall(void) {
    McrdunSharedWall wall;
    McrdunRect left = rect(0, 0, 50, 40), right = rect(50, 10, 30, 20);

    CHECK_OK(mcrdun_rect_shared_wall(left, right, &wall));
    CHECK(wall.side == MCRDUN_SIDE_EAST && wall.start == 10 && wall.end == 30);
    CHECK_OK(mcrdun_rect_shared_wall(right, left, &wall));
    CHECK(wall.side == MCRDUN_SIDE_WEST && wall.start == 10 && wall.end == 30);

    /* Corner contact only: not adjacent, and `out` untouched. */
    wall.side = 99;
    CHECK_STATUS(mcrdun_rect_shared_wall(left, rect(50, 40, 5, 5), &wall),
                 MCRDUN_STATUS_NOT_ADJACENT);
    CHECK(wall.side == 99);
    CHECK_LAST_ERROR_HAS("share no wall");

    CHECK_STATUS(mcrdun_rect_shared_wall(left, right, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("`out` is NULL");
    CHECK_STATUS(mcrdun_rect_shared_wall(rect(0, 0, 0, 5), right, &wall),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("width and height >= 1");
    CHECK_STATUS(mcrdun_rect_shared_wall(left, rect(INT32_MAX, 0, 1, 1), &wall),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("i32 range");
    CHECK(wall.side == 99);
}

static void test_wall_tiles(void) {
    McrdunPoint tiles[64];
    size_t len = 999;
    McrdunRect left = rect(0, 0, 50, 3), right = rect(50, 1, 10, 5);
    McrdunRect top = rect(0, 0, 10, 10), bottom = rect(3, 10, 4, 10);

    /* Query the size first, then fill. */
    CHECK_STATUS(mcrdun_rect_wall_tiles(left, right, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 2);
    CHECK_LAST_ERROR_HAS("2 item(s) needed");
    tiles[0].x = -1;
    CHECK_STATUS(mcrdun_rect_wall_tiles(left, right, tiles, 1, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 2 && tiles[0].x == -1);
    CHECK_OK(mcrdun_rect_wall_tiles(left, right, tiles, 64, &len));
    CHECK(len == 2);
    CHECK(tiles[0].x == 49 && tiles[0].y == 1 && tiles[1].x == 49 && tiles[1].y == 2);
    CHECK_OK(mcrdun_rect_wall_tiles(right, left, tiles, 64, &len));
    CHECK(len == 2 && tiles[0].x == 50 && tiles[1].x == 50);

    CHECK_OK(mcrdun_rect_wall_tiles(top, bottom, tiles, 64, &len));
    CHECK(len == 4 && tiles[0].x == 3 && tiles[0].y == 9 && tiles[3].x == 6);
    CHECK_OK(mcrdun_rect_wall_tiles(bottom, top, tiles, 64, &len));
    CHECK(len == 4 && tiles[0].y == 10);

    CHECK_STATUS(mcrdun_rect_wall_tiles(left, right, tiles, 64, NULL),
                 MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_rect_wall_tiles(left, rect(60, 0, 5, 5), tiles, 64, &len),
                 MCRDUN_STATUS_NOT_ADJACENT);
    CHECK_STATUS(mcrdun_rect_wall_tiles(rect(0, 0, -1, 1), right, tiles, 64, &len),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
}

static void test_neighbours(void) {
    bool yes = false;
    McrdunRect a = rect(0, 0, 10, 10), b = rect(12, 4, 10, 10);
    CHECK_OK(mcrdun_rect_are_neighbours(a, b, 3, 5, &yes));
    CHECK(yes);
    CHECK_OK(mcrdun_rect_are_neighbours(a, b, 2, 5, &yes));
    CHECK(!yes);
    CHECK_OK(mcrdun_rect_are_neighbours(a, b, 3, 6, &yes));
    CHECK(!yes);
    CHECK_STATUS(mcrdun_rect_are_neighbours(a, b, 3, 5, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_rect_are_neighbours(a, rect(0, 0, 1, 0), 3, 5, &yes),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(mcrdun_rect_is_valid(a));
    CHECK(!mcrdun_rect_is_valid(rect(0, 0, 0, 0)));
}

static void test_last_error_protocol(void) {
    char small[4] = {'x', 'x', 'x', 'x'};
    size_t len = 0, len2 = 0;
    McrdunSharedWall wall;
    CHECK_STATUS(mcrdun_rect_shared_wall(rect(0, 0, 0, 0), rect(0, 0, 1, 1), &wall),
                 MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_last_error(NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len > 4);
    CHECK_STATUS(mcrdun_last_error(small, sizeof small, &len2), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len2 == len && small[0] == 'x');
    CHECK_STATUS(mcrdun_last_error(small, sizeof small, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("mcrdun_rect_shared_wall");
    CHECK(strlen(last_error_text()) + 1 == len);
}

int main(void) {
    test_version();
    test_status_strings();
    test_shared_wall();
    test_wall_tiles();
    test_neighbours();
    test_last_error_protocol();
    return check_finish("geom.c");
}
