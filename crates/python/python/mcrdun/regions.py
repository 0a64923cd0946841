"""Regions of a map: labels, statistics, and corridors that join them.

:func:`label` gives exactly ``scipy.ndimage.label``'s result for a 2D map
(the same labels in the same order: 0 for walls, ``1..n`` in raster order
of each region's first cell), so it is a drop-in::

    from mcrdun.regions import label
    labels, n = label(mask)                      # 4-connected, like scipy
    labels, n = label(mask, np.ones((3, 3)))     # scipy's 8-connected structure
    labels, n = label(mask, 8)                   # the same

>>> import numpy as np
>>> from mcrdun.regions import label, stats, connect
>>> mask = np.array([[1, 1, 0, 1],
...                  [0, 0, 0, 1],
...                  [1, 0, 1, 1]], dtype=bool)
>>> labels, n = label(mask)
>>> n
3
>>> labels
array([[1, 1, 0, 2],
       [0, 0, 0, 2],
       [3, 0, 2, 2]], dtype=int32)
>>> stats(mask)["area"].tolist()
[2, 4, 1]
>>> dug, corridors = connect(mask)
>>> label(dug)[1]
1
"""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _mcrdun

__all__ = ["Corridor", "connect", "label", "stats"]

_FOUR = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=bool)


def _connectivity(connectivity: Any) -> int:
    if connectivity is None:
        return 4
    if isinstance(connectivity, (int, np.integer)) and not isinstance(connectivity, bool):
        if connectivity in (4, 8):
            return int(connectivity)
        raise ValueError(f"connectivity must be 4 or 8, got {connectivity}")
    s = np.asarray(connectivity)
    if s.shape == (3, 3):
        if np.array_equal(s != 0, _FOUR):
            return 4
        if bool((s != 0).all()):
            return 8
    raise ValueError(
        "structure must be scipy's 4-connected cross or np.ones((3, 3)) for 8-connectivity "
        f"(or pass 4 or 8), got {s.tolist()!r}"
    )


def _mask(mask: Any, name: str = "mask") -> np.ndarray:
    """The mask as C-ordered ``uint8`` (nonzero = floor), copied only when
    it is not already one."""
    m = np.asarray(mask)
    if m.ndim != 2:
        raise ValueError(f"{name} must be a 2D array, got shape {m.shape}")
    if m.dtype.kind not in "biuf":
        raise TypeError(f"{name}: dtype {m.dtype} is not a number or bool")
    if m.dtype in (np.uint8, np.bool_) and m.flags.c_contiguous:
        return m.view(np.uint8)
    return np.ascontiguousarray(m != 0).view(np.uint8)


class StructureError(AssertionError, ValueError):
    """A structure that is not symmetric: scipy raises ``AssertionError``
    ("Structuring element is not symmetric"); this is both that and a
    ``ValueError``."""


def _pairs(structure: np.ndarray) -> Tuple[bool, bool, bool, bool]:
    """The neighbour pairs of a symmetric 3x3 structure: horizontal,
    vertical, diagonal (top left), anti-diagonal (top right); the centre is
    ignored, as scipy does."""
    s = structure
    if not np.array_equal(s, s[::-1, ::-1]):
        raise StructureError("Structuring element is not symmetric")
    return bool(s[1, 0]), bool(s[0, 1]), bool(s[0, 0]), bool(s[0, 2])


def _scan_axis(output: np.ndarray) -> int:
    """The axis scipy's labelling scans along for this output array
    (numpy's ``PyArray_IterAllButAxis``: the axis of smallest positive
    stride); the labels follow the first cells in that scan's order."""
    if output.ndim != 2:
        return output.ndim - 1
    s0, s1 = output.strides
    smallest = s0 if s0 != 0 else s1
    return 1 if 0 < s1 < smallest else 0


def _largest(dtype: np.dtype) -> float:
    """The largest label scipy's first pass writes into ``dtype`` without
    overflow (a bool output is written as bytes)."""
    if dtype == np.bool_:
        return 255
    if dtype.kind in "iu":
        return int(np.iinfo(dtype).max)
    if dtype.kind == "f":
        return 2 ** (np.finfo(dtype).nmant + 1)
    return float("inf")


def label(
    input: Any,
    structure: Any = None,
    output: Any = None,
    *,
    wrap: Tuple[bool, bool] = (False, False),
) -> Union[Tuple[np.ndarray, int], int]:
    """Labels the regions of ``input`` (nonzero = floor): ``scipy.ndimage.
    label``'s signature, defaults, results and errors for 1-D and 2-D
    input.

    ``structure`` is scipy's: ``None`` (the cross, 4-connected), or any
    symmetric 3x3 array (for 1-D input, of shape ``(3,)``): its nonzero
    entries but the centre say which neighbours join (``np.ones((3, 3))``
    is 8-connected). mcrdun also takes ``4`` and ``8``. ``wrap = (x, y)``
    joins the map's opposite edges (a torus, with the cross or
    ``np.ones((3, 3))`` only), which scipy cannot do.

    ``output`` as in scipy: ``None`` returns ``(labels, count)`` with
    ``int32`` labels; a dtype returns ``(labels, count)`` with labels of
    that dtype; an array of the input's shape receives the labels, and
    only ``count`` is returned. The labels are 0 on walls and ``1..count``
    on regions in the order of each region's first cell in a raster scan
    (scipy's scan: along the output's fastest axis, so an ``output`` in
    Fortran order numbers the regions column by column, as scipy does).

    Errors, as scipy's: ``TypeError`` for complex input,
    ``RuntimeError`` for a structure of another rank than the input or for
    labels that do not fit the output's dtype, ``ValueError`` for a
    structure that is not 3 wide on every axis or an output of another
    shape, :class:`StructureError` (an ``AssertionError``, as scipy's, and
    a ``ValueError``) for one that is not symmetric. Beyond scipy's:
    ``ValueError`` for input of 3 or more dimensions, a read-only
    ``output``, or ``wrap`` with another structure; ``TypeError`` for a
    dtype that is not a number; ``MemoryError`` above
    :func:`mcrdun.memory_limit`.
    """
    m = np.asarray(input)
    if np.iscomplexobj(m):
        raise TypeError("Complex type not supported")
    if m.dtype.kind not in "biuf":
        raise TypeError(f"input: dtype {m.dtype} is not a number or bool")
    if isinstance(structure, (int, np.integer)) and not isinstance(structure, (bool, np.bool_)) and m.ndim == 2:
        if structure not in (4, 8):
            raise ValueError(f"a connectivity is 4 or 8, got {structure}")
        s = _FOUR if structure == 4 else np.ones((3, 3), bool)
    else:
        if structure is None:
            s = np.zeros((3,) * m.ndim, bool)
            for axis in range(m.ndim):
                index = [1] * m.ndim
                for k in (0, 1, 2):
                    index[axis] = k
                    s[tuple(index)] = True
        else:
            s = np.asarray(structure, dtype=bool)
        if s.ndim != m.ndim:
            raise RuntimeError("structure and input must have equal rank")
        if any(n != 3 for n in s.shape):
            raise ValueError("structure dimensions must be equal to 3")
    need_64bits = m.size >= 2**31 - 2
    provided = isinstance(output, np.ndarray)
    if provided:
        if output.shape != m.shape:
            raise ValueError("output shape not correct")
        if not output.flags.writeable:
            raise ValueError("output is read-only")
        out = output
    else:
        # Allocated here (not written when the labels come as an int32
        # array already).
        out = np.empty(m.shape, np.intp if need_64bits else np.int32 if output is None else output)
    if m.ndim == 0 or m.size == 0:
        count = (1 if m != 0 else 0) if m.ndim == 0 else 0
        out[...] = count
        return count if provided else (out, count)
    if m.ndim > 2:
        raise ValueError(f"mcrdun labels 1-D and 2-D input, got shape {m.shape}")
    if m.ndim == 1:
        m, s = m.reshape(1, -1), np.array([[0, 0, 0], s, [0, 0, 0]], bool)
        plane = out.reshape(1, -1) if out.flags.c_contiguous or out.flags.f_contiguous else None
        if plane is None:
            plane = np.empty((1, m.shape[1]), out.dtype)
    else:
        plane = out
    h, v, d, a = _pairs(s)
    if wrap[0] or wrap[1]:
        if (h, v, d, a) not in ((True, True, False, False), (True, True, True, True)):
            raise ValueError("wrap joins edges with 4- or 8-connectivity only (the cross or np.ones((3, 3)))")
    axis = _scan_axis(plane)
    largest = _largest(plane.dtype)
    # scipy's first pass writes working labels (at most one a cell) in the
    # scan's order; when they overflow the dtype it labels again into
    # int32 in row order and casts.
    if m.size + 1 <= largest or _provisional(m, h, v, d, a, transposed=(axis == 0)) + 1 <= largest:
        labels, count = _labels(m, h, v, d, a, wrap, transposed=(axis == 0))
        if not provided and out.ndim == 2 and out.dtype == labels.dtype:
            # A new int32 array: the one Rust made (C order, as scipy's).
            return labels, int(count)
        _write(plane, labels)
    else:
        labels, count = _labels(m, h, v, d, a, wrap, transposed=False)
        plane[...] = labels
        if not np.all(plane == labels):
            raise RuntimeError("insufficient bit-depth in requested output type")
    if out.ndim == 1 and not np.shares_memory(plane, out):
        out[...] = plane[0]
    return int(count) if provided else (out, int(count))


def _write(plane: np.ndarray, labels: np.ndarray) -> None:
    if plane.dtype == np.bool_:
        plane.view(np.uint8)[...] = labels
    else:
        plane[...] = labels


def _labels(m: np.ndarray, h: bool, v: bool, d: bool, a: bool, wrap: Tuple[bool, bool], transposed: bool) -> Tuple[np.ndarray, int]:
    """int32 labels numbered in row order, or (``transposed``) in column
    order."""
    if transposed:
        labels, count = _labels(m.T, v, h, d, a, (wrap[1], wrap[0]), False)
        return labels.T, count
    if (h, v, d, a) == (True, True, False, False) or (h, v, d, a) == (True, True, True, True):
        labels, count = _mcrdun.label(_mask(m, "input"), 8 if d else 4, bool(wrap[0]), bool(wrap[1]))
    else:
        labels, count, _ = _mcrdun.label_structure(_mask(m, "input"), h, v, d, a)
    return labels, int(count)


def _provisional(m: np.ndarray, h: bool, v: bool, d: bool, a: bool, transposed: bool) -> int:
    """The working labels scipy's first pass makes (a cell starts one when
    no neighbour before it in the scan is floor)."""
    if transposed:
        return _provisional(m.T, v, h, d, a, False)
    return int(_mcrdun.label_structure(_mask(m, "input"), h, v, d, a)[2])


def stats(mask: Any, connectivity: Any = 4, *, wrap: Tuple[bool, bool] = (False, False)) -> Dict[str, Any]:
    """Statistics of each region of ``mask``, in label order (row ``k`` is
    label ``k + 1``): a dict with

    - ``count``: the number of regions;
    - ``area``: ``int64 (n,)`` cells;
    - ``bounds``: ``int32 (n, 4)`` bounding boxes ``x, y, w, h``;
    - ``centroid``: ``float64 (n, 2)`` mean ``x, y``.

    On a map that wraps, a region across an edge has the whole axis as its
    bounds.
    """
    c = _connectivity(connectivity)
    raw = _mcrdun.stats(_mask(mask), c, bool(wrap[0]), bool(wrap[1])).astype(np.int64)
    area = raw[:, 0]
    bounds = np.stack(
        [raw[:, 1], raw[:, 2], raw[:, 3] - raw[:, 1] + 1, raw[:, 4] - raw[:, 2] + 1], axis=1
    ).astype(np.int32)
    with np.errstate(invalid="ignore", divide="ignore"):
        centroid = raw[:, 5:7] / np.maximum(area, 1)[:, None]
    return {"count": int(len(raw)), "area": area, "bounds": bounds, "centroid": centroid}


class Corridor(NamedTuple):
    """One dug corridor: it joins region ``from_region`` to ``to_region``
    (labels of the map before digging) through ``cells``, an ``int32``
    array of ``(x, y)`` rows in walking order."""

    from_region: int
    to_region: int
    cells: np.ndarray


def connect(mask: Any, connectivity: int = 4, *, keep_border: bool = False) -> Tuple[np.ndarray, List[Corridor]]:
    """Digs the fewest, shortest corridors that make the floor of ``mask``
    one region (a minimum spanning tree of the regions by corridor length).

    Returns ``(dug, corridors)``: ``dug`` is a new mask of the same shape
    (``bool`` for a ``bool`` mask, else ``uint8`` with 1 for floor) and
    ``corridors`` the :class:`Corridor` list. With ``keep_border`` the
    outer ring of cells is never dug.
    """
    c = _connectivity(connectivity)
    src = np.asarray(mask)
    dug, cors = _mcrdun.connect(_mask(src), c, bool(keep_border))
    if src.dtype == np.bool_:
        dug = dug.view(np.bool_)
    return dug, [Corridor(int(a), int(b), cells) for a, b, cells in cors]
