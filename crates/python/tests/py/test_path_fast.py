"""The fast path of mcrdun.path: the working memory kept between calls
(cache_size, clear_cache, cache_limit, set_cache_limit), under threads and
limits, and edge maps that run on the distance engine; every map equal to
tcod's."""

import threading

import numpy as np

import mcrdun
import pytest
import tcod.path

from mcrdun import path
from mcrdun.path import dijkstra2d, maxarray

from conftest import dungeon


def case(n, rng, costs="u8"):
    if costs == "u8":
        cost = ((rng.random((n, n)) < 0.75) * rng.integers(1, 10, (n, n))).astype(np.uint8)
    else:
        cost = dungeon(n, rng)
    dist = maxarray((n, n))
    for _ in range(3):
        dist[rng.integers(0, n), rng.integers(0, n)] = rng.integers(0, 5)
    return dist, cost


@pytest.fixture
def limit():
    """Restores the cache limit a test changes."""
    old = path.cache_limit()
    yield old
    path.set_cache_limit(old)


def test_a_call_keeps_its_memory_and_clear_cache_frees_it(rng, limit):
    assert limit == 64 << 20
    dist, cost = case(200, rng)
    path.clear_cache()
    assert path.cache_size() == 0
    want = tcod.path.dijkstra2d(dist, cost, 2, 3, out=None)
    np.testing.assert_array_equal(dijkstra2d(dist, cost, 2, 3, out=None), want)
    kept = path.cache_size()
    assert 0 < kept <= limit
    # The next call reuses it: nothing more is kept, the map is the same.
    np.testing.assert_array_equal(dijkstra2d(dist, cost, 2, 3, out=None), want)
    assert path.cache_size() == kept
    assert path.clear_cache() == kept
    assert path.cache_size() == 0
    assert path.clear_cache() == 0


def test_the_limit_bounds_what_is_kept(rng, limit):
    dist, cost = case(300, rng)
    want = tcod.path.dijkstra2d(dist, cost, 1, 1, out=None)
    np.testing.assert_array_equal(dijkstra2d(dist, cost, 1, 1, out=None), want)
    kept = path.cache_size()
    assert kept > 0
    # A lower limit frees what is above it at once, and keeps it so.
    assert path.set_cache_limit(kept - 1) == limit
    assert path.cache_size() == 0
    np.testing.assert_array_equal(dijkstra2d(dist, cost, 1, 1, out=None), want)
    assert path.cache_size() == 0
    # Small maps fit under it.
    small, small_cost = case(20, rng)
    np.testing.assert_array_equal(
        dijkstra2d(small, small_cost, 1, 1, out=None), tcod.path.dijkstra2d(small, small_cost, 1, 1, out=None)
    )
    assert 0 < path.cache_size() < kept
    # 0 keeps nothing.
    path.set_cache_limit(0)
    assert path.cache_size() == 0
    np.testing.assert_array_equal(dijkstra2d(dist, cost, 1, 1, out=None), want)
    assert path.cache_size() == 0
    assert path.cache_limit() == 0


@pytest.mark.parametrize("cap", [None, 0, 200_000])
def test_threads_share_the_cache_safely(rng, limit, cap):
    if cap is not None:
        path.set_cache_limit(cap)
    jobs = [case(n, rng, costs) for n in (48, 160, 96, 256) for costs in ("u8", "dungeon")]
    steps = [(1, 0), (1, 1), (2, 3)]
    want = [[tcod.path.dijkstra2d(d, c, *s, out=None) for s in steps] for d, c in jobs]
    got = [[None] * len(steps) for _ in jobs]
    errors = []

    def work(i):
        try:
            for _ in range(3):
                for k, s in enumerate(steps):
                    got[i][k] = dijkstra2d(jobs[i][0], jobs[i][1], *s, out=None)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for g, w in zip(got, want):
        for a, b in zip(g, w):
            np.testing.assert_array_equal(a, b)
    assert path.cache_size() <= path.cache_limit()


EIGHT = [[3, 2, 3], [2, 0, 2], [3, 2, 3]]
STEP_MAPS = [
    EIGHT,
    [[0, 1, 0], [1, 0, 1], [0, 1, 0]],
    [[1, 0, 1], [0, 0, 0], [1, 0, 1]],
    [[1, 1, 1], [1, 9, 1], [1, 1, 1]],  # the centre never counts
    [[-4, 5, -1], [5, 0, 5], [-2, 5, 0]],  # negative entries are no edge
    [[0] * 5, [0, 2, 2, 2, 0], [0, 2, 0, 2, 0], [0, 2, 2, 2, 0], [0] * 5],
    np.array(EIGHT, np.uint8),
    [[True, True, True], [True, False, True], [True, True, True]],
    [[0.5, 1.5, 0.5], [1.5, 0, 1.5], [0.5, 1.5, 0.5]],  # as C ints: 0 and 1
]
HEAP_MAPS = [
    [[3, 2, 3], [2, 0, 2], [3, 2, 4]],  # one diagonal differs
    [[0, 1, 0], [1, 0, 1], [0, 0, 0]],  # three straight steps
    [[0, 0, 1, 0, 0], [0, 1, 1, 1, 0], [1, 1, 0, 1, 1], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0]],
]


@pytest.mark.parametrize("edge_map", STEP_MAPS + HEAP_MAPS)
def test_edge_maps_equal_tcod(edge_map, rng):
    for n, costs in ((1, "u8"), (9, "u8"), (64, "u8"), (64, "dungeon")):
        dist, cost = case(n, rng, costs)
        for c in (cost, cost.astype(np.int64), cost.astype(np.uint16)):
            ours = dijkstra2d(dist, c, edge_map=edge_map, out=None)
            theirs = tcod.path.dijkstra2d(dist, c, edge_map=edge_map, out=None)
            np.testing.assert_array_equal(ours, theirs)
            assert ours.dtype == theirs.dtype


@pytest.mark.parametrize("edge_map", STEP_MAPS)
def test_step_edge_maps_run_on_the_engine(edge_map, rng, limit):
    # Only the engine keeps working memory: a call that leaves some behind
    # ran there, not on the heap Dijkstra.
    dist, cost = case(64, rng)
    path.clear_cache()
    dijkstra2d(dist, cost, edge_map=edge_map, out=None)
    assert path.cache_size() > 0


@pytest.mark.parametrize("edge_map", HEAP_MAPS)
def test_other_edge_maps_run_on_the_heap(edge_map, rng, limit):
    dist, cost = case(64, rng)
    path.clear_cache()
    dijkstra2d(dist, cost, edge_map=edge_map, out=None)
    assert path.cache_size() == 0


def test_cost_conversions_in_one_pass_equal_tcod(rng):
    n = 40
    dist, _ = case(n, rng)
    for dtype, lo, hi in ((np.int32, -5, 200), (np.int64, -3, 3000), (np.int16, -9, 9), (np.uint32, 0, 70000)):
        cost = rng.integers(lo, hi, (n, n)).astype(dtype)
        for steps in ((1, 0), (2, 3)):
            np.testing.assert_array_equal(
                dijkstra2d(dist, cost, *steps, out=None), tcod.path.dijkstra2d(dist, cost, *steps, out=None)
            )


def test_cache_limit_errors(limit):
    """One rule for both limits: an integer in [0, 2**64), ValueError
    outside, TypeError for another type; nothing changes on error."""
    for setter, getter in ((path.set_cache_limit, path.cache_limit), (mcrdun.set_memory_limit, mcrdun.memory_limit)):
        before = getter()
        for bad in (-1, 2**64):
            with pytest.raises(ValueError, match=r"number of bytes in \[0, 2\*\*64\)"):
                setter(bad)
        for bad in (1.5, "1", None):
            with pytest.raises(TypeError):
                setter(bad)
        assert getter() == before
    assert path.cache_limit() == limit
