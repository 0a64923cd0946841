"""Dungeon generation for roguelikes, in Rust, over numpy arrays.

Make a level::

    >>> import mcrdun
    >>> level = mcrdun.generate("bsp", 60, 30, seed=42)
    >>> level.tiles.shape, level.tiles.dtype.name
    ((30, 60), 'uint8')
    >>> int((level.tiles == mcrdun.Tile.STAIRS_UP).sum())
    1
    >>> len(level.to_ascii().splitlines())
    30

The submodules are drop-ins for what Python roguelikes use today:

- :mod:`mcrdun.bsp`: ``BSP``, with python-tcod's ``tcod.bsp.BSP`` API, a
  libtcod-exact mode, the leaf adjacency and the wall tiles between leaves;
- :mod:`mcrdun.path`: ``dijkstra2d`` and ``hillclimb2d`` with
  ``tcod.path``'s signatures, defaults, dtypes and results;
- :mod:`mcrdun.regions`: ``label`` (``scipy.ndimage.label``'s labels, in the
  same order), ``stats`` and ``connect``;
- :mod:`mcrdun.maze`: carved mazes, masks, the "42" pattern, solving,
  braiding, tiles and the 42 hex format;
- :mod:`mcrdun.vaults`: vault files (hand-made rooms) for
  ``generate(..., vaults=...)``, read and checked as the ``mcrdun`` command
  does;
- :mod:`mcrdun.things`: spawn tables for ``generate(..., things=...)``.

Levels are read-only (edit a copy of :attr:`Level.tiles`), pickle and
deep-copy.

Every call releases the GIL while Rust works. The working memory of one
call is capped process-wide (:func:`memory_limit`,
:func:`set_memory_limit`); a call above the cap raises ``MemoryError``
before any work.
"""

from __future__ import annotations

from . import _mcrdun
from ._level import Leg, Level, Lock, Marker, PlacedVault, Tile, Walkthrough, generate, level_kinds, level_options
from ._args import byte_count as _byte_count
from ._mcrdun import memory_limit
from . import bsp, maze, path, regions, things, vaults

__version__: str = _mcrdun.__version__


def set_memory_limit(bytes: int) -> int:
    """Sets the process-wide ceiling on one call's working memory to
    ``bytes`` and returns the previous ceiling. ``bytes`` is an integer in
    ``[0, 2**64)``: ``ValueError`` outside, ``TypeError`` for another type
    (the rule of :func:`mcrdun.path.set_cache_limit` too). A call whose
    working memory would pass the ceiling raises ``MemoryError`` before
    any work, naming this function.

    >>> old = set_memory_limit(1 << 20)
    >>> generate("bsp", 2000, 2000, seed=1)
    Traceback (most recent call last):
    ...
    MemoryError: a level of 2000x2000 is too large: ... (raise it with mcrdun.set_memory_limit(bytes))
    >>> set_memory_limit(old) == 1 << 20
    True
    """
    return _mcrdun.set_memory_limit(_byte_count("the memory limit", bytes))

__all__ = [
    "Leg",
    "Level",
    "Lock",
    "Marker",
    "PlacedVault",
    "Tile",
    "Walkthrough",
    "bsp",
    "generate",
    "level_kinds",
    "level_options",
    "maze",
    "memory_limit",
    "path",
    "regions",
    "set_memory_limit",
    "things",
    "vaults",
]
