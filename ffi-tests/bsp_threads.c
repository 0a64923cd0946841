/* The header promises that reading a BSP's adjacency through a const handle
 * from several threads at once is safe, including the very first read, which
 * builds the lazily cached graph. Eight threads start together on a fresh
 * tree, each reads the whole adjacency and every leaf's wall tiles, and all
 * must see exactly what one thread sees on an identical tree afterwards. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mcrdun.h"
#include "check.h"

#define THREADS 8

typedef struct {
    const McrdunBsp *bsp;
    pthread_barrier_t *start;
    uint64_t digest; /* FNV-1a over every neighbour list and wall tile */
    int failures;
} Reader;

static uint64_t fnv(uint64_t h, const void *data, size_t len) {
    const unsigned char *p = (const unsigned char *)data;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* Reads every leaf's neighbours and the wall tiles towards each of them. */
static uint64_t read_all(const McrdunBsp *bsp, int *failures) {
    uint64_t h = 0xcbf29ce484222325ull;
    size_t leaves = mcrdun_bsp_leaf_count(bsp), leaf, k;
    uint32_t neighbours[256];
    McrdunPoint tiles[4096];
    for (leaf = 0; leaf < leaves; leaf++) {
        size_t n = 0, t = 0;
        if (mcrdun_bsp_adjacency(bsp, leaf, neighbours, 256, &n) != MCRDUN_STATUS_OK) {
            (*failures)++;
            continue;
        }
        h = fnv(h, neighbours, n * sizeof neighbours[0]);
        for (k = 0; k < n; k++) {
            if (mcrdun_bsp_adjacent_tiles(bsp, leaf, neighbours[k], tiles, 4096, &t) !=
                MCRDUN_STATUS_OK) {
                (*failures)++;
                continue;
            }
            h = fnv(h, tiles, t * sizeof tiles[0]);
        }
    }
    return h;
}

static void *reader(void *arg) {
    Reader *r = (Reader *)arg;
    pthread_barrier_wait(r->start);
    r->digest = read_all(r->bsp, &r->failures);
    return NULL;
}

static McrdunBsp *fresh_tree(void) {
    McrdunBsp *bsp = NULL;
    CHECK_OK(mcrdun_bsp_new(0, 0, 400, 300, &bsp));
    if (bsp != NULL) {
        CHECK_OK(mcrdun_bsp_split_recursive(bsp, 2026, 10, 6, 6, 1.5f, 1.5f));
    }
    return bsp;
}

int main(void) {
    McrdunBsp *shared = fresh_tree(), *alone = fresh_tree();
    pthread_t threads[THREADS];
    Reader readers[THREADS];
    pthread_barrier_t start;
    uint64_t expected;
    int i, failures = 0;

    if (shared == NULL || alone == NULL) {
        return check_finish("bsp_threads.c");
    }
    CHECK(mcrdun_bsp_leaf_count(shared) > 100);
    CHECK(pthread_barrier_init(&start, NULL, THREADS) == 0);
    for (i = 0; i < THREADS; i++) {
        readers[i].bsp = shared;
        readers[i].start = &start;
        readers[i].digest = 0;
        readers[i].failures = 0;
        CHECK(pthread_create(&threads[i], NULL, reader, &readers[i]) == 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
    }
    pthread_barrier_destroy(&start);

    expected = read_all(alone, &failures);
    CHECK(failures == 0);
    for (i = 0; i < THREADS; i++) {
        CHECK(readers[i].failures == 0);
        CHECK(readers[i].digest == expected);
    }
    mcrdun_bsp_free(shared);
    mcrdun_bsp_free(alone);
    return check_finish("bsp_threads.c");
}
