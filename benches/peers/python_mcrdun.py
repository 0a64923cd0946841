#!/usr/bin/env python3
"""Times the `mcrdun` Python package against the Python peers, through
Python, on the same arrays in one run:

1. distance maps at 2048x2048: `mcrdun.path.dijkstra2d` against
   `tcod.path.dijkstra2d`, on the rows of distance_tcod.py's table (maps
   random70, dungeon, cave; steps 1,0 / 1,1 / 2,3; unit and 1-9 costs; four
   sources). Target: at least 10x on every row. Each row is checked equal
   first. Beside the default call (working memory kept between calls), the
   same call with the cache off (`set_cache_limit(0)`: what every call did
   before the cache) and the C ABI with a reused scratch, in the same
   rounds; every timed call starts with cold CPU caches.
2. region labels at 2048x2048: `mcrdun.regions.label` against
   `scipy.ndimage.label` and OpenCV's `cv2.connectedComponents` (one
   thread), 4- and 8-connected, on random45, dungeon and cave maps. Target:
   faster than both on every row. Labels checked equal to scipy's.
3. paths at 2048x2048: `mcrdun.path.hillclimb2d` against
   `tcod.path.hillclimb2d` from the farthest reached cell of a map of
   part 1 (1,1 and 2,3 steps, unit costs), each path checked equal first.
   Target: at least as fast as tcod on every row.
4. levels at 200x120: `mcrdun.generate(kind, 200, 120, seed)` against the
   same level made by the Rust crate through the C ABI
   (`mcrdun_level_new` + `mcrdun_level_free` via ctypes, a few
   microseconds of call overhead). Target: the Python call costs under 10%
   more.

Times are medians of thread CPU time (time.thread_time_ns) over rounds
whose order rotates, so that load on the shared machine falls on all
contenders alike. The module is built with `maturin develop --release` into
benches/peers/.venv (created with numpy, tcod, scipy, OpenCV and maturin
when needed); libmcrdun is built with cargo in release mode.

Usage: python3 benches/peers/python_mcrdun.py [--reps N] [--level-reps N]
"""

import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import time

import peerlib

peerlib.ensure_venv(
    ["numpy", "tcod", "scipy", "opencv-python-headless", "maturin"],
    ["numpy", "tcod", "scipy", "cv2", "maturin"],
)

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402


def build_module():
    """maturin develop --release into this venv (a no-op build when fresh)."""
    env = dict(os.environ, VIRTUAL_ENV=peerlib.VENV)
    env["PATH"] = os.path.join(peerlib.VENV, "bin") + os.pathsep + env.get("PATH", "")
    env["CARGO_TARGET_DIR"] = os.path.join(peerlib.ROOT, "target", "python-bench")
    subprocess.check_call(
        [os.path.join(peerlib.VENV, "bin", "maturin"), "develop", "--release", "--quiet"],
        cwd=os.path.join(peerlib.ROOT, "crates", "python"),
        env=env,
    )
    # The install is editable (a .pth file read at start-up): this process
    # finds the package where maturin put the module.
    sys.path.insert(0, os.path.join(peerlib.ROOT, "crates", "python", "python"))


build_module()

import cv2  # noqa: E402
import scipy  # noqa: E402
import scipy.ndimage as ndi  # noqa: E402
import tcod  # noqa: E402
import tcod.path  # noqa: E402

import mcrdun  # noqa: E402
import mcrdun.path  # noqa: E402
import mcrdun.regions  # noqa: E402

cv2.setNumThreads(1)
N = 2048


def timed(f):
    t0 = time.thread_time_ns()
    f()
    return (time.thread_time_ns() - t0) * 1e-6


def medians(contenders, reps):
    """Median ms of each contender `(name, setup, run)`; `setup()` returns
    the argument of `run` and is not timed. The order rotates each round."""
    times = {name: [] for name, _, _ in contenders}
    for r in range(reps):
        k = r % len(contenders)
        for name, setup, run in contenders[k:] + contenders[:k]:
            arg = setup()
            t0 = time.thread_time_ns()
            run(arg)
            times[name].append((time.thread_time_ns() - t0) * 1e-6)
    return {name: statistics.median(v) for name, v in times.items()}


# ------------------------------------------------------------------ maps

def random_map(n, rng, p):
    return (rng.random((n, n)) < p).astype(np.uint8)


def cave_map(n, rng):
    m = (rng.random((n, n)) < 0.55).astype(np.int32)
    for _ in range(4):
        p = np.pad(m, 1)
        s = sum(p[dy:dy + n, dx:dx + n] for dy in range(3) for dx in range(3))
        m = ((9 - s) < 5).astype(np.int32)
    return m.astype(np.uint8)


def distance_maps(rng):
    return {
        "random70": random_map(N, rng, 0.70),
        "dungeon": peerlib.dungeon_map(N, rng, join=0.9),
        "cave": cave_map(N, rng),
    }


# ------------------------------------------------------------- distance

# Written before every timed call, so that each contender starts with cold
# CPU caches (python-tcod's temporaries, or a warm-up call, would otherwise
# leave them in a state that depends on who ran before).
FLUSH = np.zeros(64 << 20, np.uint8)


def flush():
    FLUSH[::64] += 1


def c_distance(lib):
    """mcrdun_distance_compute_u8 through ctypes with one reused scratch:
    the C ABI's time for the same map, beside the Python call's."""
    lib.mcrdun_distance_scratch_new.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    lib.mcrdun_distance_compute_u8.argtypes = [ctypes.c_void_p, ctypes.c_void_p] + [ctypes.c_uint32] * 5 + [
        ctypes.c_void_p,
        ctypes.c_size_t,
    ]
    scratch = ctypes.c_void_p()
    assert lib.mcrdun_distance_scratch_new(ctypes.byref(scratch)) == 0

    def run(dist, cost, card, diag):
        h, w = dist.shape
        st = lib.mcrdun_distance_compute_u8(scratch, cost.ctypes.data, w, h, card, diag, 0, dist.ctypes.data, dist.size)
        assert st == 0, st

    return run


def distance_rows(reps, out, lib):
    """Per row: tcod; mcrdun.path with its working memory kept between
    calls (the default); the same with the cache off (set_cache_limit(0):
    working memory allocated and freed by every call, as before the cache);
    and the C ABI with a reused scratch."""
    c_run = c_distance(lib)
    keep = mcrdun.path.cache_limit()
    rng = np.random.default_rng(1)
    rows = []
    for name, floor in distance_maps(rng).items():
        open_cells = np.argwhere(floor != 0)
        src = open_cells[rng.choice(len(open_cells), 4, replace=False)]
        weights = rng.integers(1, 10, floor.shape).astype(np.uint8)
        for costs in ("unit", "1-9"):
            cost = floor if costs == "unit" else (floor * weights).astype(np.uint8)
            dist0 = mcrdun.path.maxarray(floor.shape, np.int32)
            dist0[src[:, 0], src[:, 1]] = 0
            for card, diag in ((1, 0), (1, 1), (2, 3)):
                mcrdun.path.set_cache_limit(keep)
                a = tcod.path.dijkstra2d(dist0, cost, card, diag, out=None)
                b = mcrdun.path.dijkstra2d(dist0, cost, card, diag, out=None)
                c = dist0.copy()
                c_run(c, cost, card, diag)
                same = bool((a == b).all() and (a == c).all())

                def plain():
                    flush()
                    return dist0.copy()

                def kept():
                    # The cache as repeated calls find it (the "no cache"
                    # contender empties it).
                    mcrdun.path.set_cache_limit(keep)
                    if mcrdun.path.cache_size() == 0:
                        mcrdun.path.dijkstra2d(dist0.copy(), cost, card, diag, out=None)
                    return plain()

                def no_cache():
                    mcrdun.path.set_cache_limit(0)
                    return plain()

                m = medians(
                    [
                        ("tcod", plain, lambda d: tcod.path.dijkstra2d(d, cost, card, diag, out=d)),
                        ("mcrdun", kept, lambda d: mcrdun.path.dijkstra2d(d, cost, card, diag, out=d)),
                        ("fresh", no_cache, lambda d: mcrdun.path.dijkstra2d(d, cost, card, diag, out=d)),
                        ("c", plain, lambda d: c_run(d, cost, card, diag)),
                    ],
                    reps,
                )
                mcrdun.path.set_cache_limit(keep)
                ratio = m["tcod"] / m["mcrdun"]
                rows.append((ratio, m["tcod"] / m["fresh"], m["tcod"] / m["c"]))
                line = (
                    f"{N:5d} {name:9s} {100 * floor.mean():5.1f} {card},{diag:<3d} {costs:>4s} |"
                    f" {m['tcod']:8.2f} | {m['mcrdun']:7.2f} {ratio:5.1f} |"
                    f" {m['fresh']:7.2f} {m['tcod'] / m['fresh']:5.1f} |"
                    f" {m['c']:7.2f} {m['tcod'] / m['c']:5.1f} | {'yes' if same else 'NO'}"
                )
                print(line, file=out, flush=True)
    return rows


# --------------------------------------------------------------- labels

def label_rows(reps, out):
    rng = np.random.default_rng(2)
    maps = {
        "random45": random_map(N, rng, 0.45),
        "dungeon": peerlib.dungeon_map(N, rng, join=0.8),
        "cave": cave_map(N, rng),
    }
    eight = np.ones((3, 3), bool)
    ok = 0
    for name, m in maps.items():
        for c in (4, 8):
            theirs, n = ndi.label(m, None if c == 4 else eight)
            ours, k = mcrdun.regions.label(m, c)
            same = n == k and bool((theirs == ours).all())
            t = medians(
                [
                    ("mcrdun", lambda: m, lambda a: mcrdun.regions.label(a, c)),
                    ("scipy", lambda: m, lambda a: ndi.label(a, None if c == 4 else eight)),
                    ("opencv", lambda: m, lambda a: cv2.connectedComponents(a, connectivity=c, ltype=cv2.CV_32S)),
                ],
                reps,
            )
            vs_scipy, vs_cv = t["scipy"] / t["mcrdun"], t["opencv"] / t["mcrdun"]
            ok += vs_scipy > 1 and vs_cv > 1
            print(
                f"{N:5d} {name:9s} {100 * m.mean():5.1f} {c} {n:8d} |"
                f" {t['scipy']:8.2f} {t['opencv']:8.2f} | {t['mcrdun']:8.2f} |"
                f" {vs_scipy:6.2f}x {vs_cv:6.2f}x | {'yes' if same else 'NO'}",
                file=out,
                flush=True,
            )
    return ok


# ---------------------------------------------------------------- paths

def climb_rows(reps, out):
    """hillclimb2d from the farthest reached cell, both peers on the same
    tcod-made distance map; returns the ratios tcod / mcrdun."""
    rng = np.random.default_rng(1)
    ratios = []
    for name, m in distance_maps(rng).items():
        for card, diag in ((1, 1), (2, 3)):
            dist = np.full((N, N), np.iinfo(np.int32).max, np.int32)
            floor = np.argwhere(m != 0)
            y, x = floor[len(floor) // 2]
            dist[y, x] = 0
            dist = tcod.path.dijkstra2d(dist, m, card, diag, out=None)
            reached = np.where(dist == np.iinfo(np.int32).max, -1, dist)
            start = tuple(int(v) for v in np.unravel_index(int(reached.argmax()), reached.shape))
            theirs = tcod.path.hillclimb2d(dist, start, True, True)
            ours = mcrdun.path.hillclimb2d(dist, start, True, True)
            same = ours.dtype == theirs.dtype and np.array_equal(ours, theirs)
            t = medians(
                [
                    ("mcrdun", lambda: dist, lambda d: mcrdun.path.hillclimb2d(d, start, True, True)),
                    ("tcod", lambda: dist, lambda d: tcod.path.hillclimb2d(d, start, True, True)),
                ],
                reps,
            )
            ratio = t["tcod"] / t["mcrdun"]
            ratios.append(ratio)
            print(
                f"{N:5d} {name:9s} {card},{diag}  {len(theirs):6d} | {t['tcod']:8.3f} | {t['mcrdun']:8.3f} "
                f"{ratio:5.2f} | {'yes' if same else 'NO'}",
                file=out,
                flush=True,
            )
    return ratios


# --------------------------------------------------------------- levels

def level_rows(reps, out, lib):
    lib.mcrdun_level_config_default.argtypes = [ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_void_p]
    lib.mcrdun_level_new.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(ctypes.c_void_p)]
    lib.mcrdun_level_free.argtypes = [ctypes.c_void_p]
    config = ctypes.create_string_buffer(1024)  # larger than McrdunLevelConfig
    worst = 0.0
    for number, kind in enumerate(mcrdun.level_kinds()):
        assert lib.mcrdun_level_config_default(number, 200, 120, config) == 0

        def rust(seed):
            h = ctypes.c_void_p()
            assert lib.mcrdun_level_new(config, seed, ctypes.byref(h)) == 0
            lib.mcrdun_level_free(h)

        seeds = iter(range(10**9))
        m = medians(
            [
                ("rust", lambda: next(seeds) % 50, rust),
                ("python", lambda: next(seeds) % 50, lambda s: mcrdun.generate(kind, 200, 120, seed=s)),
            ],
            reps,
        )
        over = m["python"] / m["rust"] - 1
        worst = max(worst, over)
        print(f"  200x120 {kind:9s} | {m['rust']:8.3f} | {m['python']:8.3f} | {100 * over:+6.1f}%", file=out, flush=True)
    return worst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--level-reps", type=int, default=201)
    ap.add_argument("--climb-reps", type=int, default=201)
    args = ap.parse_args()
    out = sys.stdout
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=peerlib.ROOT, capture_output=True, text=True)
    print(
        f"# python3 benches/peers/python_mcrdun.py (reps {args.reps}, climb reps {args.climb_reps}, level reps {args.level_reps}) on "
        f"{rev.stdout.strip()}, {time.strftime('%Y-%m-%d')}; medians of thread CPU time in ms, rotating order",
        file=out,
    )
    print(
        f"# mcrdun {mcrdun.__version__} (release), python-tcod {tcod.__version__}, scipy {scipy.__version__}, "
        f"OpenCV {cv2.__version__} (threads: 1), numpy {np.__version__}; load average "
        f"{' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores",
        file=out,
    )
    lib = peerlib.load_mcrdun()
    print("\n## dijkstra2d through Python: mcrdun.path vs tcod.path (target: >= 10x on every row)", file=out)
    print(
        "# mcrdun: working memory kept between calls (the default); no cache: set_cache_limit(0), every call\n"
        "# allocates its own (as before the cache); C ABI: mcrdun_distance_compute_u8 with a reused scratch",
        file=out,
    )
    print(" size map       open% steps costs |  tcod ms |  mcrdun ratio | no cache ratio |   C ABI ratio | same", file=out)
    rows = distance_rows(args.reps, out, lib)
    for k, what in enumerate(("mcrdun", "no cache", "C ABI")):
        r = [row[k] for row in rows]
        met = sum(x >= 10 for x in r)
        print(
            f"{what}: 10x met on {met}/{len(r)} rows; lowest {min(r):.1f}x, median {statistics.median(r):.1f}x",
            file=out,
        )
    print("\n## label through Python: mcrdun.regions vs scipy.ndimage.label and cv2.connectedComponents", file=out)
    print(" size map      floor% c  regions | scipy ms    cv ms | mcrdun ms | vs scipy  vs cv  | same", file=out)
    ok = label_rows(args.reps, out)
    print(f"faster than both on {ok}/6 rows", file=out)
    print("\n## hillclimb2d through Python: mcrdun.path vs tcod.path (target: at least as fast on every row)", file=out)
    print(" size map       steps  length |  tcod ms | mcrdun ms ratio | same", file=out)
    ratios = climb_rows(args.climb_reps, out)
    print(
        f"at least as fast on {sum(r >= 1 for r in ratios)}/{len(ratios)} rows; lowest {min(ratios):.2f}x, "
        f"median {statistics.median(ratios):.2f}x",
        file=out,
    )
    print("\n## a level: mcrdun.generate from Python vs the same level in Rust (C ABI) (target: < +10%)", file=out)
    print("  size    kind      |  rust ms | python ms | overhead", file=out)
    worst = level_rows(args.level_reps, out, lib)
    print(f"largest overhead {100 * worst:+.1f}%", file=out)


if __name__ == "__main__":
    main()
