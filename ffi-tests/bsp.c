/* BSP trees from C: the classic corridor example (split 80x50 to depth 4,
 * BFS between the leaves nearest opposite corners over the adjacency, a
 * door in the middle of each wall on the path), libtcod compatibility,
 * node traversal, rasterising, and every error path. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

static int contains(McrdunRect r, McrdunPoint p) {
    return p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h;
}

/* Leaf `leaf`'s neighbours into a fresh array (two-call protocol). */
static uint32_t *neighbours(const McrdunBsp *bsp, size_t leaf, size_t *n) {
    uint32_t *out;
    *n = 0;
    CHECK_STATUS(mcrdun_bsp_adjacency(bsp, leaf, NULL, 0, n),
                 *n == 0 ? MCRDUN_STATUS_OK : MCRDUN_STATUS_BUFFER_TOO_SMALL);
    out = malloc((*n + 1) * sizeof *out);
    CHECK(out != NULL);
    CHECK_OK(mcrdun_bsp_adjacency(bsp, leaf, out, *n, n));
    return out;
}

/* The classic example, in C. */
static void test_corridor_example(void) {
    McrdunBsp *bsp = NULL;
    size_t count, i, start = 0, end = 0, *came_from, *queue, head = 0, tail = 0;
    size_t *path, path_len = 0;
    long best_lo = 0, best_hi = 0;

    CHECK_OK(mcrdun_bsp_new(0, 0, 80, 50, &bsp));
    CHECK_OK(mcrdun_bsp_split_recursive(bsp, 42, 4, 8, 8, 1.5f, 1.5f));
    count = mcrdun_bsp_leaf_count(bsp);
    CHECK(count > 4 && count <= 16);

    /* Entrance and exit: leaves whose centres are nearest opposite corners. */
    for (i = 0; i < count; i++) {
        McrdunRect r;
        long key;
        CHECK_OK(mcrdun_bsp_leaf_rect(bsp, i, &r));
        key = (long)(r.x + r.w / 2) + (long)(r.y + r.h / 2);
        if (i == 0 || key < best_lo) {
            best_lo = key;
            start = i;
        }
        if (i == 0 || key > best_hi) {
            best_hi = key;
            end = i;
        }
    }
    CHECK(start != end);

    /* BFS over the adjacency. */
    came_from = malloc(count * sizeof *came_from);
    queue = malloc(count * sizeof *queue);
    path = malloc(count * sizeof *path);
    CHECK(came_from != NULL && queue != NULL && path != NULL);
    for (i = 0; i < count; i++) came_from[i] = SIZE_MAX;
    came_from[start] = start;
    queue[tail++] = start;
    while (head < tail) {
        size_t cur = queue[head++], n, k;
        uint32_t *adj = neighbours(bsp, cur, &n);
        for (k = 0; k < n; k++) {
            if (came_from[adj[k]] == SIZE_MAX) {
                came_from[adj[k]] = cur;
                queue[tail++] = adj[k];
            }
        }
        free(adj);
    }
    CHECK(tail == count); /* the leaves of a BSP are all connected */
    CHECK(came_from[end] != SIZE_MAX);
    for (i = end;; i = came_from[i]) {
        path[path_len++] = i;
        if (i == start) break;
    }
    CHECK(path_len >= 2);

    /* A door in the middle of each wall along the path. */
    for (i = 0; i + 1 < path_len; i++) {
        size_t a = path[i], b = path[i + 1], n = 0, m = 0;
        McrdunPoint *tiles, *theirs, door, step;
        McrdunRect ra, rb;
        McrdunSharedWall wall;
        CHECK_OK(mcrdun_bsp_leaf_rect(bsp, a, &ra));
        CHECK_OK(mcrdun_bsp_leaf_rect(bsp, b, &rb));
        CHECK_STATUS(mcrdun_bsp_adjacent_tiles(bsp, a, b, NULL, 0, &n),
                     MCRDUN_STATUS_BUFFER_TOO_SMALL);
        CHECK(n >= 1);
        tiles = malloc(n * sizeof *tiles);
        theirs = malloc(n * sizeof *theirs);
        CHECK(tiles != NULL && theirs != NULL);
        CHECK_OK(mcrdun_bsp_adjacent_tiles(bsp, a, b, tiles, n, &n));
        CHECK_OK(mcrdun_bsp_adjacent_tiles(bsp, b, a, theirs, n, &m));
        CHECK(m == n);
        door = tiles[n / 2];
        printf("door between rooms %zu and %zu at (%d, %d)\n", a, b, door.x, door.y);
        /* The door lies on a's side of the wall, facing b's tile. */
        CHECK(contains(ra, door));
        CHECK(contains(rb, theirs[n / 2]));
        CHECK_OK(mcrdun_rect_shared_wall(ra, rb, &wall));
        step = door;
        switch (wall.side) {
        case MCRDUN_SIDE_EAST: step.x++; CHECK(door.x == ra.x + ra.w - 1); break;
        case MCRDUN_SIDE_WEST: step.x--; CHECK(door.x == ra.x); break;
        case MCRDUN_SIDE_SOUTH: step.y++; CHECK(door.y == ra.y + ra.h - 1); break;
        case MCRDUN_SIDE_NORTH: step.y--; CHECK(door.y == ra.y); break;
        default: CHECK(0);
        }
        CHECK(step.x == theirs[n / 2].x && step.y == theirs[n / 2].y);
        CHECK(contains(rb, step));
        /* Within the shared span of the wall. */
        if (wall.side == MCRDUN_SIDE_EAST || wall.side == MCRDUN_SIDE_WEST) {
            CHECK(door.y >= wall.start && door.y < wall.end);
        } else {
            CHECK(door.x >= wall.start && door.x < wall.end);
        }
        CHECK((size_t)(wall.end - wall.start) == n);
        free(tiles);
        free(theirs);
    }
    free(came_from);
    free(queue);
    free(path);
    mcrdun_bsp_free(bsp);
}

/* Leaves in level order for 80x50, seed 1, depth 4, min 8x8, ratios 1.5,
 * as the real libtcod makes them (crates/bsp/tests/data/libtcod_vectors.txt). */
static void test_libtcod(void) {
    static const int32_t expected[16][4] = {
        {0, 0, 9, 11},   {9, 0, 9, 11},   {0, 11, 18, 9},  {0, 20, 18, 30},
        {18, 0, 9, 22},  {18, 22, 9, 28}, {27, 0, 26, 25}, {27, 25, 26, 25},
        {53, 0, 12, 13}, {53, 13, 12, 13}, {65, 0, 15, 13}, {65, 13, 15, 13},
        {53, 26, 17, 11}, {70, 26, 10, 11}, {53, 37, 10, 13}, {63, 37, 17, 13}};
    McrdunBsp *bsp = NULL;
    size_t i, leaf = 99;
    uint64_t gen;
    int broke = 0;
    uint32_t seed;

    CHECK_OK(mcrdun_bsp_new(0, 0, 80, 50, &bsp));
    CHECK_OK(mcrdun_bsp_split_recursive_libtcod(bsp, 1, 4, 8, 8, 1.5f, 1.5f));
    CHECK(mcrdun_bsp_leaf_count(bsp) == 16);
    for (i = 0; i < 16; i++) {
        McrdunRect r;
        CHECK_OK(mcrdun_bsp_leaf_rect(bsp, i, &r));
        CHECK(r.x == expected[i][0] && r.y == expected[i][1]);
        CHECK(r.w == expected[i][2] && r.h == expected[i][3]);
    }
    CHECK_OK(mcrdun_bsp_find_leaf(bsp, 70, 26, &leaf));
    CHECK(leaf == 13);

    /* 80x50 with min (20, 5): libtcod makes empty nodes for some seeds; we
     * refuse and leave the tree as it was. */
    for (seed = 0; seed < 50; seed++) {
        McrdunStatus s;
        size_t before = mcrdun_bsp_leaf_count(bsp);
        gen = mcrdun_bsp_generation(bsp);
        s = mcrdun_bsp_split_recursive_libtcod(bsp, seed, 8, 20, 5, 1.5f, 1.5f);
        if (s == MCRDUN_STATUS_UNSATISFIABLE) {
            broke = 1;
            CHECK_LAST_ERROR_HAS("empty node");
            CHECK(mcrdun_bsp_generation(bsp) == gen);
            CHECK(mcrdun_bsp_leaf_count(bsp) == before);
            break;
        }
        CHECK(s == MCRDUN_STATUS_OK);
        CHECK(mcrdun_bsp_generation(bsp) > gen);
    }
    CHECK(broke);
    mcrdun_bsp_free(bsp);
}

static void test_nodes_and_traversal(void) {
    McrdunBsp *bsp = NULL;
    size_t n, len = 0, i, leaves = 0, *level, *inverted;
    McrdunBspNode node;

    CHECK_OK(mcrdun_bsp_new(-10, -10, 20, 20, &bsp));
    CHECK(mcrdun_bsp_node_count(bsp) == 1);
    CHECK_OK(mcrdun_bsp_split_leaf(bsp, 0, 0, 0));   /* x = 0 */
    CHECK_OK(mcrdun_bsp_split_leaf(bsp, 1, 1, 5));   /* right half at y = 5 */
    n = mcrdun_bsp_node_count(bsp);
    CHECK(n == 5);
    CHECK(mcrdun_bsp_leaf_count(bsp) == 3);

    CHECK_OK(mcrdun_bsp_node(bsp, 0, &node));
    CHECK(node.parent == SIZE_MAX && node.left == 1 && node.right == 2);
    CHECK(node.horizontal == 0 && node.position == 0 && node.leaf_index == SIZE_MAX);
    CHECK_OK(mcrdun_bsp_node(bsp, 4, &node));
    CHECK(node.rect.x == 0 && node.rect.y == 5 && node.rect.w == 10 && node.rect.h == 5);
    CHECK(node.level == 2 && node.parent == 2 && node.left == SIZE_MAX);
    CHECK(node.leaf_index == 2);
    CHECK_OK(mcrdun_bsp_node(bsp, 2, &node));
    CHECK(node.horizontal == 1 && node.position == 5);

    CHECK_STATUS(mcrdun_bsp_traverse(bsp, 0, MCRDUN_BSP_ORDER_LEVEL, NULL, 0, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == n);
    level = malloc(n * sizeof *level);
    inverted = malloc(n * sizeof *inverted);
    CHECK(level != NULL && inverted != NULL);
    CHECK_STATUS(mcrdun_bsp_traverse(bsp, 0, MCRDUN_BSP_ORDER_LEVEL, level, n - 1, &len),
                 MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_OK(mcrdun_bsp_traverse(bsp, 0, MCRDUN_BSP_ORDER_LEVEL, level, n, &len));
    CHECK_OK(mcrdun_bsp_traverse(bsp, 0, MCRDUN_BSP_ORDER_INVERTED_LEVEL, inverted, n, &len));
    for (i = 0; i < n; i++) {
        CHECK(level[i] == i);
        CHECK(inverted[i] == level[n - 1 - i]);
        CHECK_OK(mcrdun_bsp_node(bsp, level[i], &node));
        if (node.left == SIZE_MAX) CHECK(node.leaf_index == leaves++);
    }
    CHECK_OK(mcrdun_bsp_traverse(bsp, 0, MCRDUN_BSP_ORDER_PRE, level, n, &len));
    CHECK(level[0] == 0 && level[1] == 1 && level[2] == 2 && level[3] == 3 && level[4] == 4);
    CHECK_OK(mcrdun_bsp_traverse(bsp, 0, MCRDUN_BSP_ORDER_IN, level, n, &len));
    CHECK(level[0] == 1 && level[1] == 0 && level[2] == 3 && level[3] == 2 && level[4] == 4);
    CHECK_OK(mcrdun_bsp_traverse(bsp, 0, MCRDUN_BSP_ORDER_POST, level, n, &len));
    CHECK(level[0] == 1 && level[1] == 3 && level[2] == 4 && level[3] == 2 && level[4] == 0);
    CHECK_OK(mcrdun_bsp_traverse(bsp, 2, MCRDUN_BSP_ORDER_PRE, level, n, &len));
    CHECK(len == 3 && level[0] == 2);
    CHECK_OK(mcrdun_bsp_leaf_node(bsp, 2, &i));
    CHECK(i == 4);
    free(level);
    free(inverted);
    mcrdun_bsp_free(bsp);
}

static void test_rasterise(void) {
    McrdunBsp *bsp = NULL;
    uint32_t cells[6 * 4];
    size_t i;
    CHECK_OK(mcrdun_bsp_new(0, 0, 6, 4, &bsp));
    CHECK_OK(mcrdun_bsp_split_leaf(bsp, 0, 0, 3));
    for (i = 0; i < 24; i++) cells[i] = UINT32_MAX;
    CHECK_OK(mcrdun_bsp_rasterise_leaves(bsp, 1, cells, 6, 4));
    /* Row 1: # 0 # # 1 # */
    CHECK(cells[6] == UINT32_MAX && cells[7] == 0 && cells[8] == UINT32_MAX);
    CHECK(cells[10] == 1 && cells[11] == UINT32_MAX && cells[0] == UINT32_MAX);
    CHECK_OK(mcrdun_bsp_rasterise_leaves(bsp, 0, cells, 6, 4));
    CHECK(cells[0] == 0 && cells[5] == 1 && cells[23] == 1);
    CHECK_STATUS(mcrdun_bsp_rasterise_leaves(bsp, -1, cells, 6, 4), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_rasterise_leaves(bsp, 0, NULL, 6, 4), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_OK(mcrdun_bsp_rasterise_leaves(bsp, 0, NULL, 0, 0));
    CHECK_STATUS(mcrdun_bsp_rasterise_leaves(NULL, 0, cells, 6, 4), MCRDUN_STATUS_NULL_ARGUMENT);
    mcrdun_bsp_free(bsp);
}

static void test_errors(void) {
    McrdunBsp *bsp = NULL;
    McrdunRect r;
    McrdunPoint tiles[64];
    McrdunBspNode node;
    uint32_t adj[8];
    size_t len = 0, leaf = 0, far = 0, count;
    uint64_t gen;

    CHECK_STATUS(mcrdun_bsp_new(0, 0, 10, 10, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_LAST_ERROR_HAS("out");
    CHECK_STATUS(mcrdun_bsp_new(0, 0, 0, 10, &bsp), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_new(0, 0, 10, -3, &bsp), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_new(INT32_MAX, 0, 10, 10, &bsp), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(bsp == NULL);
    mcrdun_bsp_free(NULL);

    /* NULL handles. */
    CHECK_STATUS(mcrdun_bsp_split_recursive(NULL, 1, 3, 4, 4, 1.5f, 1.5f), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_recursive_libtcod(NULL, 1, 3, 4, 4, 1.5f, 1.5f), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_leaf(NULL, 0, 0, 1), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_clear(NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_resize(NULL, 0, 0, 5, 5), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK(mcrdun_bsp_generation(NULL) == 0);
    CHECK(mcrdun_bsp_leaf_count(NULL) == 0);
    CHECK(mcrdun_bsp_node_count(NULL) == 0);
    CHECK_STATUS(mcrdun_bsp_leaf_rect(NULL, 0, &r), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_leaf_node(NULL, 0, &leaf), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_find_leaf(NULL, 0, 0, &leaf), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_adjacency(NULL, 0, adj, 8, &len), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_adjacent_tiles(NULL, 0, 1, tiles, 64, &len), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_node(NULL, 0, &node), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_traverse(NULL, 0, 0, NULL, 0, &len), MCRDUN_STATUS_NULL_ARGUMENT);

    CHECK_OK(mcrdun_bsp_new(0, 0, 40, 30, &bsp));
    CHECK_OK(mcrdun_bsp_split_recursive(bsp, 7, 3, 5, 5, 1.5f, 1.5f));
    gen = mcrdun_bsp_generation(bsp);
    count = mcrdun_bsp_leaf_count(bsp);
    CHECK(count >= 2);

    /* NULL outputs. */
    CHECK_STATUS(mcrdun_bsp_leaf_rect(bsp, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_leaf_node(bsp, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_find_leaf(bsp, 0, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_adjacency(bsp, 0, adj, 8, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_adjacent_tiles(bsp, 0, 1, tiles, 64, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_node(bsp, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_traverse(bsp, 0, 0, NULL, 0, NULL), MCRDUN_STATUS_NULL_ARGUMENT);

    /* Bad parameters: nothing changes. */
    CHECK_STATUS(mcrdun_bsp_split_recursive(bsp, 1, 33, 4, 4, 1.5f, 1.5f), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_LAST_ERROR_HAS("depth 33");
    CHECK_STATUS(mcrdun_bsp_split_recursive(bsp, 1, 3, 0, 4, 1.5f, 1.5f), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_recursive(bsp, 1, 3, 4, -2, 1.5f, 1.5f), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_recursive(bsp, 1, 3, 4, 4, 0.5f, 1.5f), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_recursive(bsp, 1, 3, 4, 4, 1.5f, (float)NAN), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_recursive_libtcod(bsp, 1, 40, 4, 4, 1.5f, 1.5f), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_recursive_libtcod(bsp, 1, 3, 4, 4, (float)NAN, 1.5f), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_split_recursive_libtcod(bsp, 1, 3, INT32_MAX, 4, 1.5f, 1.5f), MCRDUN_STATUS_TOO_LARGE);
    CHECK_STATUS(mcrdun_bsp_split_leaf(bsp, count, 0, 1), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_split_leaf(bsp, 0, 2, 1), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_OK(mcrdun_bsp_leaf_rect(bsp, 0, &r));
    CHECK_STATUS(mcrdun_bsp_split_leaf(bsp, 0, 0, r.x), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_split_leaf(bsp, 0, 1, r.y + r.h), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_resize(bsp, 0, 0, 0, 5), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(mcrdun_bsp_resize(bsp, 100, 100, 5, 5), MCRDUN_STATUS_INVALID_ARGUMENT);
    CHECK(mcrdun_bsp_generation(bsp) == gen);
    CHECK(mcrdun_bsp_leaf_count(bsp) == count);

    /* Out of range reads. */
    CHECK_STATUS(mcrdun_bsp_leaf_rect(bsp, count, &r), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_leaf_node(bsp, count, &leaf), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_find_leaf(bsp, 40, 0, &leaf), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_find_leaf(bsp, 0, -1, &leaf), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_adjacency(bsp, count, adj, 8, &len), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_adjacent_tiles(bsp, 0, count, tiles, 64, &len), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_node(bsp, mcrdun_bsp_node_count(bsp), &node), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_traverse(bsp, mcrdun_bsp_node_count(bsp), 0, NULL, 0, &len), MCRDUN_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(mcrdun_bsp_traverse(bsp, 0, 5, NULL, 0, &len), MCRDUN_STATUS_INVALID_ARGUMENT);

    /* Not adjacent: a leaf with itself, and the far corner's leaf. */
    CHECK_STATUS(mcrdun_bsp_adjacent_tiles(bsp, 0, 0, tiles, 64, &len), MCRDUN_STATUS_NOT_ADJACENT);
    CHECK_OK(mcrdun_bsp_find_leaf(bsp, 0, 0, &leaf));
    CHECK_OK(mcrdun_bsp_find_leaf(bsp, 39, 29, &far));
    CHECK_STATUS(mcrdun_bsp_adjacent_tiles(bsp, leaf, far, tiles, 64, &len), MCRDUN_STATUS_NOT_ADJACENT);
    CHECK_LAST_ERROR_HAS("do not share a wall");

    /* Two-call protocol on adjacency. */
    CHECK_STATUS(mcrdun_bsp_adjacency(bsp, 0, NULL, 0, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK(len >= 1 && len <= 8);
    CHECK_STATUS(mcrdun_bsp_adjacency(bsp, 0, adj, len - 1, &len), MCRDUN_STATUS_BUFFER_TOO_SMALL);
    CHECK_OK(mcrdun_bsp_adjacency(bsp, 0, adj, 8, &len));
    CHECK_OK(mcrdun_bsp_adjacent_tiles(bsp, 0, adj[0], tiles, 64, &len));
    CHECK(len >= 1);

    /* Changes bump the generation. */
    CHECK_OK(mcrdun_bsp_clear(bsp));
    CHECK(mcrdun_bsp_generation(bsp) == gen + 1);
    CHECK(mcrdun_bsp_leaf_count(bsp) == 1 && mcrdun_bsp_node_count(bsp) == 1);
    CHECK_OK(mcrdun_bsp_adjacency(bsp, 0, NULL, 0, &len));
    CHECK(len == 0);
    CHECK_OK(mcrdun_bsp_resize(bsp, 5, 5, 10, 10));
    CHECK(mcrdun_bsp_generation(bsp) == gen + 2);
    CHECK_OK(mcrdun_bsp_leaf_rect(bsp, 0, &r));
    CHECK(r.x == 5 && r.y == 5 && r.w == 10 && r.h == 10);
    mcrdun_bsp_free(bsp);
}

int main(void) {
    test_corridor_example();
    test_libtcod();
    test_nodes_and_traversal();
    test_rasterise();
    test_errors();
    return check_finish("bsp");
}
