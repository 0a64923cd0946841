"""mcrdun.path against tcod.path: the same maps and paths on seeded random
inputs over every dtype tcod takes, and every error path."""

import threading
import warnings

import numpy as np
import pytest
import tcod.path

import mcrdun
from mcrdun.path import dijkstra2d, hillclimb2d, maxarray

from conftest import dungeon

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
STEPS = [(1, None), (1, 1), (2, 3), (None, 1), (3, 2), (None, None), (1, 0)]


def sources(shape, dtype, rng, k=3):
    d = maxarray(shape, dtype)
    for _ in range(k):
        d[rng.integers(0, shape[0]), rng.integers(0, shape[1])] = rng.integers(0, 5)
    return d


def cost_map(shape, rng, kind):
    if kind == "unit":
        return (rng.random(shape) < 0.7).astype(np.uint8)
    if kind == "u8":
        return ((rng.random(shape) < 0.75) * rng.integers(1, 10, shape)).astype(np.uint8)
    if kind == "u16":
        return ((rng.random(shape) < 0.75) * rng.integers(1, 3000, shape)).astype(np.uint16)
    if kind == "bool":
        return rng.random(shape) < 0.6
    if kind == "i32neg":
        return rng.integers(-3, 9, shape).astype(np.int32)
    if kind == "i64big":
        return ((rng.random(shape) < 0.8) * rng.integers(1, 200000, shape)).astype(np.int64)
    if kind == "dungeon":
        return dungeon(shape[0], rng)
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["unit", "u8", "u16", "bool", "i32neg", "i64big", "dungeon"])
@pytest.mark.parametrize("steps", STEPS)
def test_dijkstra_equals_tcod_int32(kind, steps, rng):
    for n in (1, 7, 64):
        shape = (n, n) if kind == "dungeon" else (n, n + 3)
        if kind == "dungeon" and n < 32:
            continue
        cost = cost_map(shape, rng, kind)
        dist = sources(shape, np.int32, rng)
        ours = dijkstra2d(dist, cost, *steps, out=None)
        theirs = tcod.path.dijkstra2d(dist, cost, *steps, out=None)
        np.testing.assert_array_equal(ours, theirs)
        assert ours.dtype == theirs.dtype


@pytest.mark.parametrize("dtype", INT_DTYPES + [np.bool_])
def test_dijkstra_equals_tcod_every_distance_dtype(dtype, rng):
    for kind in ("unit", "u8", "i32neg"):
        shape = (23, 31)
        cost = cost_map(shape, rng, kind)
        if dtype == np.bool_:
            dist = np.ones(shape, np.bool_)
            dist[3, 4] = False
        else:
            dist = sources(shape, dtype, rng)
        for steps in [(1, None), (2, 3)]:
            ours = dijkstra2d(dist, cost, *steps, out=None)
            theirs = tcod.path.dijkstra2d(dist, cost, *steps, out=None)
            np.testing.assert_array_equal(ours, theirs)
            assert ours.dtype == theirs.dtype


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_dijkstra_equals_tcod_every_cost_dtype(dtype, rng):
    shape = (19, 27)
    hi = min(np.iinfo(dtype).max, 20)
    cost = rng.integers(max(np.iinfo(dtype).min, -2), hi + 1, shape).astype(dtype)
    dist = sources(shape, np.int32, rng)
    for steps in [(1, 1), (2, 3)]:
        np.testing.assert_array_equal(
            dijkstra2d(dist, cost, *steps, out=None), tcod.path.dijkstra2d(dist, cost, *steps, out=None)
        )


def test_dijkstra_edge_map_equals_tcod(rng):
    knight = [[0, 1, 0, 1, 0], [1, 0, 0, 0, 1], [0, 0, 0, 0, 0], [1, 0, 0, 0, 1], [0, 1, 0, 1, 0]]
    maps = [knight, [[3, 2, 3], [2, 0, 2], [3, 2, 3]], [[0, 1, 0], [-1, 5, 1], [0, 1, 0]]]
    for edge_map in maps:
        for dtype in (np.int32, np.int64, np.uint16):
            shape = (17, 21)
            cost = cost_map(shape, rng, "u8")
            dist = sources(shape, dtype, rng)
            ours = dijkstra2d(dist, cost, edge_map=edge_map, out=None)
            theirs = tcod.path.dijkstra2d(dist, cost, edge_map=edge_map, out=None)
            np.testing.assert_array_equal(ours, theirs)
            start = tuple(int(v) for v in np.argwhere(ours == ours[ours < np.iinfo(dtype).max].max())[0])
            np.testing.assert_array_equal(
                hillclimb2d(ours, start, edge_map=edge_map), tcod.path.hillclimb2d(theirs, start, edge_map=edge_map)
            )


def test_layouts_and_out_forms(rng):
    shape = (40, 50)
    cost = cost_map(shape, rng, "u8")
    dist = sources(shape, np.int32, rng)
    expected = tcod.path.dijkstra2d(dist, cost, 2, 3, out=None)
    # Fortran order, strided views, a separate out array, in place.
    np.testing.assert_array_equal(dijkstra2d(np.asfortranarray(dist), np.asfortranarray(cost), 2, 3, out=None), expected)
    big = maxarray((80, 100), np.int32)
    view = big[::2, ::2]
    view[...] = dist
    got = dijkstra2d(view, cost, 2, 3, out=view)
    assert got is view
    np.testing.assert_array_equal(big[::2, ::2], expected)
    other = np.zeros(shape, np.int32)
    assert dijkstra2d(dist, cost, 2, 3, out=other) is other
    np.testing.assert_array_equal(other, expected)
    d2 = dist.copy()
    assert dijkstra2d(d2, cost, 2, 3, out=d2) is d2
    np.testing.assert_array_equal(d2, expected)
    # Lists are arrays too.
    np.testing.assert_array_equal(dijkstra2d(dist.tolist(), cost.tolist(), 2, 3, out=None), expected.astype(np.int64))


def test_missing_out_warns_and_writes_in_place(rng):
    cost = np.ones((5, 5), np.uint8)
    dist = maxarray((5, 5))
    dist[0, 0] = 0
    with pytest.warns(DeprecationWarning):
        got = dijkstra2d(dist, cost, 1)
    assert got is dist and dist[4, 4] == 8


def test_rescan_flee_map(rng):
    cost = cost_map((60, 60), rng, "unit")
    dist = sources((60, 60), np.int32, rng)
    a = dijkstra2d(dist, cost, 2, 3, out=None)
    b = tcod.path.dijkstra2d(dist, cost, 2, 3, out=None)
    reached = a != np.iinfo(np.int32).max
    a[reached] = a[reached] * -6 // 5
    b[reached] = b[reached] * -6 // 5
    np.testing.assert_array_equal(dijkstra2d(a, cost, 2, 3, out=a), tcod.path.dijkstra2d(b, cost, 2, 3, out=b))


@pytest.mark.parametrize("steps", [(True, False), (True, True), (False, True), (None, True)])
@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint16, np.int16])
def test_hillclimb_equals_tcod(steps, dtype, rng):
    for _ in range(4):
        shape = (30, 41)
        cost = cost_map(shape, rng, "u8")
        dist = dijkstra2d(sources(shape, dtype, rng), cost, 2, 3, out=None)
        for _ in range(8):
            start = (int(rng.integers(0, shape[0])), int(rng.integers(0, shape[1])))
            ours = hillclimb2d(dist, start, *steps)
            theirs = tcod.path.hillclimb2d(dist, start, *steps)
            np.testing.assert_array_equal(ours, theirs)
            assert ours.dtype == theirs.dtype and ours.shape[1] == 2


def test_errors():
    cost = np.ones((4, 4), np.uint8)
    dist = maxarray((4, 4))
    with pytest.raises(TypeError, match="dtype"):
        dijkstra2d(dist.astype(np.float32), cost, 1, out=None)
    with pytest.raises(TypeError, match="dtype"):
        dijkstra2d(dist, cost.astype(np.float64), 1, out=None)
    with pytest.raises(TypeError, match="same shape"):
        dijkstra2d(dist, np.ones((4, 5), np.uint8), 1, out=None)
    with pytest.raises(ValueError, match="broadcast"):
        dijkstra2d(dist, cost, 1, out=np.zeros((5, 4), np.int32))
    with pytest.raises(TypeError, match="same shape"):
        dijkstra2d(dist[:1], cost[:1], 1, out=np.zeros((4, 4), np.int32))
    with pytest.raises(ValueError, match="2D"):
        dijkstra2d(maxarray((2, 2, 2)), np.ones((2, 2, 2), np.uint8), 1, out=None)
    ro = maxarray((4, 4))
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        dijkstra2d(dist, cost, 1, out=ro)
    with pytest.raises(ValueError, match="read-only"):
        dijkstra2d(ro, cost, 1, out=ro)
    with pytest.raises(TypeError, match="edge_map"):
        dijkstra2d(dist, cost, 1, edge_map=[[0, 1, 0], [1, 0, 1], [0, 1, 0]], out=None)
    with pytest.raises(ValueError, match="2 dimensional"):
        dijkstra2d(dist, cost, edge_map=[1, 1, 1], out=None)
    for bad in (0.5, 1.9, np.float64(2), "1"):
        with pytest.raises(TypeError, match="integer"):
            dijkstra2d(dist, cost, bad, out=None)
        with pytest.raises(TypeError, match="integer"):
            dijkstra2d(dist, cost, 1, bad, out=None)
    with pytest.raises(OverflowError):
        dijkstra2d(dist, cost, 2**31, out=None)
    with pytest.raises(OverflowError):
        dijkstra2d(dist, cost, 1, -(2**31) - 1, out=None)
    with pytest.raises(TypeError, match="integer"):
        hillclimb2d(dist, (2.0, 1), True, False)
    with pytest.raises(IndexError, match="not in shape"):
        hillclimb2d(dist, (4, 0), True, False)
    with pytest.raises(IndexError, match="not in shape"):
        hillclimb2d(dist, (0, -1), True, False)
    with pytest.raises(TypeError, match="dtype"):
        hillclimb2d(dist.astype(np.float64), (0, 0), True, False)
    with pytest.raises(TypeError, match="edge_map"):
        hillclimb2d(dist, (0, 0), True, edge_map=[[1]])


def test_memory_ceiling_refuses_before_work():
    cost = np.ones((300, 300), np.uint8)
    dist = maxarray((300, 300))
    dist[0, 0] = 0
    old = mcrdun.set_memory_limit(1000)
    try:
        with pytest.raises(MemoryError):
            dijkstra2d(dist, cost, 1, out=dist)
        assert dist[0, 1] == np.iinfo(np.int32).max
        with pytest.raises(MemoryError):
            dijkstra2d(dist.astype(np.int64), cost, 1, out=None)
    finally:
        mcrdun.set_memory_limit(old)
    assert mcrdun.memory_limit() == old


def test_threads(rng):
    cost = cost_map((256, 256), rng, "u8")
    jobs = [sources((256, 256), np.int32, rng) for _ in range(8)]
    expected = [tcod.path.dijkstra2d(d, cost, 2, 3, out=None) for d in jobs]
    results = [None] * len(jobs)

    def work(i):
        for _ in range(3):
            results[i] = dijkstra2d(jobs[i], cost, 2, 3, out=None)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for got, want in zip(results, expected):
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("steps", [(-1, 1), (1, -1), (-5, -5), (np.int64(2), True), (True, np.uint8(3)), (1, 2**20)])
def test_multipliers_as_tcod_takes_them(steps, rng):
    """Negative multipliers turn a move off, numpy integers and bools are
    integers: as in tcod. (Sums past C's int wrap in tcod, which then
    loops on the negative distances: not compared; see the module doc.)"""
    cost = cost_map((20, 23), rng, "u8")
    dist = sources((20, 23), np.int32, rng)
    np.testing.assert_array_equal(
        dijkstra2d(dist, cost, *steps, out=None), tcod.path.dijkstra2d(dist, cost, *steps, out=None)
    )


def test_documented_differences_from_tcod():
    """The differences the module doc lists, as it states them."""
    from mcrdun import path as mpath

    assert "Differences from tcod" in mpath.__doc__
    # Sums past C's int saturate at 2**31 - 2 (reached).
    dist = maxarray((1, 3))
    dist[0, 0] = 0
    got = dijkstra2d(dist, np.ones((1, 3), np.uint8), 2**31 - 1, out=None)
    assert got.tolist() == [[0, 2**31 - 2, 2**31 - 2]]
    # An edge-map multiplier outside C's int is used as given (tcod: 1), so
    # the sum saturates.
    dist = maxarray((2, 1))
    dist[0, 0] = 0
    edge_map = [[0, 0, 0], [0, 0, 0], [0, 2**32 + 1, 0]]
    assert dijkstra2d(dist, np.ones((2, 1), np.uint8), edge_map=edge_map, out=None).tolist() == [[0], [2**31 - 2]]
    assert tcod.path.dijkstra2d(dist, np.ones((2, 1), np.uint8), edge_map=edge_map, out=None).tolist() == [[0], [1]]
    # The heap path (int64 costs) saturates as the fast path does.
    dist = maxarray((1, 3))
    dist[0, 0] = 0
    got = dijkstra2d(dist, np.full((1, 3), 2**20, np.int64), 2**12, out=None)
    assert got.tolist() == [[0, 2**31 - 2, 2**31 - 2]]
    # Maps that are not 2-D.
    for shape in ((5,), (3, 3, 3)):
        with pytest.raises(ValueError, match="2D"):
            dijkstra2d(maxarray(shape), np.ones(shape, np.uint8), 1, out=None)
        with pytest.raises(ValueError, match="2D"):
            hillclimb2d(maxarray(shape), (0, 0), True, True)
    # A read-only distance array, written in place.
    ro = maxarray((3, 3))
    ro[0, 0] = 0
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        dijkstra2d(ro, np.ones((3, 3), np.uint8), 1, out=ro)
