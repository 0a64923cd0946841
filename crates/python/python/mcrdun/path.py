"""Distance maps ("Dijkstra maps") and the paths that roll down them.

A drop-in for python-tcod's ``tcod.path.dijkstra2d`` and
``tcod.path.hillclimb2d``: the same signatures, defaults, dtypes and
results (and ``maxarray``)::

    from mcrdun.path import dijkstra2d, hillclimb2d, maxarray

An ``int32`` distance map over ``uint8``/``uint16``/``bool`` costs (or any
integer costs up to 65535) runs on mcrdun's distance engine, 10x or more
faster than tcod's; other dtypes and ``edge_map`` run on a binary-heap
Dijkstra in Rust with tcod's results.

>>> import numpy as np
>>> from mcrdun.path import dijkstra2d, hillclimb2d, maxarray
>>> cost = np.array([[1, 0, 1], [1, 0, 1], [1, 1, 1]], dtype=np.uint8)
>>> dist = maxarray((3, 3), dtype=np.int32)
>>> dist[0, 0] = 0
>>> dijkstra2d(dist, cost, 2, 3, out=dist)
array([[         0, 2147483647,         10],
       [         2, 2147483647,          8],
       [         4,          5,          7]], dtype=int32)
>>> hillclimb2d(dist, (2, 2), True, True).tolist()
[[2, 2], [2, 1], [1, 0], [0, 0]]
"""

from __future__ import annotations

import warnings
from typing import Any, List, Optional, Tuple

import numpy as np

from . import _mcrdun

__all__ = ["dijkstra2d", "hillclimb2d", "maxarray"]

_INT_TYPES = (
    np.bool_,
    np.int8,
    np.int16,
    np.int32,
    np.intc,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
)



def maxarray(shape: Tuple[int, ...], dtype: Any = np.int32, order: str = "C") -> np.ndarray:
    """A new array filled with the largest value of ``dtype``: a distance
    map with no source yet (same as tcod's and
    ``np.full(shape, np.iinfo(dtype).max, dtype, order)``)."""
    return np.full(shape, np.iinfo(dtype).max, dtype, order)


def _check_dtype(array: np.ndarray, name: str) -> None:
    if array.dtype.type not in _INT_TYPES:
        raise TypeError(
            f"{name}: dtype was {array.dtype.type}, but must be one of {tuple(t for t in _INT_TYPES)}."
        )


def _check_2d(array: np.ndarray, name: str) -> None:
    if array.ndim != 2:
        raise ValueError(f"{name} must be a 2D array, got shape {array.shape}")


def _step_edges(cardinal: int, diagonal: int) -> List[Tuple[int, int, int]]:
    edges = []
    if cardinal:
        edges += [(-1, 0, cardinal), (1, 0, cardinal), (0, -1, cardinal), (0, 1, cardinal)]
    if diagonal:
        edges += [(-1, -1, diagonal), (-1, 1, diagonal), (1, -1, diagonal), (1, 1, diagonal)]
    return edges


def _cost_edges(edge_map: Any) -> List[Tuple[int, int, int]]:
    """tcod's edge list from an edge map: every nonzero, positive entry but
    the centre, as ``(di, dj, multiplier)`` in raster order."""
    edge_map = np.array(edge_map, copy=True)
    if edge_map.ndim != 2:
        raise ValueError(f"edge_map must be 2 dimensional. (Got {edge_map.ndim})")
    centre = edge_map.shape[0] // 2, edge_map.shape[1] // 2
    edge_map[centre] = 0
    edge_map[edge_map < 0] = 0
    nz = edge_map.nonzero()
    return [(int(i) - centre[0], int(j) - centre[1], int(edge_map[i, j])) for i, j in zip(*nz)]


def _as_c_int(array: np.ndarray) -> np.ndarray:
    """The values as C's ``int`` reads them: tcod reads every cell of either
    array through an ``(int)`` cast, so 64-bit and ``uint32`` values wrap
    (``np.iinfo(np.int64).max`` reads as -1)."""
    if array.dtype == np.int32 or array.dtype.itemsize < 4:
        return array
    return array.astype(np.int32)


def _fast_cost(cost: np.ndarray) -> Optional[np.ndarray]:
    """The costs as a C-ordered ``uint8``/``uint16`` array (``<= 0``
    impassable) when they fit, else ``None``."""
    if cost.dtype in (np.uint8, np.uint16):
        return np.ascontiguousarray(cost)
    if cost.dtype == np.bool_:
        return np.ascontiguousarray(cost).view(np.uint8)
    c = _as_c_int(cost)
    if c.size == 0:
        return np.zeros(c.shape, np.uint8)
    hi = int(c.max())
    if hi > 0xFFFF:
        return None
    small = np.clip(c, 0, None) if c.dtype.kind == "i" else c
    return np.ascontiguousarray(small, dtype=np.uint8 if hi <= 0xFF else np.uint16)


def _heap(out: np.ndarray, cost: np.ndarray, edges: List[Tuple[int, int, int]]) -> None:
    """tcod's rules over any dtype, by the heap Dijkstra: the cells below
    the dtype's maximum are the sources; values are compared as C ``int``s
    (see :func:`_as_c_int`), and a cell is written only when a walk
    improves it, with C's cast back to the array's dtype."""
    top = True if out.dtype == np.bool_ else np.iinfo(out.dtype).max
    source = np.ascontiguousarray(out != top).view(np.uint8)
    before = _as_c_int(out).astype(np.int64)
    work = before.copy()
    c = _as_c_int(cost).astype(np.int64)
    _mcrdun.dijkstra_edges(work, source, np.ascontiguousarray(c), edges)
    changed = work != before
    out[changed] = work[changed].astype(out.dtype)


def dijkstra2d(
    distance: Any,
    cost: Any,
    cardinal: Optional[int] = None,
    diagonal: Optional[int] = None,
    *,
    edge_map: Any = None,
    out: Any = ...,
) -> np.ndarray:
    """The distance of every cell to its nearest source, as tcod computes it.

    ``distance`` holds the sources: any value but the dtype's maximum (see
    :func:`maxarray`) starts a walk with that value. ``cost`` gives each cell
    the price of entering it; ``<= 0`` blocks it. ``cardinal`` and
    ``diagonal`` multiply the cost of straight and diagonal steps (``None``
    or 0 turns that move off), or ``edge_map`` (an odd-sized 2D array centred
    on the cell) lists the steps and their multipliers.

    ``out`` is where the map is written and returned: the ``distance`` array
    itself for in-place work (the fastest), ``None`` for a new array. Leaving
    it out writes into ``distance`` with a ``DeprecationWarning``, as tcod
    does. Unreached cells keep the maximum.

    Errors: ``TypeError`` for a dtype tcod refuses, shapes that differ, or
    ``edge_map`` together with ``cardinal``/``diagonal``; ``ValueError`` for
    a map that is not 2D, a read-only ``out`` or a negative multiplier;
    ``MemoryError`` above :func:`mcrdun.memory_limit`.
    """
    dist = np.asarray(distance)
    if out is ...:
        out = dist
        warnings.warn(
            "No `out` parameter was given. "
            "Currently this modifies the distance array in-place, but this "
            "will change in the future to return a copy instead. "
            "To ensure the existing behavior is kept you must add an `out` "
            "parameter with the same array as the `distance` parameter.",
            DeprecationWarning,
            stacklevel=2,
        )
    elif out is None:
        out = np.array(distance, copy=True)
    else:
        if not isinstance(out, np.ndarray):
            raise TypeError(f"out must be a numpy array or None, got {type(out).__name__}")
        if not out.flags.writeable:
            raise ValueError("out is read-only: pass a writable array, or out=None for a new one")
        if dist.shape != out.shape:
            raise TypeError(f"distance and output must have the same shape {dist.shape!r} != {out.shape!r}")
        if out is not dist:
            out[...] = dist
    if not out.flags.writeable:
        raise ValueError("distance is read-only and would be written in place: pass out=None")
    if dist.shape != out.shape:
        raise TypeError(f"distance and output must have the same shape {dist.shape!r} != {out.shape!r}")
    cost = np.asarray(cost)
    if dist.shape != cost.shape:
        raise TypeError(f"output and cost must have the same shape {out.shape!r} != {cost.shape!r}")
    _check_dtype(out, "distance")
    _check_dtype(cost, "cost")
    _check_2d(out, "distance")
    if edge_map is not None:
        if cardinal is not None or diagonal is not None:
            raise TypeError("`edge_map` can not be set at the same time as `cardinal` or `diagonal`.")
        _heap(out, cost, _cost_edges(edge_map))
        return out
    cardinal = int(cardinal or 0)
    diagonal = int(diagonal or 0)
    if cardinal < 0 or diagonal < 0:
        raise ValueError(f"cardinal and diagonal must be >= 0, got {cardinal} and {diagonal}")
    fast = _fast_cost(cost) if out.dtype == np.int32 and max(cardinal, diagonal) <= 0xFFFFFFFF else None
    if fast is None:
        _heap(out, cost, _step_edges(cardinal, diagonal))
        return out
    work = out if out.flags.c_contiguous else np.ascontiguousarray(out)
    if fast.dtype == np.uint8:
        _mcrdun.dijkstra_u8(work, fast, cardinal, diagonal)
    else:
        _mcrdun.dijkstra_u16(work, fast, cardinal, diagonal)
    if work is not out:
        out[...] = work
    return out


def _climb_edges(edge_map: Any) -> List[Tuple[int, int]]:
    edge_map = np.array(edge_map, copy=True)
    if edge_map.ndim != 2:
        raise ValueError(f"edge_map must be 2 dimensional. (Got {edge_map.ndim})")
    centre = edge_map.shape[0] // 2, edge_map.shape[1] // 2
    edge_map[centre] = 0
    return [(int(i) - centre[0], int(j) - centre[1]) for i, j in zip(*edge_map.nonzero())]


def hillclimb2d(
    distance: Any,
    start: Tuple[int, int],
    cardinal: Optional[bool] = None,
    diagonal: Optional[bool] = None,
    *,
    edge_map: Any = None,
) -> np.ndarray:
    """The path from ``start`` down a distance map, as tcod's
    ``hillclimb2d``: each step goes to the lowest neighbour strictly below
    the current cell (neighbours by ``cardinal``/``diagonal``, or the
    nonzero entries of ``edge_map``), until none is lower.

    Returns an ``intc`` array of shape ``(length, 2)``: the ``(i, j)``
    indices of the path, ``start`` first. ``IndexError`` for a ``start``
    outside the map, ``TypeError`` for a dtype tcod refuses.
    """
    x, y = start
    dist = np.asarray(distance)
    _check_2d(dist, "distance")
    if not (0 <= x < dist.shape[0] and 0 <= y < dist.shape[1]):
        raise IndexError(f"Starting point {start!r} not in shape {dist.shape!r}")
    _check_dtype(dist, "distance")
    if edge_map is not None:
        if cardinal is not None or diagonal is not None:
            raise TypeError("`edge_map` can not be set at the same time as `cardinal` or `diagonal`.")
        return _climb(_as_c_int(dist), (int(x), int(y)), _climb_edges(edge_map))
    # tcod compares the values as C ints (see _as_c_int).
    values = np.ascontiguousarray(_as_c_int(dist), dtype=np.int32)
    path = _mcrdun.descent(values, int(x), int(y), bool(cardinal), bool(diagonal))
    return np.array(path, dtype=np.intc).reshape(-1, 2)


def _climb(dist: np.ndarray, start: Tuple[int, int], edges: List[Tuple[int, int]]) -> np.ndarray:
    h, w = dist.shape
    i, j = start
    path = [(i, j)]
    while True:
        best = dist[i, j]
        nxt = None
        for di, dj in edges:
            ni, nj = i + di, j + dj
            if 0 <= ni < h and 0 <= nj < w and dist[ni, nj] < best:
                best = dist[ni, nj]
                nxt = (ni, nj)
        if nxt is None:
            return np.array(path, dtype=np.intc).reshape(-1, 2)
        i, j = nxt
        path.append(nxt)
