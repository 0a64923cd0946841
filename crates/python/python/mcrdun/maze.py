"""Mazes: carved with any of eleven algorithms, on masked grids (the "42"
pattern among them), solved, braided, drawn as tiles, and read and written
in the 42 hex format.

A :class:`Maze` is a grid of cells, each with four walls (bits north 1,
east 2, south 4, west 8, set = closed); blocked cells keep every wall.

>>> from mcrdun.maze import Maze
>>> maze = Maze(20, 15)
>>> maze.block_pattern42()
1
>>> maze.carve("backtracker", seed=7)
>>> maze.is_perfect, maze.passages == maze.open_cells - 1
(True, True)
>>> path = maze.solve((0, 0), (19, 14))
>>> set(path) <= set("NESW")
True
>>> text = maze.to_hex((0, 0), (19, 14))
>>> again, entry, exit = Maze.from_hex(text)
>>> bool((again.walls == maze.walls).all()), entry, exit
(True, (0, 0), (19, 14))
>>> maze.tiles().shape
(31, 41)
"""

from __future__ import annotations

import secrets
from typing import Any, List, Optional, Tuple, Union

import numpy as np

from . import _mcrdun

__all__ = ["ALGORITHMS", "Maze", "pattern42"]

#: The carving algorithms, in number order (a name or its number selects one).
ALGORITHMS: Tuple[str, ...] = tuple(_mcrdun.maze_algorithms())


def _algorithm(algorithm: Union[str, int]) -> int:
    if isinstance(algorithm, str):
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown maze algorithm {algorithm!r}; the algorithms are {', '.join(ALGORITHMS)}")
        return ALGORITHMS.index(algorithm)
    if isinstance(algorithm, bool) or not isinstance(algorithm, (int, np.integer)):
        raise TypeError(f"algorithm must be a name or a number, got {type(algorithm).__name__}")
    if not 0 <= algorithm < len(ALGORITHMS):
        raise ValueError(f"algorithm number must be in [0, {len(ALGORITHMS) - 1}], got {algorithm}")
    return int(algorithm)


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    return int(seed)


def _bool_mask(mask: Any) -> np.ndarray:
    m = np.asarray(mask)
    if m.ndim != 2:
        raise ValueError(f"mask must be a 2D array, got shape {m.shape}")
    if m.dtype.kind not in "biu":
        raise TypeError(f"mask: dtype {m.dtype} is not bool or integer")
    return np.ascontiguousarray(m != 0)


def pattern42(width: int, height: int, scale: int = 1) -> np.ndarray:
    """The "42" mask (``bool``, shape ``(height, width)``, ``True`` =
    blocked) drawn at ``scale``, centred with a free margin.
    ``ValueError`` when it does not fit."""
    return _mcrdun.pattern42(int(width), int(height), int(scale))


class Maze:
    """A ``width`` x ``height`` maze, every wall closed, with the ``True``
    cells of ``mask`` (shape ``(height, width)``) blocked."""

    def __init__(self, width: int, height: int, mask: Any = None) -> None:
        if mask is not None:
            m = _bool_mask(mask)
            if m.shape != (height, width):
                raise ValueError(f"mask has shape {m.shape}, the maze is (height, width) = {(height, width)}")
            self._raw = _mcrdun.RawMaze(int(width), int(height), m)
        else:
            self._raw = _mcrdun.RawMaze(int(width), int(height))

    @classmethod
    def from_hex(cls, text: str) -> Tuple["Maze", Tuple[int, int], Tuple[int, int]]:
        """Reads a 42 hex file: ``(maze, entry, exit)``. ``ValueError`` for
        a malformed file."""
        raw, entry, exit_ = _mcrdun.RawMaze.from_hex(text)
        maze = cls.__new__(cls)
        maze._raw = raw
        return maze, tuple(entry), tuple(exit_)

    @property
    def width(self) -> int:
        """Cells across."""
        return int(self._raw.width)

    @property
    def height(self) -> int:
        """Cells down."""
        return int(self._raw.height)

    def block_pattern42(self, scale: Optional[int] = 1) -> int:
        """Blocks the "42" pattern (18 cells at scale 1) drawn at ``scale``,
        or at the largest scale that fits when ``scale`` is ``None``, and
        returns the scale. ``ValueError`` when it does not fit."""
        if scale is None:
            return int(self._raw.block_pattern42())
        self._raw.apply_mask(pattern42(self.width, self.height, scale))
        return int(scale)

    def apply_mask(self, mask: Any) -> None:
        """Blocks the ``True`` cells of ``mask``."""
        self._raw.apply_mask(_bool_mask(mask))

    def carve(
        self,
        algorithm: Union[str, int] = "backtracker",
        start: Tuple[int, int] = (0, 0),
        seed: Optional[int] = None,
        *,
        piece: bool = False,
    ) -> None:
        """Carves a perfect maze (one path between any two cells) over the
        open cells from ``start`` (``x, y``). ``algorithm`` is a name of
        :data:`ALGORITHMS` or its number. A mask that splits the open cells
        is ``ValueError`` unless ``piece`` (then only the start's piece is
        carved). Eller, sidewinder and binary tree refuse masks."""
        self._raw.carve(_algorithm(algorithm), (int(start[0]), int(start[1])), _seed(seed), bool(piece))

    def braid(self, fraction: float, seed: Optional[int] = None) -> int:
        """Opens a wall at ``fraction`` (0 to 1) of the dead ends, adding
        loops; returns how many were opened."""
        return int(self._raw.braid(float(fraction), _seed(seed)))

    def solve(self, start: Tuple[int, int], end: Tuple[int, int]) -> str:
        """The shortest path from ``start`` to ``end`` (``x, y``) as N/E/S/W
        letters. ``ValueError`` when there is none."""
        return self._raw.solve((int(start[0]), int(start[1])), (int(end[0]), int(end[1])))

    @property
    def walls(self) -> np.ndarray:
        """``uint8 (height, width)``: each cell's closed walls (N 1, E 2, S 4, W 8)."""
        return self._raw.walls()

    @property
    def blocked(self) -> np.ndarray:
        """``bool (height, width)``: the blocked cells."""
        return self._raw.blocked()

    def tiles(self) -> np.ndarray:
        """``uint8 (2*height + 1, 2*width + 1)``: 0 wall, 1 floor (cells at odd
        coordinates, walls between them)."""
        return self._raw.tiles()

    def to_ascii(self) -> str:
        """ASCII art: ``+`` corners, ``---`` and ``|`` walls, ``###`` blocked."""
        return self._raw.to_ascii()

    def to_hex(self, entry: Tuple[int, int], exit: Tuple[int, int]) -> str:
        """The 42 hex file: the rows of wall digits, the entry, the exit and
        the shortest path between them."""
        return self._raw.to_hex((int(entry[0]), int(entry[1])), (int(exit[0]), int(exit[1])))

    @property
    def open_cells(self) -> int:
        """Cells that are not blocked."""
        return int(self.width * self.height - int(self.blocked.sum()))

    @property
    def passages(self) -> int:
        """Open walls between two cells."""
        return int(self._raw.analysis()[0])

    @property
    def loops(self) -> int:
        """Independent loops (0 for a perfect maze)."""
        return int(self._raw.analysis()[2])

    @property
    def is_perfect(self) -> bool:
        """Whether every open cell is reached and there is no loop."""
        return bool(self._raw.analysis()[4])

    def dead_ends(self) -> List[Tuple[int, int]]:
        """The ``(x, y)`` cells with one open wall, in raster order."""
        return [tuple(p) for p in self._raw.dead_ends()]

    def copy(self) -> "Maze":
        """An independent copy."""
        maze = Maze.__new__(Maze)
        maze._raw = self._raw.copy()
        return maze

    def __repr__(self) -> str:
        return f"<mcrdun.maze.Maze {self.width}x{self.height}, {self.passages} passages, {self.loops} loops>"
