"""mcrdun.regions.label against scipy.ndimage.label, argument form by
argument form, for 1-D and 2-D input: the same results (labels, count,
dtype, bytes written to a given output) or the same exception type."""

import itertools

import numpy as np
import pytest
import scipy.ndimage as ndi

from mcrdun.regions import StructureError, label


def raw(a):
    a = np.asarray(a)
    return a.view(np.uint8) if a.dtype == np.bool_ else a


def same(args, kwargs=None, output_factory=None):
    """Calls both with the same arguments (a fresh output array each when
    ``output_factory`` is given) and checks they agree."""
    kwargs = dict(kwargs or {})
    results = []
    for f in (ndi.label, label):
        kw = dict(kwargs)
        if output_factory is not None:
            kw["output"] = output_factory()
        try:
            r = f(*args, **kw)
        except Exception as e:  # noqa: BLE001 - compared below
            results.append(("error", type(e), kw.get("output")))
            continue
        results.append(("ok", r, kw.get("output")))
    (ks, rs, os_), (km, rm, om) = results
    if ks == "error":
        assert km == "error", f"scipy raised {rs.__name__}, mcrdun returned"
        assert issubclass(rm, rs), f"scipy raised {rs.__name__}, mcrdun {rm.__name__}"
        return
    assert km == "ok", f"mcrdun raised {rm.__name__}, scipy returned"
    if isinstance(rs, tuple):
        assert isinstance(rm, tuple) and len(rm) == 2
        assert rm[0].dtype == rs[0].dtype and rm[0].shape == rs[0].shape
        np.testing.assert_array_equal(raw(rm[0]), raw(rs[0]))
        assert rm[1] == rs[1] and isinstance(rm[1], int)
    else:
        assert not isinstance(rm, tuple) and rm == rs
        np.testing.assert_array_equal(raw(om), raw(os_))
    return rs


def symmetric_structures():
    """Every symmetric 3x3 structure: the four neighbour pairs on or off,
    and the centre either way (scipy ignores it)."""
    for h, v, d, a, c in itertools.product((0, 1), repeat=5):
        s = np.zeros((3, 3), np.uint8)
        s[1, 0] = s[1, 2] = h
        s[0, 1] = s[2, 1] = v
        s[0, 0] = s[2, 2] = d
        s[0, 2] = s[2, 0] = a
        s[1, 1] = c
        yield s


def maps(rng):
    yield np.zeros((5, 6), np.uint8)
    yield np.ones((4, 3), bool)
    yield np.array([[1]], np.uint8)
    yield (rng.random((1, 17)) < 0.5)
    yield (rng.random((13, 1)) < 0.5).astype(np.int16)
    for p in (0.3, 0.5, 0.7):
        yield (rng.random((23, 31)) < p)
    yield rng.integers(-2, 3, (19, 21)).astype(np.int64)
    f = rng.random((17, 15))
    f[f < 0.4] = 0.0
    f[0, 0] = np.nan  # nonzero: floor
    yield f
    yield np.asfortranarray(rng.random((20, 25)) < 0.5)
    yield (rng.random((40, 60)) < 0.5)[::2, ::3]


def test_every_structure_on_every_map(rng):
    for m in maps(rng):
        same((m,))
        same((m, None))
        for s in symmetric_structures():
            same((m, s))
            same((m,), {"structure": s.astype(float) * 0.5})
        same((m.tolist(),), {"structure": np.ones((3, 3)).tolist()})


def test_keywords_and_output_forms(rng):
    m = rng.random((30, 40)) < 0.55
    eight = np.ones((3, 3), int)
    same((), {"input": m})
    same((), {"input": m, "structure": eight})
    for dtype in (np.int64, np.uint16, np.int16, np.float64, np.float32, np.uint64, np.intp, "int32", "uint32"):
        same((m, eight), {"output": dtype})
        for order in "CF":
            same((m, eight), output_factory=lambda: np.zeros(m.shape, dtype, order))
            same((m,), output_factory=lambda: np.full(m.shape, 7, dtype, order))
    # A strided output and the input itself as the output.
    same((m,), output_factory=lambda: np.zeros((60, 80), np.int32)[::2, ::2])
    same((m,), output_factory=lambda: np.zeros((40, 30), np.int32).T)
    a, b = m.astype(np.int32), m.astype(np.int32)
    assert ndi.label(a, output=a) == label(b, output=b)
    np.testing.assert_array_equal(a, b)


def test_small_output_dtypes_as_scipy(rng):
    """uint8, int8 and bool outputs: scipy's first pass overflows on its
    working labels, labels again in row order and refuses labels that do
    not fit; mcrdun gives the same bytes or the same RuntimeError."""
    few = rng.random((12, 12)) < 0.5
    many = np.zeros((40, 40), bool)
    many[::2, ::2] = True  # 400 regions
    comb = np.zeros((30, 300), bool)
    comb[:, ::2] = True
    comb[0, :] = True  # 1 region; a column scan starts 150 labels, a row scan 1
    comb2 = np.vstack([comb] * 2)
    comb2[30] = False  # 2 regions
    # 70 copies of a region that a row scan starts once and a column scan
    # (a Fortran-ordered output) four times, 8-connected: 71 working labels
    # by rows, 281 by columns: scipy's column pass overflows uint8 and it
    # labels again by rows.
    x = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [0, 1, 0, 1, 1], [1, 0, 0, 0, 1], [1, 1, 0, 1, 1]], bool)
    tiles = np.tile(np.pad(x, ((0, 1), (0, 1))), (7, 10))
    for m in (few, many, comb, comb2, comb2.T, tiles, tiles.T):
        for dtype in (np.uint8, np.int8, np.bool_, np.uint16):
            same((m,), {"output": dtype})
            for order in "CF":
                same((m,), output_factory=lambda: np.zeros(m.shape, dtype, order))
                same((m, np.ones((3, 3))), output_factory=lambda: np.zeros(m.shape, dtype, order))


def test_one_dimensional_zero_dimensional_and_empty(rng):
    line = rng.random(50) < 0.5
    same((line,))
    for s in ([0, 1, 0], [1, 1, 1], [1, 0, 1], [0, 0, 0]):
        same((line, s))
    same((line,), {"output": np.uint8})
    same((line,), output_factory=lambda: np.zeros(50, np.int64))
    same((line,), output_factory=lambda: np.zeros(100, np.int64)[::2])
    for m in (np.array(3), np.array(0), np.zeros((0, 5)), np.zeros((4, 0), bool), np.zeros(0)):
        same((m,))
        same((m,), output_factory=lambda: np.zeros(m.shape, np.int16))


def test_invalid_arguments_raise_scipys_errors(rng):
    m = rng.random((10, 12)) < 0.5
    for s in (np.ones(3), np.ones((3, 3, 3)), np.ones((2, 2)), np.ones((3, 4)), np.ones((5, 5)), [[1, 1], [1, 1]]):
        same((m, s))
    asymmetric = np.array([[1, 0, 0], [1, 1, 0], [0, 0, 0]])
    same((m, asymmetric))
    with pytest.raises(AssertionError, match="not symmetric"):
        label(m, asymmetric)
    with pytest.raises(StructureError):
        label(m, asymmetric)
    with pytest.raises(ValueError):
        label(m, asymmetric)
    same((m.astype(complex),))
    same((m,), output_factory=lambda: np.zeros((10, 13), np.int32))
    same((m,), {"output": "no such dtype"})
    many = np.zeros((40, 40), bool)
    many[::2, ::2] = True
    same((many,), {"output": np.uint8})
    with pytest.raises(RuntimeError, match="insufficient bit-depth"):
        label(many, output=np.uint8)


def test_mcrdun_extensions():
    """Beyond scipy (documented in the module): 4 and 8 as structures,
    wrap, and errors scipy does not give."""
    m = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]], bool)
    assert label(m, 4)[1] == 5 and label(m, 8)[1] == 1
    np.testing.assert_array_equal(label(m, 8)[0], ndi.label(m, np.ones((3, 3)))[0])
    with pytest.raises(ValueError, match="4 or 8"):
        label(m, 6)
    edge = np.array([[1, 0, 0, 1]], bool)
    assert label(edge)[1] == 2 and label(edge, wrap=(True, False))[1] == 1
    with pytest.raises(ValueError, match="wrap"):
        label(edge, [[0, 0, 0], [1, 1, 1], [0, 0, 0]], wrap=(True, False))
    ro = np.zeros((3, 3), np.int32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        label(m, output=ro)
    with pytest.raises(ValueError, match="1-D and 2-D"):
        label(np.ones((2, 2, 2)), np.ones((3, 3, 3)))
    with pytest.raises(TypeError):
        label(np.array([["a"]]))
