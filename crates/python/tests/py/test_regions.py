"""mcrdun.regions against scipy.ndimage: the same labels in the same
order, statistics, corridors, and every error path."""

import threading

import numpy as np
import pytest
import scipy.ndimage as ndi

import mcrdun
from mcrdun.regions import connect, label, stats

from conftest import dungeon

EIGHT = np.ones((3, 3), bool)


def masks(rng):
    for shape in [(1, 1), (1, 17), (17, 1), (2, 2), (5, 70), (64, 64), (33, 129), (0, 5)]:
        for p in (0.0, 0.3, 0.5, 0.6, 1.0):
            yield rng.random(shape) < p
    yield dungeon(128, rng).astype(bool)


def test_label_equals_scipy_4_and_8(rng):
    for m in masks(rng):
        for conn, structure in ((4, None), (8, EIGHT)):
            ours, n = label(m, conn)
            theirs, k = ndi.label(m, structure)
            assert n == k
            np.testing.assert_array_equal(ours, theirs)
            assert ours.dtype == np.int32 and ours.shape == m.shape


def test_structure_argument_and_output(rng):
    m = rng.random((40, 50)) < 0.5
    for structure in (EIGHT, ndi.generate_binary_structure(2, 1), ndi.generate_binary_structure(2, 2)):
        np.testing.assert_array_equal(label(m, structure)[0], ndi.label(m, structure)[0])
    out = np.zeros(m.shape, np.int32)
    assert label(m, output=out) == ndi.label(m)[1]
    np.testing.assert_array_equal(out, ndi.label(m)[0])


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int8, np.int32, np.uint64, np.float64])
def test_dtypes_and_layouts(dtype, rng):
    m = ((rng.random((37, 45)) < 0.55) * rng.integers(1, 4, (37, 45))).astype(dtype)
    expected = ndi.label(m)
    for view in (m, np.asfortranarray(m), m[::2, ::3], m.T, m[5:30, 7:40]):
        got, n = label(view)
        want, k = ndi.label(view)
        assert n == k
        np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(label(m.tolist())[0], expected[0])


def test_wrapping_joins_opposite_edges():
    m = np.zeros((5, 6), bool)
    m[2, 0] = m[2, 5] = True
    assert label(m)[1] == 2
    assert label(m, wrap=(True, False))[1] == 1
    assert label(m, wrap=(False, True))[1] == 2


def test_stats_equal_scipy(rng):
    for m in masks(rng):
        if m.size == 0:
            continue
        for conn, structure in ((4, None), (8, EIGHT)):
            s = stats(m, conn)
            labels, n = ndi.label(m, structure)
            assert s["count"] == n
            idx = np.arange(1, n + 1)
            np.testing.assert_array_equal(s["area"], ndi.sum(np.ones_like(labels), labels, idx).astype(np.int64))
            for k, sl in enumerate(ndi.find_objects(labels)):
                x, y, w, h = s["bounds"][k]
                assert (y, y + h, x, x + w) == (sl[0].start, sl[0].stop, sl[1].start, sl[1].stop)
            if n:
                com = np.array(ndi.center_of_mass(np.ones_like(labels), labels, idx))
                np.testing.assert_allclose(s["centroid"], com[:, ::-1], rtol=1e-9)


def test_connect_makes_one_region(rng):
    for _ in range(5):
        m = dungeon(96, rng, join=0.5)
        for conn in (4, 8):
            dug, corridors = connect(m, conn, keep_border=True)
            assert dug.dtype == np.uint8 and dug.shape == m.shape
            assert label(dug, conn)[1] == 1
            assert (dug[m != 0] == 1).all(), "floor stays floor"
            assert not dug[0].any() and not dug[-1].any() and not dug[:, 0].any() and not dug[:, -1].any()
            n = label(m, conn)[1]
            assert len(corridors) == n - 1
            for c in corridors:
                assert 1 <= c.from_region <= n and 1 <= c.to_region <= n
                xs, ys = c.cells[:, 0], c.cells[:, 1]
                assert (dug[ys, xs] == 1).all() and (m[ys, xs] == 0).all()
    b, _ = connect(np.array([[1, 0, 1]], bool))
    assert b.dtype == np.bool_ and b.tolist() == [[True, True, True]]


def test_errors():
    with pytest.raises(ValueError, match="1-D and 2-D"):
        label(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match="2D"):
        stats(np.zeros(5))
    with pytest.raises(ValueError, match="4 or 8"):
        label(np.zeros((2, 2)), 6)
    with pytest.raises(ValueError, match="structure"):
        label(np.zeros((2, 2)), np.ones((5, 5)))
    with pytest.raises(TypeError, match="dtype"):
        label(np.array([["a", "b"]]))
    with pytest.raises(ValueError, match="shape"):
        label(np.zeros((2, 2)), output=np.zeros((3, 2), np.int32))
    ro = np.zeros((2, 2), np.int32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        label(np.zeros((2, 2)), output=ro)
    # A float output holds labels, as in scipy.
    assert label(np.ones((2, 2)), output=np.zeros((2, 2), np.float32)) == 1
    with pytest.raises(ValueError, match="4 or 8"):
        connect(np.zeros((2, 2)), 5)


def test_memory_ceiling(rng):
    m = rng.random((500, 500)) < 0.5
    old = mcrdun.set_memory_limit(10_000)
    try:
        with pytest.raises(MemoryError):
            label(m)
        with pytest.raises(MemoryError):
            stats(m)
        with pytest.raises(MemoryError):
            connect(m)
    finally:
        mcrdun.set_memory_limit(old)
    assert label(m)[1] == ndi.label(m)[1]


def test_threads(rng):
    ms = [rng.random((300, 300)) < 0.55 for _ in range(8)]
    want = [ndi.label(m) for m in ms]
    got = [None] * len(ms)

    def work(i):
        for _ in range(3):
            got[i] = label(ms[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(ms))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for (a, n), (b, k) in zip(got, want):
        assert n == k
        np.testing.assert_array_equal(a, b)


def test_stats_array_checks_the_memory_limit():
    # A 20x20 checkerboard: 200 one-cell regions, whose (n, 7) uint64
    # array needs 200 * 56 = 11200 bytes, checked before it is built (the
    # labelling and the stats themselves need less than that).
    m = (np.indices((20, 20)).sum(axis=0) % 2).astype(np.uint8)
    need = 200 * 56
    old = mcrdun.set_memory_limit(need - 1)
    try:
        with pytest.raises(MemoryError, match="region stats array"):
            stats(m)
    finally:
        mcrdun.set_memory_limit(old)
    old = mcrdun.set_memory_limit(need)
    try:
        s = stats(m)
    finally:
        mcrdun.set_memory_limit(old)
    assert s["count"] == 200 and (s["area"] == 1).all()
