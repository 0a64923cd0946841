"""What the Python peer scripts share: the venv they run in, libmcrdun
through ctypes, and the dungeon map both distance_tcod.py and
regions_opencv.py time on.

A script imports this module before numpy (its directory is the first
entry of sys.path when it runs as `python3 benches/peers/<script>.py`),
calls ensure_venv() with the packages it needs, and only then imports
them.
"""

import ctypes
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
VENV = os.path.join(HERE, ".venv")
VPY = os.path.join(VENV, "bin", "python")


def ensure_venv(packages, imports):
    """Re-executes the running script inside benches/peers/.venv, creating
    the venv and installing `packages` (pip names) when `imports` (module
    names) do not all import there. Returns inside the venv."""
    probe = "import " + ", ".join(imports)
    if os.path.abspath(sys.prefix) == os.path.abspath(VENV):
        try:
            exec(probe, {})
            return
        except ImportError:
            subprocess.check_call([VPY, "-m", "pip", "install", "-q"] + packages)
            os.execv(VPY, [VPY] + sys.argv)
    if not os.path.exists(VPY):
        print("creating", VENV, file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
    if subprocess.call([VPY, "-c", probe], stderr=subprocess.DEVNULL) != 0:
        subprocess.check_call([VPY, "-m", "pip", "install", "-q"] + packages)
    os.execv(VPY, [VPY] + sys.argv)


def load_mcrdun():
    """Builds libmcrdun in release mode and loads it; the caller declares
    the argument and result types of the functions it calls."""
    subprocess.check_call(["cargo", "build", "--release", "-q", "-p", "mcrdun-ffi"], cwd=ROOT)
    return ctypes.CDLL(os.path.join(ROOT, "target", "release", "libmcrdun.so"))


def dungeon_map(n, rng, join):
    """Classic roguelike layout as a uint8 numpy grid (1 = floor): the map
    is cut into 16x16 blocks; 85% of the blocks hold a room, and rooms are
    joined to their east and south neighbours by one-cell L-shaped
    corridors, each with probability `join` (so the dungeon may have
    several regions)."""
    import numpy as np

    m = np.zeros((n, n), np.uint8)
    b = 16
    nb = n // b
    has = rng.random((nb, nb)) < 0.85
    rw = rng.integers(3, 12, (nb, nb))
    rh = rng.integers(3, 12, (nb, nb))
    ox = rng.integers(0, 1 << 30, (nb, nb)) % np.maximum(b - rw - 1, 1) + 1
    oy = rng.integers(0, 1 << 30, (nb, nb)) % np.maximum(b - rh - 1, 1) + 1
    joins = rng.random((nb, nb, 2)) < join
    cx = np.arange(nb)[None, :] * b + ox + rw // 2
    cy = np.arange(nb)[:, None] * b + oy + rh // 2
    for by in range(nb):
        for bx in range(nb):
            if not has[by, bx]:
                continue
            x0 = bx * b + ox[by, bx]
            y0 = by * b + oy[by, bx]
            m[y0:y0 + rh[by, bx], x0:x0 + rw[by, bx]] = 1
            ax, ay = cx[by, bx], cy[by, bx]
            if bx + 1 < nb and has[by, bx + 1] and joins[by, bx, 0]:
                tx, ty = cx[by, bx + 1], cy[by, bx + 1]
                m[ay, ax:tx + 1] = 1
                m[min(ay, ty):max(ay, ty) + 1, tx] = 1
            if by + 1 < nb and has[by + 1, bx] and joins[by, bx, 1]:
                tx, ty = cx[by + 1, bx], cy[by + 1, bx]
                m[ay:ty + 1, ax] = 1
                m[ty, min(ax, tx):max(ax, tx) + 1] = 1
    return m
