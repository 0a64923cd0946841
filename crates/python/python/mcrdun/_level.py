"""Whole levels: :func:`generate`, :class:`Level` and the :class:`Tile` codes."""

from __future__ import annotations

import enum
import functools
import json
import math
import os
import secrets
import struct
import zlib
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _mcrdun


class Tile(enum.IntEnum):
    """The byte of each tile kind in :attr:`Level.tiles` (the C ABI's
    ``MCRDUN_TILE_*``; they never change).

    >>> Tile.DOOR, Tile.DOOR.char
    (<Tile.DOOR: 3>, '+')
    >>> Tile.from_char('<')
    <Tile.STAIRS_UP: 4>
    """

    WALL = 0
    FLOOR = 1
    CORRIDOR = 2
    DOOR = 3
    STAIRS_UP = 4
    STAIRS_DOWN = 5

    @property
    def char(self) -> str:
        """The character of this tile in :meth:`Level.to_ascii`."""
        return "#.,+<>"[self.value]

    @property
    def walkable(self) -> bool:
        """Whether a creature can stand on it (all but walls)."""
        return self is not Tile.WALL

    @classmethod
    def from_char(cls, char: str) -> "Tile":
        """The tile drawn as ``char``."""
        i = "#.,+<>".find(char)
        if len(char) != 1 or i < 0:
            raise ValueError(f"no tile is drawn as {char!r}; the tiles are '#.,+<>'")
        return cls(i)


#: The RGB colour of each tile in :meth:`Level.save_png` (as the ``mcrdun``
#: command draws it).
COLOURS = np.array(
    [[38, 36, 46], [214, 204, 180], [150, 140, 122], [176, 104, 40], [64, 170, 80], [200, 60, 60]],
    dtype=np.uint8,
)


class OptionSpec(NamedTuple):
    """One option of a level kind, from the schema that the command line
    and the C ABI read too."""

    name: str
    default: float
    min: float
    max: float
    integer: bool
    doc: str
    choices: Tuple[str, ...] = ()


@functools.lru_cache(maxsize=None)
def _kinds() -> Tuple[str, ...]:
    return tuple(_mcrdun.level_kinds())


@functools.lru_cache(maxsize=None)
def _specs(kind: str) -> Dict[str, OptionSpec]:
    return {o[0]: OptionSpec(*o[:6], tuple(o[6])) for o in _mcrdun.level_options(kind)}


def level_kinds() -> List[str]:
    """The level kinds, for :func:`generate`.

    >>> level_kinds()
    ['bsp', 'scatter', 'maze', 'cave', 'passages']
    """
    return list(_kinds())


def level_options(kind: str) -> List[OptionSpec]:
    """The options of level kind ``kind``: name, default, range, whether it
    is a whole number, and what it does.

    >>> [o.name for o in level_options("cave")][:2]
    ['cave_fill', 'cave_passes']
    """
    return list(_specs(kind).values())


def _option_value(kind: str, spec: OptionSpec, value: Any) -> float:
    if spec.choices and isinstance(value, str):
        if value not in spec.choices:
            raise ValueError(
                f"option {spec.name} of {kind} levels must be one of {list(spec.choices)} "
                f"or 0..{len(spec.choices) - 1}, got {value!r}"
            )
        return float(spec.choices.index(value))
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"option {spec.name} of {kind} levels takes a number, got {type(value).__name__}")
    v = float(value)
    if math.isnan(v) or not spec.min <= v <= spec.max:
        lo = int(spec.min) if spec.integer else spec.min
        hi = int(spec.max) if spec.integer else spec.max
        raise ValueError(f"option {spec.name} of {kind} levels must be in [{lo}, {hi}], got {value!r}")
    if spec.integer and v != int(v):
        raise ValueError(f"option {spec.name} of {kind} levels takes a whole number, got {value!r}")
    return v


def generate(kind: str, width: int, height: int, seed: Optional[int] = None, **options: Any) -> "Level":
    """Makes a ``width`` x ``height`` level of ``kind`` (see
    :func:`level_kinds`) from ``seed`` (a random one when ``None``; the
    level keeps it). The same seed and options give the same level as the
    Rust crate, the C ABI and the ``mcrdun`` command.

    ``options`` are the kind's (see :func:`level_options`); an unknown name
    raises ``TypeError`` listing the valid ones, a value out of range
    ``ValueError`` with the range. A size too small for the kind is
    ``ValueError``; one whose working memory passes :func:`memory_limit`
    is ``MemoryError``, before any work.

    >>> level = generate("cave", 48, 32, seed=5, cave_fill=0.45)
    >>> level.seed, level.tiles.shape
    (5, (32, 48))
    >>> generate("bsp", 48, 32, seed=5, depth=-1)
    Traceback (most recent call last):
    ...
    ValueError: option depth of bsp levels must be in [0, 32], got -1
    """
    if not isinstance(kind, str):
        raise TypeError(f"kind must be a str, one of {level_kinds()}; got {type(kind).__name__}")
    if kind not in _kinds():
        raise ValueError(f"unknown level kind {kind!r}; the kinds are {', '.join(level_kinds())}")
    for name, v in (("width", width), ("height", height)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must be an int, got {type(v).__name__}")
        if not 0 <= v <= 0xFFFFFFFF:
            raise ValueError(f"{name} must be in [0, 4294967295], got {v}")
    if seed is None:
        seed = secrets.randbits(64)
    elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
    elif not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    specs = _specs(kind)
    values: List[Tuple[str, float]] = []
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            valid = ", ".join(specs) or "none"
            raise TypeError(f"generate() got an unknown option {name!r} for {kind} levels; valid options: {valid}")
        values.append((name, _option_value(kind, spec, value)))
    raw = _mcrdun.generate(kind, int(width), int(height), int(seed), values)
    return Level(raw, int(seed))


class Level:
    """A finished level: every walkable tile reachable from every other, one
    up and one down staircase far apart.

    Attributes:
        kind: the generator (``"bsp"``, ...).
        seed: the seed it was made from.
        tiles: ``uint8`` array of shape ``(height, width)`` of :class:`Tile`
            codes.
        rooms: ``int32`` array ``(n, 4)`` of ``x, y, w, h`` (bounding boxes
            of the rooms' floor; empty for mazes and caves).
        room_areas: ``int32`` array ``(n,)``: floor tiles of each room.
        doors: ``int32`` array ``(n, 2)`` of door ``x, y``.
        door_rooms: ``int32`` array ``(n, 2)``: the two rooms of each door.
        stairs: ``((x, y), (x, y))``: up, then down.
        metrics: dict of numbers about the level (doors, loops, dead ends,
            the walk between the stairs, ...).
        summary: dict of the generator's own counts.

    >>> level = generate("bsp", 60, 30, seed=42)
    >>> up, down = level.stairs
    >>> Tile(level.tiles[up[1], up[0]])
    <Tile.STAIRS_UP: 4>
    >>> bool(level.walkable[down[1], down[0]])
    True
    """

    def __init__(self, raw: Any, seed: int) -> None:
        self._raw = raw
        self.kind: str = raw.kind
        self.seed: int = seed
        self.tiles: np.ndarray = raw.tiles()
        rooms = raw.rooms()
        self.rooms: np.ndarray = np.ascontiguousarray(rooms[:, :4])
        self.room_areas: np.ndarray = np.ascontiguousarray(rooms[:, 4])
        doors = raw.doors()
        self.doors: np.ndarray = np.ascontiguousarray(doors[:, :2])
        self.door_rooms: np.ndarray = np.ascontiguousarray(doors[:, 2:])
        self.stairs: Tuple[Tuple[int, int], Tuple[int, int]] = raw.stairs()
        self._metrics: Optional[Dict[str, Union[int, float]]] = None
        self._ascii: Optional[str] = None

    @property
    def metrics(self) -> Dict[str, Union[int, float]]:
        """Numbers about the level, computed from its tiles on first use:
        doors, doors standing in a room's wall, rooms, the floor's share,
        loops, dead ends, the walk between the stairs and the tiles the
        fallback digging dug."""
        if self._metrics is None:
            self._metrics = self._raw.metrics()
        return self._metrics

    @property
    def summary(self) -> Dict[str, int]:
        """The generator's own counts (rooms, doors, walkable tiles, the
        regions before joining, tiles dug, loops, dead ends, the longest
        path)."""
        return self._raw.summary()

    @property
    def width(self) -> int:
        """Width in tiles."""
        return int(self.tiles.shape[1])

    @property
    def height(self) -> int:
        """Height in tiles."""
        return int(self.tiles.shape[0])

    @property
    def walkable(self) -> np.ndarray:
        """``bool`` array, ``True`` where a creature can stand (all but walls)."""
        return self.tiles != Tile.WALL

    def to_ascii(self) -> str:
        """The level as text, one line per row: ``#`` wall, ``.`` floor,
        ``,`` corridor, ``+`` door, ``<`` and ``>`` stairs (rock that
        touches no walkable tile is blank)."""
        if self._ascii is None:
            self._ascii = self._raw.to_ascii()
        return self._ascii

    def to_dict(self) -> Dict[str, Any]:
        """The level as plain Python values (the ``mcrdun`` command's JSON)."""
        (ux, uy), (dx, dy) = self.stairs
        return {
            "generator": self.kind,
            "seed": self.seed,
            "width": self.width,
            "height": self.height,
            "legend": {t.char: t.name.lower() for t in Tile},
            "tiles": self.to_ascii().splitlines(),
            "stairs": {"up": [ux, uy], "down": [dx, dy]},
            "rooms": [
                {"x": int(x), "y": int(y), "w": int(w), "h": int(h), "area": int(a)}
                for (x, y, w, h), a in zip(self.rooms.tolist(), self.room_areas.tolist())
            ],
            "doors": [
                {"x": int(x), "y": int(y), "rooms": [int(a), int(b)]}
                for (x, y), (a, b) in zip(self.doors.tolist(), self.door_rooms.tolist())
            ],
            "summary": dict(self.summary),
            "metrics": dict(self.metrics),
        }

    def to_json(self, indent: Optional[int] = None) -> str:
        """:meth:`to_dict` as a JSON string.

        >>> import json
        >>> json.loads(generate("maze", 21, 11, seed=1).to_json())["width"]
        21
        """
        return json.dumps(self.to_dict(), indent=indent)

    def to_rgb(self, scale: int = 1) -> np.ndarray:
        """An RGB image (``uint8``, ``(height*scale, width*scale, 3)``), one
        ``scale`` x ``scale`` square of :data:`COLOURS` per tile."""
        if isinstance(scale, bool) or not isinstance(scale, (int, np.integer)) or scale < 1:
            raise ValueError(f"scale must be a positive int, got {scale!r}")
        img = COLOURS[self.tiles]
        return np.repeat(np.repeat(img, scale, axis=0), scale, axis=1)

    def save_png(self, path: Union[str, "os.PathLike[str]"], scale: int = 4) -> None:
        """Writes the level as a PNG picture (:meth:`to_rgb`) to ``path``,
        complete or not at all (written beside it, then renamed). An
        ``OSError`` (a missing folder, no permission) names ``path`` and
        leaves nothing behind."""
        img = self.to_rgb(scale)
        h, w = img.shape[:2]
        raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

        def chunk(tag: bytes, body: bytes) -> bytes:
            return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))

        png = (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6))
            + chunk(b"IEND", b"")
        )
        path = os.fspath(path)
        tmp = f"{path}.tmp{os.getpid()}"
        try:
            with open(tmp, "wb") as f:
                f.write(png)
            os.replace(tmp, path)
        except OSError as e:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            # The error names the path asked for, not the temporary file.
            raise type(e)(e.errno, e.strerror, path) from None

    def __repr__(self) -> str:
        (ux, uy), (dx, dy) = self.stairs
        return (
            f"<mcrdun.Level {self.kind} {self.width}x{self.height} seed={self.seed}: "
            f"{len(self.rooms)} rooms, {len(self.doors)} doors, "
            f"stairs ({ux}, {uy}) -> ({dx}, {dy}), {self.metrics['stairs_distance']} steps apart>"
        )
