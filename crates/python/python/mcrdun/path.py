"""Distance maps ("Dijkstra maps") and the paths that roll down them.

A drop-in for python-tcod's ``tcod.path.dijkstra2d`` and
``tcod.path.hillclimb2d``: the same signatures, defaults, dtypes and
results (and ``maxarray``)::

    from mcrdun.path import dijkstra2d, hillclimb2d, maxarray

An ``int32`` distance map over ``uint8``/``uint16``/``bool`` costs (or any
integer costs up to 65535) runs on mcrdun's distance engine, many times
faster than tcod's, and so does an ``edge_map`` that only lists the eight
neighbours (one multiplier for the four straight steps, one for the four
diagonal ones); other dtypes and edge maps run on a binary-heap Dijkstra in
Rust with tcod's results.

The engine's working memory (tens of megabytes for a 2048x2048 map) is
kept between calls for the next one, from any thread, up to
:func:`cache_limit` bytes in all (64 MiB unless :func:`set_cache_limit`
changes it; 0 keeps none). :func:`cache_size` tells what is kept now and
:func:`clear_cache` frees it.

Differences from tcod
---------------------

mcrdun follows tcod wherever tcod's behaviour is sane: the same maps and
paths, the same argument rules (``TypeError`` for a float multiplier or
start, ``OverflowError`` outside C's ``int``, a multiplier ``<= 0`` turning
a move off, numpy's ``ValueError`` for an ``out`` of another shape) and the
same exceptions. What remains, and why (each is tested):

- **Sums past C's int.** tcod adds in C ``int``: a distance that passes
  ``2**31 - 1`` overflows (undefined behaviour; in practice it wraps
  negative, and the search can then run without end on the negative
  values). mcrdun saturates: such a cell gets ``2**31 - 2``, so it reads
  as reached (``2**31 - 1`` is "unreached") and the call always ends.
- **Edge-map multipliers outside C's int.** tcod casts them to ``int``
  (``2**32 + 1`` becomes 1); mcrdun uses the value given (on its
  ``int64`` heap path), which is the map that was asked for: such a step
  passes C's int, so its cell saturates as above.
- **Maps that are not 2-D.** tcod's C code takes a 1-D map (nothing is
  reached) or a 3-D one (walked in a layout it does not document), and
  ``hillclimb2d`` returns a one-cell path on them; mcrdun raises
  ``ValueError``: these functions are for 2-D grids.
- **A read-only array.** tcod writes into a read-only ``distance`` (the
  flag is ignored by its C code); mcrdun raises ``ValueError`` (pass
  ``out=None`` for a new array).

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
from ._args import byte_count, c_int, integer

__all__ = [
    "cache_limit",
    "cache_size",
    "clear_cache",
    "dijkstra2d",
    "hillclimb2d",
    "maxarray",
    "set_cache_limit",
]



def cache_size() -> int:
    """The bytes of working memory that distance maps keep now between
    calls (all threads together), for the next call to reuse."""
    return _mcrdun.cache_size()


def clear_cache() -> int:
    """Frees the working memory that distance maps keep between calls and
    returns how many bytes it was (calls running now keep theirs until
    they end). The next call allocates again.

    >>> import numpy as np
    >>> from mcrdun.path import cache_size, clear_cache, dijkstra2d, maxarray
    >>> dist = maxarray((100, 100))
    >>> dist[0, 0] = 0
    >>> _ = dijkstra2d(dist, np.ones((100, 100), np.uint8), 2, 3, out=dist)
    >>> kept = cache_size()
    >>> kept > 0 and clear_cache() == kept and cache_size() == 0
    True
    """
    return _mcrdun.clear_cache()


def cache_limit() -> int:
    """The ceiling, in bytes, on the working memory that distance maps keep
    between calls, all threads together (64 MiB unless set): enough for
    any 2048x2048 map."""
    return _mcrdun.cache_limit()


def set_cache_limit(bytes: int) -> int:
    """Sets the ceiling on the working memory kept between calls and returns
    the previous one; what is kept above the new ceiling is freed now. A
    call whose working memory would pass it frees it when done; 0 keeps
    nothing (every call allocates its own)."""
    return _mcrdun.set_cache_limit(byte_count("the cache limit", bytes))

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
    """tcod's edge list from an edge map: every positive entry but the
    centre, as ``(di, dj, multiplier)`` in raster order, without those whose
    multiplier is 0 as an integer (tcod never takes a step whose weight is
    not positive)."""
    edge_map = np.array(edge_map, copy=True)
    if edge_map.ndim != 2:
        raise ValueError(f"edge_map must be 2 dimensional. (Got {edge_map.ndim})")
    centre = edge_map.shape[0] // 2, edge_map.shape[1] // 2
    edge_map[centre] = 0
    edge_map[edge_map < 0] = 0
    nz = edge_map.nonzero()
    edges = [(int(i) - centre[0], int(j) - centre[1], int(edge_map[i, j])) for i, j in zip(*nz)]
    return [e for e in edges if e[2] != 0]


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
    # One pass: negative costs to 0 (blocked), straight into the small dtype.
    small = np.empty(c.shape, np.uint8 if hi <= 0xFF else np.uint16)
    return np.clip(c, 0, max(hi, 0), out=small, casting="unsafe")


def _as_steps(edges: List[Tuple[int, int, int]]) -> Optional[Tuple[int, int]]:
    """``(cardinal, diagonal)`` when the edges are those steps exactly (the
    four straight neighbours at one multiplier or none of them, and the
    same for the four diagonal ones), else ``None``. tcod runs both forms
    through the same relaxation, so the maps are the same."""
    cardinal = {(di, dj): m for di, dj, m in edges if abs(di) + abs(dj) == 1}
    diagonal = {(di, dj): m for di, dj, m in edges if abs(di) == 1 and abs(dj) == 1}
    if len(cardinal) + len(diagonal) != len(edges):
        return None
    steps = []
    for kind in (cardinal, diagonal):
        values = set(kind.values())
        if len(kind) not in (0, 4) or len(values) > 1 or any(v > 0x7FFFFFFF for v in values):
            return None
        steps.append(values.pop() if values else 0)
    return steps[0], steps[1]


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
    ``diagonal`` multiply the cost of straight and diagonal steps (``None``,
    0 or a negative number turns that move off, as in tcod), or ``edge_map`` (an odd-sized 2D array centred
    on the cell) lists the steps and their multipliers.

    ``out`` is where the map is written and returned: the ``distance`` array
    itself for in-place work (the fastest), ``None`` for a new array. Leaving
    it out writes into ``distance`` with a ``DeprecationWarning``, as tcod
    does. Unreached cells keep the maximum.

    Errors, as tcod's: ``TypeError`` for a dtype tcod refuses, a multiplier
    that is not an integer (``0.5`` is never truncated), shapes that differ,
    or ``edge_map`` together with ``cardinal``/``diagonal``;
    ``OverflowError`` for a multiplier outside C's ``int``; ``ValueError``
    for an ``out`` that ``distance`` does not broadcast to, or a read-only
    one. Beyond tcod's: ``ValueError`` for a map that is not 2D;
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
    elif out is not dist:
        # As tcod: numpy's ValueError for a shape that `distance` does not
        # broadcast to, or for a read-only `out`.
        out[...] = dist
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy array or None, got {type(out).__name__}")
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
        edges = _cost_edges(edge_map)
        steps = _as_steps(edges)
        fast = _fast_cost(cost) if steps is not None and out.dtype == np.int32 else None
        if fast is None:
            _heap(out, cost, edges)
            return out
        cardinal, diagonal = steps
    else:
        # C ints, as tcod passes them; <= 0 turns the move off.
        cardinal = max(c_int("cardinal", 0 if cardinal is None else cardinal), 0)
        diagonal = max(c_int("diagonal", 0 if diagonal is None else diagonal), 0)
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
    x, y = integer("start", x), integer("start", y)
    _check_dtype(dist, "distance")
    if edge_map is not None:
        if cardinal is not None or diagonal is not None:
            raise TypeError("`edge_map` can not be set at the same time as `cardinal` or `diagonal`.")
        return _climb(_as_c_int(dist), (int(x), int(y)), _climb_edges(edge_map))
    # tcod compares the values as C ints (see _as_c_int).
    if dist.dtype != np.int32 or not dist.flags.c_contiguous:
        dist = np.ascontiguousarray(_as_c_int(dist), dtype=np.int32)
    return _mcrdun.descent(dist, x, y, bool(cardinal), bool(diagonal))


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
