#!/usr/bin/env python3
"""Writes libtcod_vectors.txt: BSP trees made by the real libtcod.

Each case calls libtcod's C functions through python-tcod's compiled
library: TCOD_bsp_new_with_size, TCOD_random_new_from_seed(TCOD_RNG_MT,
seed), TCOD_bsp_split_recursive, then records the tree in pre-order
(TCOD_bsp_traverse_pre_order) and the leaves in level order
(TCOD_bsp_traverse_level_order). Cases where libtcod makes a node of width
or height <= 0 are recorded as `empty` (mcrdun refuses those).

Usage (python-tcod from PyPI):
    python3 -m venv /tmp/tcodvenv && /tmp/tcodvenv/bin/pip install tcod
    /tmp/tcodvenv/bin/python crates/bsp/tests/data/libtcod_vectors.py > crates/bsp/tests/data/libtcod_vectors.txt

Format, one case after another:
    case X Y W H SEED DEPTH MIN_W MIN_H H_RATIO V_RATIO
    empty                                  (libtcod made an empty node), or
    pre N            then N lines: X Y W H LEVEL SPLIT  (SPLIT: -, hP or vP)
    level N          then N lines: X Y W H  (leaves in level order)
H_RATIO / V_RATIO are written with repr() and were passed to C as float.
"""

import random
import sys

import tcod
from tcod._libtcod import ffi, lib


def walk(root, traverse):
    """The nodes libtcod's traversal visits, as C pointers, in its order."""
    seen = []

    @ffi.callback("bool(TCOD_bsp_t *, void *)")
    def visit(node, _data):
        seen.append(node)
        return True

    assert traverse(root, visit, ffi.NULL)
    return seen


def is_leaf(node):
    return bool(lib.TCOD_bsp_is_leaf(node))


def case(out, x, y, w, h, seed, depth, min_w, min_h, hr, vr):
    root = lib.TCOD_bsp_new_with_size(x, y, w, h)
    rng = lib.TCOD_random_new_from_seed(lib.TCOD_RNG_MT, seed)
    lib.TCOD_bsp_split_recursive(root, rng, depth, min_w, min_h, hr, vr)
    out.append(f"case {x} {y} {w} {h} {seed} {depth} {min_w} {min_h} {hr!r} {vr!r}")
    pre = walk(root, lib.TCOD_bsp_traverse_pre_order)
    if any(n.w <= 0 or n.h <= 0 for n in pre):
        out.append("empty")
    else:
        out.append(f"pre {len(pre)}")
        for n in pre:
            split = "-" if is_leaf(n) else ("h" if n.horizontal else "v") + str(n.position)
            out.append(f"{n.x} {n.y} {n.w} {n.h} {n.level} {split}")
        leaves = [n for n in walk(root, lib.TCOD_bsp_traverse_level_order) if is_leaf(n)]
        out.append(f"level {len(leaves)}")
        for n in leaves:
            out.append(f"{n.x} {n.y} {n.w} {n.h}")
    lib.TCOD_bsp_delete(root)
    lib.TCOD_random_delete(rng)


def main():
    out = [f"# libtcod BSP vectors made with python-tcod {tcod.__version__} by libtcod_vectors.py"]
    # Fixed cases: the examples and the edges of the rules.
    case(out, 0, 0, 80, 50, 1, 4, 8, 8, 1.5, 1.5)
    case(out, 0, 0, 80, 50, 12345, 4, 8, 8, 1.5, 1.5)
    case(out, 0, 0, 80, 50, 7, 5, 20, 5, 1.5, 1.5)  # empty node in libtcod
    case(out, 0, 0, 80, 50, 0, 0, 8, 8, 1.5, 1.5)
    case(out, -40, -25, 80, 50, 3, 6, 1, 1, 1.0, 1.0)
    case(out, 10, 20, 1, 1, 3, 6, 1, 1, 1.5, 1.5)
    case(out, 0, 0, 1000, 3, 99, 6, 4, 1, 1.3, 1.3)
    case(out, 0, 0, 3, 1000, 99, 6, 1, 4, 1.3, 1.3)
    case(out, 0, 0, 512, 512, 2024, 8, 4, 4, 1.25, 2.0)
    case(out, 0, 0, 4096, 4096, 42, 9, 8, 8, 1.5, 1.5)
    case(out, 5, 7, 100, 100, 0xFFFFFFFF, 7, 3, 3, 1.1, 1.7)
    # Random cases (the script's own fixed seed, so reruns match).
    r = random.Random(8)
    ratios = [1.0, 1.1, 1.25, 1.3, 1.5, 1.7, 2.0, 3.0, 1e9]
    for _ in range(150):
        x, y = r.randint(-100, 100), r.randint(-100, 100)
        w, h = r.randint(1, 300), r.randint(1, 300)
        depth = r.randint(0, 8)
        min_w, min_h = r.randint(1, 30), r.randint(1, 30)
        case(out, x, y, w, h, r.randint(0, 2**32 - 1), depth, min_w, min_h,
             r.choice(ratios), r.choice(ratios))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
