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


def label(
    mask: Any,
    connectivity: Any = 4,
    output: Optional[np.ndarray] = None,
    *,
    wrap: Tuple[bool, bool] = (False, False),
) -> Union[Tuple[np.ndarray, int], int]:
    """Labels the regions of ``mask`` (nonzero = floor).

    ``connectivity`` is 4 or 8, or a ``scipy.ndimage`` structure (the 3x3
    cross or ``np.ones((3, 3))``). ``wrap = (x, y)`` joins the map's
    opposite edges (a torus), which scipy cannot do.

    Returns ``(labels, count)``: ``labels`` is ``int32`` of the mask's shape,
    0 on walls and ``1..count`` on regions in raster order of each region's
    first cell. With ``output`` (a writable integer array of the same
    shape), the labels go there and only ``count`` is returned, as in scipy.

    Errors: ``ValueError`` for a mask that is not 2D or a bad
    connectivity, ``TypeError`` for a dtype that is not a number,
    ``MemoryError`` above :func:`mcrdun.memory_limit`.
    """
    c = _connectivity(connectivity)
    m = _mask(mask)
    labels, count = _mcrdun.label(m, c, bool(wrap[0]), bool(wrap[1]))
    if output is None:
        return labels, int(count)
    if not isinstance(output, np.ndarray):
        raise TypeError(f"output must be a numpy array, got {type(output).__name__}")
    if output.shape != labels.shape:
        raise ValueError(f"output has shape {output.shape}, the mask {labels.shape}")
    if not output.flags.writeable:
        raise ValueError("output is read-only")
    if output.dtype.kind not in "iu" or (count > np.iinfo(output.dtype).max):
        raise TypeError(f"output dtype {output.dtype} cannot hold {count} labels")
    output[...] = labels
    return int(count)


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
