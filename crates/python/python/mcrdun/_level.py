"""Whole levels: :func:`generate`, :class:`Level` and the :class:`Tile` codes."""

from __future__ import annotations

import copy
import enum
import functools
import hashlib
import json
import math
import os
import secrets
import struct
import zlib
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _mcrdun
from . import things as _things
from . import vaults as _vaults


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
    #: A door that opens only with its lock's key (byte 7: byte 6 is not a
    #: tile).
    LOCKED_DOOR = 7

    @property
    def char(self) -> str:
        """The character of this tile in :meth:`Level.to_ascii`."""
        return _CHARS[self.value]

    @property
    def walkable(self) -> bool:
        """Whether a creature can stand on it (all but walls)."""
        return self is not Tile.WALL

    @classmethod
    def from_char(cls, char: str) -> "Tile":
        """The tile drawn as ``char``."""
        for value, c in _CHARS.items():
            if c == char:
                return cls(value)
        raise ValueError(f"no tile is drawn as {char!r}; the tiles are {''.join(_CHARS.values())!r}")


_CHARS = {0: "#", 1: ".", 2: ",", 3: "+", 4: "<", 5: ">", 7: "="}


#: The RGB colour of each tile byte in :meth:`Level.save_png`: the ``mcrdun``
#: command's tile colours (row 6, not a tile, is its colour for rock; the
#: command also draws rock apart from walls and tints vaults, which
#: :meth:`Level.to_rgb` does not).
COLOURS = np.array(
    [
        [96, 92, 116],
        [214, 204, 180],
        [150, 140, 122],
        [176, 104, 40],
        [64, 170, 80],
        [200, 60, 60],
        [30, 28, 36],
        [230, 190, 40],
    ],
    dtype=np.uint8,
)


class PlacedVault(NamedTuple):
    """A vault a level placed: its name, its index in the vaults given, the
    rectangle of its turned map (``x, y`` its top-left corner), how it was
    turned (``rotation`` in degrees clockwise, after a left-right
    ``mirror``), and its room in :attr:`Level.rooms` (``None`` for the
    generators without rooms)."""

    name: str
    index: int
    x: int
    y: int
    width: int
    height: int
    rotation: int
    mirror: bool
    room: Optional[int]


class Lock(NamedTuple):
    """A lock: its number (1 for the first met from the up stairs), its
    locked doors (``(x, y)`` each, raster order; every entrance into the
    area it gates), where its key lies, the walkable tiles it gates, and
    the vault it locks (an index of :attr:`Level.vaults`, for a vault that
    asked ``locked yes``; ``None`` for the locks of the ``locks`` option)."""

    id: int
    doors: Tuple[Tuple[int, int], ...]
    key: Tuple[int, int]
    area: int
    vault: Optional[int] = None


class Leg(NamedTuple):
    """One leg of a walkthrough: a shortest walk to a key (``key``, an index
    into :attr:`Level.locks`' keys in lock order) or to the goal (``key``
    ``None``), ending at ``(x, y)``, ``steps`` long."""

    key: Optional[int]
    x: int
    y: int
    steps: int


class Walkthrough(NamedTuple):
    """A way from the up to the down stairs: its legs in order (the last
    ends at the goal) and their steps in all."""

    legs: Tuple[Leg, ...]
    steps: int


class Marker(NamedTuple):
    """A marker of a placed vault (a letter or digit in its map): floor at
    ``(x, y)`` that the game gives a meaning, and its vault (an index into
    :attr:`Level.vaults`)."""

    label: str
    x: int
    y: int
    vault: int


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
    ['bsp', 'scatter', 'maze', 'cave', 'passages', 'drunkard']
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


def generate(
    kind: str,
    width: int,
    height: int,
    seed: Optional[int] = None,
    *,
    vaults: Any = None,
    things: Any = None,
    **options: Any,
) -> "Level":
    """Makes a ``width`` x ``height`` level of ``kind`` (see
    :func:`level_kinds`) from ``seed`` (a random one when ``None``; the
    level keeps it). The same seed and options give the same level as the
    Rust crate, the C ABI and the ``mcrdun`` command.

    ``options`` are the kind's (see :func:`level_options`); an unknown name
    raises ``TypeError`` listing the valid ones, a value out of range
    ``ValueError`` with the range. A size too small for the kind is
    ``ValueError``; one whose working memory passes :func:`memory_limit`
    is ``MemoryError``, before any work.

    ``vaults`` places hand-made rooms (see :mod:`mcrdun.vaults`): a
    :class:`mcrdun.vaults.VaultSet`, vault-file text (``str`` or
    ``bytes``), a path to a vault file (``os.PathLike``, e.g. a
    ``pathlib.Path``; a plain ``str`` is text), or a list of these, read in
    order, as ``mcrdun --vaults FILE``. The level lists them in
    :attr:`Level.vaults` and their markers in :attr:`Level.markers`; no
    vaults (``None`` or an empty set) make the same level as without.

    ``things`` places things by rule (see :mod:`mcrdun.things`): spawn
    tables as :class:`mcrdun.things.ThingTables`, table text, a path or a
    list of these, at the depth of the ``dungeon_level`` option, as
    ``mcrdun --things FILE``; the level lists them in :attr:`Level.things`
    and :meth:`Level.to_ascii` draws their glyphs. No tables make the same
    level as without.

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
            raise TypeError(
                f"generate() got an unknown option {name!r} for {kind} levels; valid options: {valid} (and vaults, things)"
            )
        values.append((name, _option_value(kind, spec, value)))
    vault_set = None if vaults is None else _vaults.as_vaults(vaults)
    if vault_set is not None and len(vault_set) == 0:
        vault_set = None
    tables = None if things is None else _things.as_tables(things)
    recipe = (kind, int(width), int(height), int(seed), tuple(values), vault_set, tables)
    return Level._make(recipe)


def _restore(recipe: Tuple[Any, ...], digest: str, version: str) -> "Level":
    """A pickled level, made again from its recipe and checked against the
    digest of the level that was pickled."""
    level = Level._make(recipe)
    if level._digest() != digest:
        raise ValueError(
            f"this level was pickled by mcrdun {version}; mcrdun {_mcrdun.__version__} makes a different "
            "level from the same seed and options, so it cannot be restored exactly"
        )
    return level


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


class Level:
    """A finished level: every walkable tile reachable from every other, one
    up and one down staircase far apart.

    A level does not change: its arrays are read-only (``ValueError`` on
    assignment), so every view of it (:attr:`walkable`, :meth:`to_ascii`,
    :meth:`to_json`, :meth:`to_rgb`, :meth:`save_png`, :attr:`metrics`,
    ``repr``) describes the same tiles, the ones the Rust crate made. To
    edit a map, copy it: ``tiles = level.tiles.copy()`` (a writable
    ``uint8`` array that the level does not see). Attributes of your own
    (``level.explored = ...``) are allowed and kept by pickling and
    copying.

    Levels pickle and deep-copy: a pickle holds the level's recipe (kind,
    size, seed, options, the vaults' text) and a digest of the level, and
    unpickling makes it again and checks the digest (``ValueError`` if
    another mcrdun version makes a different level from the recipe).

    Attributes (read-only):
        kind: the generator (``"bsp"``, ...).
        seed: the seed it was made from.
        options: the options given, ``{name: value}``.
        tiles: ``uint8`` array of shape ``(height, width)`` of :class:`Tile`
            codes.
        rooms: ``int32`` array ``(n, 4)`` of ``x, y, w, h`` (bounding boxes
            of the rooms' floor; empty for mazes and caves).
        room_areas: ``int32`` array ``(n,)``: floor tiles of each room.
        doors: ``int32`` array ``(n, 2)`` of door ``x, y``.
        door_rooms: ``int32`` array ``(n, 2)``: the two rooms of each door.
        stairs: ``((x, y), (x, y))``: up, then down.
        vaults: the :class:`PlacedVault` s, in placing order.
        markers: the vaults' :class:`Marker` s.
        locks: the :class:`Lock` s (see :meth:`solve`).
        things: the things placed by rule (:class:`mcrdun.things.Thing`).
        metrics: dict of numbers about the level (doors, loops, dead ends,
            the walk between the stairs, ...).
        summary: dict of the generator's own counts.

    >>> level = generate("bsp", 60, 30, seed=42)
    >>> up, down = level.stairs
    >>> Tile(level.tiles[up[1], up[0]])
    <Tile.STAIRS_UP: 4>
    >>> bool(level.walkable[down[1], down[0]])
    True
    >>> import pickle
    >>> again = pickle.loads(pickle.dumps(level))
    >>> bool((again.tiles == level.tiles).all()) and again.to_ascii() == level.to_ascii()
    True
    """

    @classmethod
    def _make(cls, recipe: Tuple[Any, ...]) -> "Level":
        kind, width, height, seed, values, vault_set, tables = recipe
        raw_vaults = None if vault_set is None else vault_set._raw
        raw_tables = None if tables is None else tables._raw
        raw = _mcrdun.generate(kind, width, height, seed, list(values), raw_vaults, raw_tables)
        return cls(raw, seed, recipe)

    def __init__(self, raw: Any, seed: int, recipe: Optional[Tuple[Any, ...]] = None) -> None:
        self._raw = raw
        self._recipe = recipe
        self._seed = seed
        self._tiles = _frozen(raw.tiles())
        rooms = raw.rooms()
        self._rooms = _frozen(np.ascontiguousarray(rooms[:, :4]))
        self._room_areas = _frozen(np.ascontiguousarray(rooms[:, 4]))
        doors = raw.doors()
        self._doors = _frozen(np.ascontiguousarray(doors[:, :2]))
        self._door_rooms = _frozen(np.ascontiguousarray(doors[:, 2:]))
        self._stairs: Tuple[Tuple[int, int], Tuple[int, int]] = raw.stairs()
        self._vaults = tuple(
            PlacedVault(*v[:8], None if v[8] < 0 else int(v[8])) for v in raw.vaults()
        )
        self._markers = tuple(Marker(*m) for m in raw.markers())
        self._locks = tuple(
            Lock(i, tuple(map(tuple, doors)), tuple(key), area, vault) for i, doors, key, area, vault in raw.locks()
        )
        self._things = tuple(
            _things.Thing(*t[:5], None if t[5] < 0 else int(t[5]), t[6], None if t[7] < 0 else int(t[7]), *t[8:])
            for t in raw.things()
        )
        self._metrics: Optional[Dict[str, Union[int, float]]] = None
        self._ascii: Optional[str] = None

    kind = property(lambda self: self._raw.kind, doc="The generator's name.")
    seed = property(lambda self: self._seed, doc="The seed the level was made from.")
    tiles = property(lambda self: self._tiles, doc="The tiles, ``uint8`` ``(height, width)`` (read-only).")
    rooms = property(lambda self: self._rooms, doc="The rooms' ``x, y, w, h`` rows (read-only).")
    room_areas = property(lambda self: self._room_areas, doc="Each room's floor tiles (read-only).")
    doors = property(lambda self: self._doors, doc="The doors' ``x, y`` rows (read-only).")
    door_rooms = property(lambda self: self._door_rooms, doc="The two rooms of each door (read-only).")
    stairs = property(lambda self: self._stairs, doc="``((x, y), (x, y))``: up, then down.")
    vaults = property(lambda self: self._vaults, doc="The vaults placed, in placing order.")
    markers = property(lambda self: self._markers, doc="The markers of the vaults placed.")
    locks = property(lambda self: self._locks, doc="The locks (:class:`Lock`), in order.")
    things = property(lambda self: self._things, doc="The things placed by rule (:class:`mcrdun.things.Thing`).")

    @property
    def options(self) -> Dict[str, float]:
        """The options the level was made with (as numbers)."""
        return dict(self._recipe[4]) if self._recipe else {}

    def _digest(self) -> str:
        h = hashlib.sha256()
        for a in (self._tiles, self._rooms, self._room_areas, self._doors, self._door_rooms):
            h.update(a.tobytes())
        h.update(repr((self._stairs, self._vaults, self._markers, self._things, self._locks, self.summary)).encode())
        return h.hexdigest()

    def __reduce__(self) -> Tuple[Any, ...]:
        if self._recipe is None:
            raise TypeError("this level was not made by mcrdun.generate, so it has no recipe to pickle")
        extra = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}
        return (_restore, (self._recipe, self._digest(), _mcrdun.__version__), extra or None)

    def __copy__(self) -> "Level":
        new = Level.__new__(Level)
        new.__dict__.update(self.__dict__)
        return new

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Level":
        # What a level holds never changes (read-only arrays, a frozen Rust
        # level), so the copy shares it; attributes of the caller's own are
        # copied deeply.
        new = self.__copy__()
        memo[id(self)] = new
        for k, v in self.__dict__.items():
            if not k.startswith("_"):
                new.__dict__[k] = copy.deepcopy(v, memo)
        return new

    def solve(self) -> Walkthrough:
        """Solves the level as it stands (Rust's ``Level::solve``): from the
        up to the down stairs, locked doors impassable until their key is
        picked up, keys nearest first. A level without locks is the direct
        walk. ``ValueError`` when it is stuck (never for a level as
        generated)."""
        legs, steps = self._raw.solve()
        return Walkthrough(tuple(Leg(None if k < 0 else k, x, y, n) for k, x, y, n in legs), steps)

    def walkthrough(self) -> Optional[Walkthrough]:
        """:meth:`solve` for a level with locks, ``None`` without."""
        return self.solve() if self._locks else None

    @property
    def backtracking(self) -> Optional[float]:
        """The walkthrough's steps over the direct walk between the stairs
        with every lock open; ``None`` without locks."""
        walk = self.walkthrough()
        return None if walk is None else walk.steps / max(self.summary["longest_path"], 1)

    @property
    def behind(self) -> np.ndarray:
        """``uint32`` array ``(height, width)``: how many locks a player must
        open to reach each tile (0 everywhere without locks; a locked door
        counts its own lock; 0 on walls). A new array each time."""
        return self._raw.behind()

    @property
    def room_intensity(self) -> np.ndarray:
        """``float64`` array: each room's place in the progression, in
        ``[0, 1]``, in the order of :attr:`rooms` (empty without locks)."""
        return np.array(self._raw.room_intensity(), dtype=np.float64)

    @property
    def metrics(self) -> Dict[str, Union[int, float]]:
        """Numbers about the level, computed from its tiles on first use:
        doors, doors standing in a room's wall, rooms, the floor's share,
        loops, dead ends, the walk between the stairs, the tiles the
        fallback digging dug, specks of rock, pockets of floor and the
        longest straight dug run (the ``mcrdun`` command's metrics)."""
        if self._metrics is None:
            self._metrics = self._raw.metrics()
        return dict(self._metrics)
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
        ``,`` corridor, ``+`` door, ``=`` locked door, ``<`` and ``>``
        stairs, a vault's markers, and each thing's glyph where it stands
        (rock that touches no walkable tile is blank). :meth:`to_dict`'s
        rows are the map without the things, as the command's JSON."""
        if self._ascii is None:
            self._ascii = self._raw.to_ascii()
        return self._ascii

    def to_dict(self) -> Dict[str, Any]:
        """The level as plain Python values (the ``mcrdun`` command's JSON)."""
        (ux, uy), (dx, dy) = self.stairs
        intensity = self.room_intensity
        walk = self.walkthrough()
        return {
            "generator": self.kind,
            "seed": self.seed,
            "width": self.width,
            "height": self.height,
            # Every character the rows hold, as the command's JSON: each
            # tile's, rock's, each marker's label and the keys'.
            "legend": {
                **{t.char: t.name.lower() for t in Tile},
                " ": "rock",
                **{m.label: "marker" for m in self.markers},
                "*": "key",
            },
            "tiles": self._raw.to_ascii_without_things().splitlines(),
            "stairs": {"up": [ux, uy], "down": [dx, dy]},
            "rooms": [
                {"x": int(x), "y": int(y), "w": int(w), "h": int(h), "area": int(a), **(
                    {"intensity": float(intensity[i])} if i < len(intensity) else {}
                )}
                for i, ((x, y, w, h), a) in enumerate(zip(self.rooms.tolist(), self.room_areas.tolist()))
            ],
            "doors": [
                {"x": int(x), "y": int(y), "rooms": [int(a), int(b)]}
                for (x, y), (a, b) in zip(self.doors.tolist(), self.door_rooms.tolist())
            ],
            "vaults": [
                {
                    "name": v.name,
                    "index": v.index,
                    "x": v.x,
                    "y": v.y,
                    "w": v.width,
                    "h": v.height,
                    "rotation": v.rotation,
                    "mirror": v.mirror,
                    "room": v.room,
                }
                for v in self.vaults
            ],
            "markers": [{"label": m.label, "x": m.x, "y": m.y, "vault": m.vault} for m in self.markers],
            "locks": [
                {
                    "id": l.id,
                    "doors": [{"x": x, "y": y} for x, y in l.doors],
                    "key": {"x": l.key[0], "y": l.key[1]},
                    "area": l.area,
                    "vault": l.vault,
                }
                for l in self.locks
            ],
            "walkthrough": None
            if walk is None
            else {
                "steps": walk.steps,
                "backtracking": walk.steps / max(self.summary["longest_path"], 1),
                "legs": [
                    {"to": "stairs_down" if g.key is None else {"key": g.key + 1}, "x": g.x, "y": g.y, "steps": g.steps}
                    for g in walk.legs
                ],
            },
            "things": [
                {
                    "name": t.name,
                    "glyph": t.glyph,
                    "x": t.x,
                    "y": t.y,
                    "room": t.room,
                    "place": t.place,
                    "group": t.group,
                    "distance": t.distance,
                    "blocks": t.blocks,
                }
                for t in self.things
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
