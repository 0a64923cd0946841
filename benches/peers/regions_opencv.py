#!/usr/bin/env python3
"""Times region labelling: OpenCV cv2.connectedComponents (one thread, each of
its algorithms, 4- and 8-connectivity), scipy.ndimage.label, and mcrdun
(mcrdun_regions_label / mcrdun_regions_label_stats through the C ABI, via
ctypes on libmcrdun.so built in release mode), all on the same numpy maps in
one run, plus the bandwidth floor (read the u8 grid, write a u32 grid).

Maps: random floor at densities 0.45 and 0.60, a dungeon (rooms and
corridors, ~20% floor) and a cave (cellular automaton, ~70% floor), at 512^2,
2048^2 and 8192^2 (--sizes to choose).

Targets (issue 3): mcrdun at least 2x faster than OpenCV's best single-thread
time on dungeon and cave maps, at least 1.5x on random floor, and labelling
plus statistics at most 1.3x plain labelling.

Usage: python3 benches/peers/regions_opencv.py [--sizes 512,2048,8192] [--quick]
The script creates benches/peers/.venv (numpy, scipy, opencv-python-headless)
and re-runs itself there when needed. Every labelling is checked against
OpenCV's (same number of regions, same partition) before it is timed.
"""

import argparse
import ctypes
import statistics
import sys
import time

import peerlib
from peerlib import load_mcrdun

peerlib.ensure_venv(["numpy", "scipy", "opencv-python-headless"], ["numpy", "scipy", "cv2"])

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import scipy  # noqa: E402
from scipy import ndimage  # noqa: E402


# ----------------------------------------------------------------- the maps

def random_map(n, p, rng):
    return (rng.random((n, n)) < p).astype(np.uint8)


def dungeon_map(n, rng):
    return peerlib.dungeon_map(n, rng, join=0.8)


def cave_map(n, rng):
    """Random floor, then 4 rounds of the 4-5 rule (a cell is floor when
    fewer than 5 of the 9 cells around it, itself included, are wall;
    outside the map counts as wall)."""
    m = (rng.random((n, n)) < 0.55).astype(np.uint8)
    k = np.ones((3, 3), np.int32)
    for _ in range(4):
        walls = 9 - ndimage.convolve(m.astype(np.int32), k, mode="constant", cval=0)
        m = (walls < 5).astype(np.uint8)
    return m


# ---------------------------------------------------------------- the peers

def load_ours():
    lib = load_mcrdun()
    u8p = ctypes.POINTER(ctypes.c_uint8)
    u32p = ctypes.POINTER(ctypes.c_uint32)
    lib.mcrdun_regions_label.argtypes = [u8p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
                                         u32p, ctypes.c_size_t, u32p]
    lib.mcrdun_regions_label.restype = ctypes.c_int
    lib.mcrdun_regions_label_stats.argtypes = [u8p, ctypes.c_uint32, ctypes.c_uint32,
                                               ctypes.c_uint32, u32p, ctypes.c_size_t,
                                               ctypes.c_void_p, ctypes.c_size_t,
                                               ctypes.POINTER(ctypes.c_size_t)]
    lib.mcrdun_regions_label_stats.restype = ctypes.c_int
    return lib


# McrdunRegionStats: u64 area; u32 min_x, min_y, max_x, max_y; u64 sum_x, sum_y.
STATS_DTYPE = np.dtype([("area", "<u8"), ("min_x", "<u4"), ("min_y", "<u4"),
                        ("max_x", "<u4"), ("max_y", "<u4"), ("sum_x", "<u8"), ("sum_y", "<u8")])


class Ours:
    def __init__(self, lib, grid):
        self.lib = lib
        self.grid = np.ascontiguousarray(grid)
        self.n = grid.shape[0]
        self.out = np.empty(grid.shape, np.uint32)
        self.cells_p = self.grid.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))
        self.out_p = self.out.ctypes.data_as(ctypes.POINTER(ctypes.c_uint32))
        self.count = ctypes.c_uint32(0)
        self.stats = np.empty(0, STATS_DTYPE)
        self.stats_len = ctypes.c_size_t(0)

    def label(self, conn):
        st = self.lib.mcrdun_regions_label(self.cells_p, self.n, self.n, conn, self.out_p,
                                           self.out.size, ctypes.byref(self.count))
        assert st == 0, st
        return self.count.value

    def label_stats(self, conn):
        st = self.lib.mcrdun_regions_label_stats(self.cells_p, self.n, self.n, conn, self.out_p,
                                                 self.out.size, self.stats.ctypes.data,
                                                 self.stats.size, ctypes.byref(self.stats_len))
        if st == 5:  # BUFFER_TOO_SMALL: size the buffer once, outside timing
            self.stats = np.empty(self.stats_len.value, STATS_DTYPE)
            return self.label_stats(conn)
        assert st == 0, st
        return self.stats_len.value


OPENCV_ALGOS = [("wu", cv2.CCL_WU), ("sauf", cv2.CCL_SAUF), ("bbdt", cv2.CCL_BBDT),
                ("spaghetti", cv2.CCL_SPAGHETTI)]
STRUCT = {4: ndimage.generate_binary_structure(2, 1), 8: ndimage.generate_binary_structure(2, 2)}


def timeit(fn, budget):
    """Median CPU time of this thread over calls of fn(), repeated for
    about `budget` seconds (at least 3, at most 25 calls) after one warm-up
    call. Every contender runs on this one thread (OpenCV is set to one
    thread), and CPU time rather than wall time keeps the figures usable on
    a machine shared with other jobs: time spent descheduled is not counted."""
    fn()
    times = []
    start = time.perf_counter()
    while len(times) < 3 or (time.perf_counter() - start < budget and len(times) < 25):
        t0 = time.thread_time_ns()
        fn()
        times.append((time.thread_time_ns() - t0) * 1e-9)
    return statistics.median(times)


def same_partition(ours, cv_labels):
    """Our labels (NO_REGION on walls) and OpenCV's (0 on walls) describe
    the same partition: the pairing of labels is one-to-one."""
    wall = ours == 0xFFFFFFFF
    if not np.array_equal(wall, cv_labels == 0):
        return False
    a = ours[~wall].astype(np.int64)
    b = cv_labels[~wall].astype(np.int64)
    pairs = np.unique(a * (1 << 32) + b)
    return len(pairs) == len(np.unique(a)) == len(np.unique(b))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="512,2048,8192")
    ap.add_argument("--quick", action="store_true", help="shorter timing budget")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    cv2.setNumThreads(1)
    lib = load_ours()
    print(f"OpenCV {cv2.__version__} (threads: {cv2.getNumThreads()}), scipy {scipy.__version__}, "
          f"numpy {np.__version__}; mcrdun via C ABI (ctypes); times are medians of thread CPU time in ms")
    rows = []
    for n in sizes:
        budget = (0.4 if args.quick else 1.0) * (1 if n <= 2048 else 2)
        rng = np.random.default_rng(20261129 + n)
        maps = [("random45", random_map(n, 0.45, rng)), ("random60", random_map(n, 0.60, rng)),
                ("dungeon", dungeon_map(n, rng)), ("cave", cave_map(n, rng))]
        for name, grid in maps:
            floor_pct = 100.0 * grid.mean()
            out32 = np.empty(grid.shape, np.uint32)
            floor_t = timeit(lambda: np.copyto(out32, grid, casting="unsafe"), budget / 2)
            ours = Ours(lib, grid)
            for conn in (4, 8):
                cv_count, cv_labels = cv2.connectedComponents(grid, connectivity=conn,
                                                              ltype=cv2.CV_32S)
                count = ours.label(conn)
                assert count == cv_count - 1, (name, n, conn, count, cv_count)
                assert same_partition(ours.out, cv_labels), (name, n, conn)
                assert ours.label_stats(conn) == count
                _, _, cv_stats, _ = cv2.connectedComponentsWithStats(grid, connectivity=conn)
                # OpenCV's block-based algorithms number regions in another
                # order; the multiset of areas must agree.
                assert np.array_equal(np.sort(ours.stats["area"][:count]),
                                      np.sort(cv_stats[1:, cv2.CC_STAT_AREA])), name
                del cv_labels
                cv_times = {}
                for algo, code in OPENCV_ALGOS:
                    cv_times[algo] = timeit(lambda: cv2.connectedComponentsWithAlgorithm(
                        grid, conn, cv2.CV_32S, code), budget)
                cv_stats_t = timeit(lambda: cv2.connectedComponentsWithStatsWithAlgorithm(
                    grid, conn, cv2.CV_32S, cv2.CCL_DEFAULT), budget)
                sp_t = timeit(lambda: ndimage.label(grid, structure=STRUCT[conn]), budget)
                our_t = timeit(lambda: ours.label(conn), budget)
                our_st = timeit(lambda: ours.label_stats(conn), budget)
                best_algo = min(cv_times, key=cv_times.get)
                rows.append(dict(n=n, map=name, floor=floor_pct, conn=conn, regions=count,
                                 bw=floor_t, cv=cv_times, cv_best=best_algo,
                                 cv_stats=cv_stats_t, scipy=sp_t, ours=our_t, ours_stats=our_st))
                print_row(rows[-1], header=len(rows) == 1)
                sys.stdout.flush()
    print()
    summary(rows)


def ms(t):
    return f"{t * 1e3:9.3f}"


def target_for(name):
    return 1.5 if name.startswith("random") else 2.0


def print_row(r, header=False):
    if header:
        print(f"{'size':>5} {'map':<9} {'floor%':>6} {'c':>1} {'regions':>8} | {'floor':>9} | "
              f"{'cv wu':>9} {'cv sauf':>9} {'cv bbdt':>9} {'cv spag':>9} {'cv+stats':>9} | "
              f"{'scipy':>9} | {'mcrdun':>9} {'+stats':>9} | {'vs cv':>6} {'target':>6} "
              f"{'stats/l':>7} {'ok':>3}")
    cv_best = r["cv"][r["cv_best"]]
    speedup = cv_best / r["ours"]
    stats_ratio = r["ours_stats"] / r["ours"]
    ok = speedup >= target_for(r["map"]) and stats_ratio <= 1.3
    print(f"{r['n']:>5} {r['map']:<9} {r['floor']:6.1f} {r['conn']:>1} {r['regions']:>8} | "
          f"{ms(r['bw'])} | {ms(r['cv']['wu'])} {ms(r['cv']['sauf'])} {ms(r['cv']['bbdt'])} "
          f"{ms(r['cv']['spaghetti'])} {ms(r['cv_stats'])} | {ms(r['scipy'])} | "
          f"{ms(r['ours'])} {ms(r['ours_stats'])} | {speedup:5.2f}x {target_for(r['map']):5.1f}x "
          f"{stats_ratio:7.2f} {'yes' if ok else 'NO':>3}")


def summary(rows):
    met = [r for r in rows if r["cv"][r["cv_best"]] / r["ours"] >= target_for(r["map"])]
    stats_met = [r for r in rows if r["ours_stats"] / r["ours"] <= 1.3]
    print(f"speed target met in {len(met)}/{len(rows)} rows "
          "(>= 2x OpenCV's best on dungeon/cave, >= 1.5x on random)")
    print(f"stats target met in {len(stats_met)}/{len(rows)} rows (label+stats <= 1.3x label)")
    for r in rows:
        print(f"  {r['n']:>5} {r['map']:<9} {r['conn']}: OpenCV best = {r['cv_best']:<9} "
              f"{r['cv'][r['cv_best']] / r['ours']:5.2f}x; vs bandwidth floor "
              f"{r['ours'] / r['bw']:5.2f}x; vs scipy {r['scipy'] / r['ours']:6.2f}x")


if __name__ == "__main__":
    main()
