#!/usr/bin/env python3
"""Times distance maps: python-tcod's tcod.path.dijkstra2d and mcrdun's
mcrdun_distance_compute_u8 (through the C ABI, via ctypes on libmcrdun.so
built in release mode) on the same numpy maps in one run.

Maps: random floor (70% open), a dungeon (rooms and corridors) and a cave
(cellular automaton), at 512^2 and 2048^2 (--sizes to choose); steps
(1,0), (1,1) and (2,3); unit costs and random costs 1-9. Each map has four
sources at distance 0 on floor cells.

Every row is checked before it is timed: our distance map must equal
python-tcod's cell for cell, and the descent (mcrdun_distance_descent vs
tcod.path.hillclimb2d) from the farthest cell must be the same path.

Target (issue 16): mcrdun at least 10x faster than python-tcod on every row.
Each row's three timings take turns for 9 rounds at 512 and 5 at 2048, in
an order that rotates from round to round, and the medians are compared.
"ours" reuses one McrdunDistanceScratch across calls (its intended use);
"fresh" passes a NULL scratch, so working memory is allocated per call as
python-tcod does. Times are medians of the process's CPU time per call
(time.thread_time), not wall time: the machine this runs on is shared and
oversubscribed, and both peers are single-threaded.

Usage: python3 benches/peers/distance_tcod.py [--sizes 512,2048] [--reps N]
The script creates benches/peers/.venv (numpy, tcod) and re-runs itself
there when needed.
"""

import argparse
import ctypes
import os
import statistics
import sys
import time

import peerlib
from peerlib import load_mcrdun

peerlib.ensure_venv(["numpy", "tcod"], ["numpy", "tcod"])

# One thread for numpy's BLAS: no helper threads spinning beside the timings.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import tcod  # noqa: E402
import tcod.path  # noqa: E402

UNREACHED = np.iinfo(np.int32).max


# ----------------------------------------------------------------- the maps

def random_map(n, rng):
    return (rng.random((n, n)) < 0.70).astype(np.uint8)


def dungeon_map(n, rng):
    return peerlib.dungeon_map(n, rng, join=0.9)


def cave_map(n, rng):
    """Random floor (55%), then 4 rounds of the 4-5 rule (a cell is floor
    when fewer than 5 of the 9 cells around it, itself included, are wall;
    outside the map counts as wall)."""
    m = (rng.random((n, n)) < 0.55).astype(np.int32)
    for _ in range(4):
        p = np.pad(m, 1)
        s = sum(p[dy:dy + n, dx:dx + n] for dy in range(3) for dx in range(3))
        m = ((9 - s) < 5).astype(np.int32)
    return m.astype(np.uint8)


MAPS = {"random70": random_map, "dungeon": dungeon_map, "cave": cave_map}


# ------------------------------------------------------------------ mcrdun

class Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int32), ("y", ctypes.c_int32)]


def load_ours():
    lib = load_mcrdun()
    u8p = ctypes.POINTER(ctypes.c_uint8)
    i32p = ctypes.POINTER(ctypes.c_int32)
    u32 = ctypes.c_uint32
    lib.mcrdun_distance_scratch_new.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    lib.mcrdun_distance_scratch_new.restype = ctypes.c_int
    lib.mcrdun_distance_scratch_free.argtypes = [ctypes.c_void_p]
    lib.mcrdun_distance_scratch_free.restype = None
    lib.mcrdun_distance_compute_u8.argtypes = [ctypes.c_void_p, u8p, u32, u32, u32, u32, u32,
                                               i32p, ctypes.c_size_t]
    lib.mcrdun_distance_compute_u8.restype = ctypes.c_int
    lib.mcrdun_distance_descent.argtypes = [i32p, u32, u32, Point, u32, u32, u32,
                                            ctypes.POINTER(Point), ctypes.c_size_t,
                                            ctypes.POINTER(ctypes.c_size_t)]
    lib.mcrdun_distance_descent.restype = ctypes.c_int
    return lib


def ours_descent(lib, dist, start_yx, card, diag):
    h, w = dist.shape
    dp = dist.ctypes.data_as(ctypes.POINTER(ctypes.c_int32))
    n = ctypes.c_size_t(0)
    start = Point(int(start_yx[1]), int(start_yx[0]))
    st = lib.mcrdun_distance_descent(dp, w, h, start, card, diag, 0, None, 0, ctypes.byref(n))
    assert st == 5, st  # BUFFER_TOO_SMALL: *len tells the size
    buf = (Point * n.value)()
    st = lib.mcrdun_distance_descent(dp, w, h, start, card, diag, 0, buf, n.value, ctypes.byref(n))
    assert st == 0, st
    return [(p.y, p.x) for p in buf]


# ------------------------------------------------------------------- timing

def cpu_time(f, reset):
    """The CPU time of this thread for one call of `f` after `reset` (both
    peers run on the calling thread; CPU time, unlike wall time, does not
    count the time the thread waits for a core on a shared, oversubscribed
    machine, and thread time leaves out numpy's helper threads)."""
    reset()
    t0 = time.thread_time()
    f()
    return time.thread_time() - t0


def median_time(f, reset, reps):
    """The median of `reps` calls' CPU times (see `cpu_time`)."""
    return statistics.median(cpu_time(f, reset) for _ in range(reps))


def median_times(contenders, reps):
    """The median CPU time of each `(f, reset)` pair over `reps` rounds. The
    contenders take turns within a round, so that a change in the machine's
    load during a row falls on all of them alike, and the order rotates from
    round to round, so that each one in turn runs right after python-tcod,
    whose large temporaries leave the caches cold (in a fixed order that
    cost would always land on the same contender)."""
    times = [[] for _ in contenders]
    for r in range(reps):
        for k in range(len(contenders)):
            i = (k + r) % len(contenders)
            f, reset = contenders[i]
            times[i].append(cpu_time(f, reset))
    return [statistics.median(t) for t in times]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="512,2048")
    ap.add_argument("--reps", type=int, default=0, help="repetitions per row (default: 9 at 512, 5 above)")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--maps", default=",".join(MAPS), help="which maps (default: all)")
    ap.add_argument("--ours-only", action="store_true",
                    help="time only mcrdun (no check, tcod time taken as 0), for profiling")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    lib = load_ours()
    scratch = ctypes.c_void_p()
    assert lib.mcrdun_distance_scratch_new(ctypes.byref(scratch)) == 0
    load0 = os.getloadavg()
    print(f"python-tcod {tcod.__version__}, numpy {np.__version__}; load average at start "
          f"{load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} on {os.cpu_count()} cores")
    print(f"{'size':>5} {'map':<9} {'open%':>5} {'steps':>5} {'costs':>5} | {'tcod ms':>9} | "
          f"{'ours ms':>8} {'ratio':>6} | {'fresh ms':>8} {'ratio':>6} | same")
    rows = []
    rng = np.random.default_rng(args.seed)
    for n in sizes:
        reps = args.reps or (9 if n <= 512 else 5)
        for name, make in MAPS.items():
            floor = make(n, rng)
            if name not in args.maps.split(","):
                continue
            open_cells = np.argwhere(floor != 0)
            picks = open_cells[rng.choice(len(open_cells), 4, replace=False)]
            init = np.full((n, n), UNREACHED, np.int32)
            for y, x in picks:
                init[y, x] = 0
            for costs_name in ("unit", "1-9"):
                if costs_name == "unit":
                    cost = floor.copy()
                else:
                    cost = (floor * rng.integers(1, 10, (n, n))).astype(np.uint8)
                cost = np.ascontiguousarray(cost)
                cost_p = cost.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))
                for card, diag in ((1, 0), (1, 1), (2, 3)):
                    theirs = init.copy()
                    ours = init.copy()
                    ours_p = ours.ctypes.data_as(ctypes.POINTER(ctypes.c_int32))

                    def run_tcod():
                        tcod.path.dijkstra2d(theirs, cost, card, diag or None, out=theirs)

                    def run_ours(handle):
                        st = lib.mcrdun_distance_compute_u8(handle, cost_p, n, n, card, diag, 0,
                                                            ours_p, ours.size)
                        assert st == 0, st

                    if args.ours_only:
                        t_ours = median_time(lambda: run_ours(scratch), lambda: np.copyto(ours, init), reps)
                        print(f"{n:>5} {name:<9} {card},{diag} {costs_name:>5} ours {1e3 * t_ours:8.2f} ms", flush=True)
                        continue
                    # Check first.
                    run_tcod()
                    run_ours(scratch)
                    same = bool(np.array_equal(theirs, ours))
                    far = np.unravel_index(np.argmax(np.where(ours == UNREACHED, -1, ours)), ours.shape)
                    path_t = [tuple(p) for p in
                              tcod.path.hillclimb2d(theirs, far, card > 0, diag > 0).tolist()]
                    path_o = ours_descent(lib, ours, far, card, diag)
                    same = same and path_t == path_o

                    def reset_t():
                        np.copyto(theirs, init)

                    def reset_o():
                        np.copyto(ours, init)

                    t_tcod, t_ours, t_fresh = median_times(
                        [(run_tcod, reset_t), (lambda: run_ours(scratch), reset_o),
                         (lambda: run_ours(None), reset_o)], reps)
                    r = dict(n=n, map=name, open=100.0 * floor.mean(), steps=f"{card},{diag}",
                             costs=costs_name, tcod=t_tcod, ours=t_ours, fresh=t_fresh, same=same)
                    rows.append(r)
                    print(f"{n:>5} {name:<9} {r['open']:5.1f} {r['steps']:>5} {costs_name:>5} | "
                          f"{1e3 * t_tcod:9.2f} | {1e3 * t_ours:8.2f} {t_tcod / t_ours:6.1f} | "
                          f"{1e3 * t_fresh:8.2f} {t_tcod / t_fresh:6.1f} | {'yes' if same else 'NO'}",
                          flush=True)
    lib.mcrdun_distance_scratch_free(scratch)
    load1 = os.getloadavg()
    if args.ours_only:
        return
    print(f"load average at end {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    met = [r for r in rows if r["tcod"] / r["ours"] >= 10.0]
    met_fresh = [r for r in rows if r["tcod"] / r["fresh"] >= 10.0]
    print(f"10x target met in {len(met)}/{len(rows)} rows with a scratch, "
          f"{len(met_fresh)}/{len(rows)} with a fresh one; "
          f"outputs equal in {sum(r['same'] for r in rows)}/{len(rows)} rows")
    for r in rows:
        if r["tcod"] / r["ours"] < 10.0:
            print(f"  miss: {r['n']} {r['map']} {r['steps']} {r['costs']}: {r['tcod'] / r['ours']:.1f}x")
    if not all(r["same"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
