#!/usr/bin/env python3
"""Times the seed's border dictionary against mcrdun's, in one run.

Peers (all on the same two rooms, each half of a block cut by a jagged line):

- ``seed``: the seed article's ``border_dictionary``, comparing every cell
  of one room with every cell of the other (O(|a| |b|)), in pure Python.
- ``py-linear``: the same dictionary built the linear way in Python (a set
  of each room's cells, a look at each cell's four neighbours).
- ``mcrdun``: ``mcrdun_layout_border`` from the release ``libmcrdun.so``
  through ctypes (two-call protocol, buffer allocated once, outside timing).

Each is checked to give the same dictionary, then timed ``--repeat`` times;
the medians and the ratios to mcrdun are printed as a table. Python standard
library only; the script builds the library with cargo itself.

Usage: python3 benches/peers/passages.py [--sizes 500,2000] [--repeat 5]
"""

import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int32), ("y", ctypes.c_int32)]


class BorderPair(ctypes.Structure):
    _fields_ = [("cell", Point), ("across", Point)]


def load_library():
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "mcrdun-ffi"], cwd=ROOT, check=True
    )
    lib = ctypes.CDLL(os.path.join(ROOT, "target", "release", "libmcrdun.so"))
    lib.mcrdun_layout_new.argtypes = [ctypes.c_uint32, ctypes.c_uint32, ctypes.POINTER(ctypes.c_void_p)]
    lib.mcrdun_layout_new.restype = ctypes.c_int
    lib.mcrdun_layout_free.argtypes = [ctypes.c_void_p]
    lib.mcrdun_layout_free.restype = None
    lib.mcrdun_layout_add_room.argtypes = [
        ctypes.c_void_p, ctypes.POINTER(Point), ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint32)
    ]
    lib.mcrdun_layout_add_room.restype = ctypes.c_int
    lib.mcrdun_layout_border.argtypes = [
        ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32,
        ctypes.POINTER(BorderPair), ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t),
    ]
    lib.mcrdun_layout_border.restype = ctypes.c_int
    return lib


def two_rooms(n):
    """Two rooms of n cells: a block of 2n cells (about 8:5) in a grid with
    a margin, ranked by height above a jagged line and split in half, as in
    the criterion bench."""
    w = max(2, int((2 * n * 8 / 5) ** 0.5))
    h = (2 * n + w - 1) // w
    cells = [(x, y) for y in range(10, 10 + h) for x in range(10, 10 + w)][: 2 * n]
    cells.sort(key=lambda p: (p[1] - (p[0] * 7) % 13, p[0]))
    return cells[:n], cells[n:], w + 20, h + 20


def seed_border(room_1, room_2):
    """The seed's border_dictionary, as written there."""
    result = {}
    for c1 in room_1:
        for c2 in room_2:
            if abs(c1[0] - c2[0]) + abs(c1[1] - c2[1]) == 1:
                result.setdefault(c1, []).append(c2)
                result.setdefault(c2, []).append(c1)
    return result


def linear_border(room_1, room_2):
    s2 = set(room_2)
    result = {}
    for c in room_1:
        x, y = c
        for q in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
            if q in s2:
                result.setdefault(c, []).append(q)
                result.setdefault(q, []).append(c)
    return result


def canonical(d):
    return {k: sorted(v) for k, v in d.items()}


def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="500,2000")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    lib = load_library()

    print(f"{'cells/room':>10} {'peer':>10} {'median':>12} {'vs mcrdun':>10}")
    for n in [int(s) for s in args.sizes.split(",")]:
        a, b, gw, gh = two_rooms(n)
        layout = ctypes.c_void_p()
        assert lib.mcrdun_layout_new(gw, gh, ctypes.byref(layout)) == 0
        room = ctypes.c_uint32()
        for cells in (a, b):
            arr = (Point * len(cells))(*[Point(x, y) for x, y in cells])
            assert lib.mcrdun_layout_add_room(layout, arr, len(cells), ctypes.byref(room)) == 0
        length = ctypes.c_size_t()
        lib.mcrdun_layout_border(layout, 0, 1, None, 0, ctypes.byref(length))
        buf = (BorderPair * length.value)()
        cap = length.value

        def ours():
            status = lib.mcrdun_layout_border(layout, 0, 1, buf, cap, ctypes.byref(length))
            assert status == 0

        ours()
        mine = {}
        for p in buf[: length.value]:
            mine.setdefault((p.cell.x, p.cell.y), []).append((p.across.x, p.across.y))
        expected = canonical(linear_border(a, b))
        assert canonical(mine) == expected, "mcrdun differs from the linear Python border"
        assert canonical(seed_border(a, b)) == expected, "the seed's border differs"

        t_ours = timed(ours, max(args.repeat, 50))
        rows = [
            ("mcrdun", t_ours),
            ("py-linear", timed(lambda: linear_border(a, b), args.repeat)),
            ("seed", timed(lambda: seed_border(a, b), args.repeat)),
        ]
        for name, t in rows:
            print(f"{n:>10} {name:>10} {t * 1e6:>10.1f}us {t / t_ours:>9.1f}x")
        print(f"{'':>10} ({len(expected)} border cells, {length.value} pairs)")
        lib.mcrdun_layout_free(layout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
