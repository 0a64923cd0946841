#!/usr/bin/env python3
"""libtcod's TCOD_bsp_split_recursive on 65536x65536, depth 20, min 8x8,
ratios 1.5, TCOD_RNG_MT seed 1, called through python-tcod's compiled
library (no Python per node). Prints the median of 21 timed splits (the
tree's deletion is not timed) and the leaf count as JSON."""
import json
import statistics
import time

from tcod._libtcod import ffi, lib


def split_once_timed():
    root = lib.TCOD_bsp_new_with_size(0, 0, 65536, 65536)
    rng = lib.TCOD_random_new_from_seed(lib.TCOD_RNG_MT, 1)
    t = time.perf_counter()
    lib.TCOD_bsp_split_recursive(root, rng, 20, 8, 8, 1.5, 1.5)
    elapsed = time.perf_counter() - t
    return root, rng, elapsed


def count_leaves(root):
    count = [0]

    @ffi.callback("bool(TCOD_bsp_t *, void *)")
    def visit(node, _data):
        if lib.TCOD_bsp_is_leaf(node):
            count[0] += 1
        return True

    lib.TCOD_bsp_traverse_pre_order(root, visit, ffi.NULL)
    return count[0]


times = []
leaves = None
for i in range(21):
    root, rng, elapsed = split_once_timed()
    times.append(elapsed)
    if i == 0:
        leaves = count_leaves(root)
    lib.TCOD_bsp_delete(root)
    lib.TCOD_random_delete(rng)
print(json.dumps({"split_median_s": statistics.median(times), "leaves": leaves,
                  "times_s": [round(t, 4) for t in times]}))
