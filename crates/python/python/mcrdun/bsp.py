"""Binary space partitioning, with python-tcod's ``tcod.bsp.BSP`` API.

Code written for tcod runs unchanged after
``from mcrdun.bsp import BSP``: the same attributes (``x``, ``y``,
``width``, ``height``, ``level``, ``position``, ``horizontal``, ``parent``,
``children``, and tcod's deprecated ``w`` and ``h``, with its
``FutureWarning``), ``split_once``, ``split_recursive`` with the same
parameters (any depth; a negative one splits until the minimums stop it),
the five traversal orders, ``walk`` (deprecated, with tcod's
``DeprecationWarning``), ``contains`` and ``find_node``; python-tcod's own
BSP tests pass with this class in place of tcod's, through tcod's
``libtcodpy.bsp_*`` functions too.

``split_recursive``'s ``seed`` picks the rules:

- a generator object with ``randint(low, high)`` (a ``tcod.random.Random``,
  as tcod code passes): libtcod's rules with that generator's draws, so the
  tree is the one tcod makes;
- an ``int`` with ``libtcod=True``: libtcod's rules with a Mersenne
  Twister seeded with it, exactly ``tcod.random.Random(MERSENNE_TWISTER,
  seed)``'s tree, in Rust;
- an ``int`` (or ``None``, a random seed): mcrdun's rules, in Rust, with
  its portable generator; leaves never get smaller than the minimums.

Differences from tcod, and why (each is tested; everything else, and
python-tcod's own BSP tests, behaves as tcod's):

- ``seed=None``: tcod draws from libtcod's process-wide default generator;
  mcrdun draws a random seed and uses its own rules (no hidden global
  state; pass a ``tcod.random.Random`` for tcod's rules).
- ``seed`` an ``int``: tcod raises (it needs a ``Random``); mcrdun takes it
  (its own rules, or libtcod's with ``libtcod=True``).
- A minimum size below 1: tcod accepts it and can cut a node at its own
  edge; mcrdun raises ``ValueError``. A cut that would leave an empty node
  (libtcod then makes a tree with widths or heights ``<= 0``, e.g. when a
  ratio forces a cut across a side shorter than the minimum) raises
  ``ValueError`` and leaves the node's children as they were.
- Ratios below 1 (or not a number) with mcrdun's own rules raise
  ``ValueError``; with a ``tcod.random.Random`` or ``libtcod=True`` they
  are accepted, as in tcod.

What tcod lacks: :meth:`BSP.leaves` (level order),
:meth:`BSP.adjacency` (which leaves share a wall) and
:meth:`BSP.wall_tiles` (the tiles along it, for doors).

>>> from mcrdun.bsp import BSP
>>> bsp = BSP(x=0, y=0, width=80, height=60)
>>> bsp.split_recursive(depth=5, min_width=3, min_height=3,
...                     max_horizontal_ratio=1.5, max_vertical_ratio=1.5, seed=1, libtcod=True)
>>> leaves = bsp.leaves()
>>> len(leaves) == sum(1 for n in bsp.pre_order() if not n.children)
True
>>> adjacency = bsp.adjacency()
>>> b = adjacency[0][0]
>>> tiles = bsp.wall_tiles(0, b)
>>> all(leaves[0].contains(int(x), int(y)) for x, y in tiles)
True
"""

from __future__ import annotations

import secrets
import warnings
from typing import Any, Iterator, List, Optional, Tuple, Union

import numpy as np

from . import _mcrdun
from ._args import integer as _integer, real as _real

__all__ = ["BSP"]

Cut = Optional[Tuple[bool, int]]


#: The deepest split that mcrdun-bsp makes in one call (mcrdun_bsp::MAX_DEPTH).
_MAX_NATIVE_DEPTH = 32


class BSP:
    """A node of a binary space partitioning tree (the root when made
    directly).

    Attributes:
        x, y, width, height: the rectangle the node covers.
        level: depth below the root (0 for the root).
        position: where the node is cut (the first coordinate of the second
            child), when it has children.
        horizontal: whether the cut is a horizontal line (children above and
            below).
        parent: the parent node, ``None`` for the root.
        children: ``()`` or the two children ``(first, second)``.
    """

    def __init__(self, x: int, y: int, width: int, height: int) -> None:
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.level = 0
        self.position = 0
        self.horizontal = False
        self.parent: Optional[BSP] = None
        self.children: Union[Tuple[()], Tuple[BSP, BSP]] = ()

    @property
    def w(self) -> int:
        """Deprecated alias of :attr:`width` (``FutureWarning`` when read,
        as in tcod)."""
        warnings.warn("This attribute has been renamed to `width`.", FutureWarning, stacklevel=2)
        return self.width

    @w.setter
    def w(self, value: int) -> None:
        self.width = value

    @property
    def h(self) -> int:
        """Deprecated alias of :attr:`height` (``FutureWarning`` when read,
        as in tcod)."""
        warnings.warn("This attribute has been renamed to `height`.", FutureWarning, stacklevel=2)
        return self.height

    @h.setter
    def h(self, value: int) -> None:
        self.height = value

    def __repr__(self) -> str:
        status = "leaf"
        if self.children:
            status = f"split at position={self.position},horizontal={self.horizontal!r}"
        return (
            f"<{self.__class__.__name__}(x={self.x},y={self.y},width={self.width},"
            f"height={self.height}) level={self.level} {status}>"
        )

    # ---------------------------------------------------------------- splitting

    def split_once(self, horizontal: bool, position: int) -> None:
        """Cuts this node in two at ``position`` (an absolute coordinate):
        with ``horizontal`` along the row ``y = position`` (first child
        above), otherwise along the column ``x = position`` (first child
        left). Replaces any children it had."""
        self.horizontal = bool(horizontal)
        self.position = int(position)
        if self.horizontal:
            a = BSP(self.x, self.y, self.width, self.position - self.y)
            b = BSP(self.x, self.position, self.width, self.y + self.height - self.position)
        else:
            a = BSP(self.x, self.y, self.position - self.x, self.height)
            b = BSP(self.position, self.y, self.x + self.width - self.position, self.height)
        for child in (a, b):
            child.level = self.level + 1
            child.parent = self
        self.children = (a, b)

    def split_recursive(
        self,
        depth: int,
        min_width: int,
        min_height: int,
        max_horizontal_ratio: float,
        max_vertical_ratio: float,
        seed: Any = None,
        *,
        libtcod: bool = False,
    ) -> None:
        """Cuts this node recursively, ``depth`` times at most (a negative
        depth: until the minimums stop it, as in libtcod), keeping parts at
        least ``min_width`` x ``min_height`` and their sides within the
        ratios (see the module doc for what ``seed`` selects). Replaces any
        children it had; on error the node keeps the children it had.

        Errors, as tcod's: ``TypeError`` for a depth or minimum that is not
        an integer or a ratio that is not a real number. And beyond tcod's:
        ``ValueError`` for a minimum below 1 (libtcod would make empty
        nodes), a ratio below 1 or not a number with mcrdun's rules, a cut
        that would make an empty node where libtcod makes a broken tree;
        ``MemoryError`` when the tree could not fit under
        :func:`mcrdun.memory_limit`.
        """
        depth = _integer("depth", depth)
        min_width = _integer("min_width", min_width)
        min_height = _integer("min_height", min_height)
        hr = _real("max_horizontal_ratio", max_horizontal_ratio)
        vr = _real("max_vertical_ratio", max_vertical_ratio)
        if seed is not None and hasattr(seed, "randint") and not isinstance(seed, (int, np.integer)):
            self._split_with(seed, depth, min_width, min_height, hr, vr)
            return
        if seed is None:
            seed = secrets.randbits(32 if libtcod else 64)
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError(f"seed must be an int, None or a generator with randint(), got {type(seed).__name__}")
        if seed < 0:
            raise ValueError(f"seed must be >= 0, got {seed}")
        if libtcod:
            if seed >= 1 << 32:
                raise ValueError(f"a libtcod seed is a 32-bit unsigned integer, got {seed}")
            if not 0 <= depth <= _MAX_NATIVE_DEPTH or not (hr >= 1 and vr >= 1):
                # What mcrdun-bsp does not take in one call, by the same
                # rules and generator, in Python.
                self._split_with(_mcrdun.LibtcodRandom(int(seed)), depth, min_width, min_height, hr, vr)
                return
            cuts = _mcrdun.bsp_split_recursive_libtcod(
                self._rect(), depth, min_width, min_height, hr, vr, int(seed)
            )
        else:
            if seed >= 1 << 64:
                raise ValueError(f"seed must be in [0, 2**64), got {seed}")
            cuts = _mcrdun.bsp_split_recursive(
                self._rect(), max(min(depth, 1 << 62), -1), min_width, min_height, hr, vr, int(seed)
            )
        self.children = ()
        self._grow(cuts)

    def _split_with(self, rng: Any, depth: int, min_w: int, min_h: int, max_hr: float, max_vr: float) -> None:
        """libtcod's ``TCOD_bsp_split_recursive`` with ``rng.randint``'s
        draws (float products in single precision, as in C; a negative
        depth has no limit)."""
        if min_w < 1 or min_h < 1:
            raise ValueError(f"minimum sizes must be >= 1, got {min_w}x{min_h}")
        old = self.children
        self.children = ()
        f_hr, f_vr = np.float32(max_hr), np.float32(max_vr)
        stack: List[Tuple[BSP, int]] = [(self, depth)]
        try:
            while stack:
                node, nb = stack.pop()
                if nb == 0 or (node.width < 2 * min_w and node.height < 2 * min_h):
                    continue
                w, h = node.width, node.height
                if h < 2 * min_h or np.float32(w) > np.float32(h) * f_hr:
                    horizontal = False
                elif w < 2 * min_w or np.float32(h) > np.float32(w) * f_vr:
                    horizontal = True
                else:
                    horizontal = rng.randint(0, 1) == 0
                if horizontal:
                    position = rng.randint(node.y + min_h, node.y + h - min_h)
                    edges = node.y, node.y + h
                else:
                    position = rng.randint(node.x + min_w, node.x + w - min_w)
                    edges = node.x, node.x + w
                if not edges[0] < position < edges[1]:
                    raise ValueError(
                        f"libtcod would cut {node.width}x{node.height} at ({node.x}, {node.y}) "
                        f"{'horizontally' if horizontal else 'vertically'} at {position}, making an empty node"
                    )
                node.split_once(horizontal, position)
                stack.append((node.children[1], nb - 1))
                stack.append((node.children[0], nb - 1))
        except BaseException:
            self.children = old
            raise

    def _grow(self, cuts: List[Cut]) -> None:
        """Builds the subtree from its cuts in pre-order."""
        it = iter(cuts)
        stack: List[BSP] = [self]
        while stack:
            node = stack.pop()
            cut = next(it)
            if cut is not None:
                node.split_once(cut[0], cut[1])
                stack.append(node.children[1])
                stack.append(node.children[0])

    # ---------------------------------------------------------------- reading

    def pre_order(self) -> Iterator["BSP"]:
        """This node, then its first subtree, then its second."""
        yield self
        for child in self.children:
            yield from child.pre_order()

    def in_order(self) -> Iterator["BSP"]:
        """The first subtree, this node, the second subtree."""
        if self.children:
            yield from self.children[0].in_order()
            yield self
            yield from self.children[1].in_order()
        else:
            yield self

    def post_order(self) -> Iterator["BSP"]:
        """Both subtrees, then this node."""
        for child in self.children:
            yield from child.post_order()
        yield self

    def walk(self) -> Iterator["BSP"]:
        """Deprecated, as in tcod (``DeprecationWarning``): despite its
        name in tcod's docs, it gives :meth:`post_order`."""
        warnings.warn("Use pre_order method instead of walk.", DeprecationWarning, stacklevel=2)
        return self.post_order()

    def level_order(self) -> Iterator["BSP"]:
        """Breadth first, level by level, first child before second."""
        next_: List[BSP] = [self]
        while next_:
            level = next_
            next_ = []
            yield from level
            for node in level:
                next_.extend(node.children)

    def inverted_level_order(self) -> Iterator["BSP"]:
        """The levels from the deepest up, each from first to last (tcod's
        order)."""
        levels: List[List[BSP]] = []
        next_: List[BSP] = [self]
        while next_:
            levels.append(next_)
            level = next_
            next_ = []
            for node in level:
                next_.extend(node.children)
        while levels:
            yield from levels.pop()

    def contains(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` lies in this node."""
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def find_node(self, x: int, y: int) -> Optional["BSP"]:
        """The deepest node that contains ``(x, y)``, or ``None``."""
        if not self.contains(x, y):
            return None
        for child in self.children:
            found = child.find_node(x, y)
            if found:
                return found
        return self

    # ---------------------------------------------------------------- beyond tcod

    def _rect(self) -> Tuple[int, int, int, int]:
        return (int(self.x), int(self.y), int(self.width), int(self.height))

    def _cuts(self) -> List[Cut]:
        return [(n.horizontal, int(n.position)) if n.children else None for n in self.pre_order()]

    def leaves(self) -> List["BSP"]:
        """The leaves under this node in level order (breadth first, first
        child first): the numbering of :meth:`adjacency` and
        :meth:`wall_tiles`."""
        return [n for n in self.level_order() if not n.children]

    def adjacency(self) -> List[List[int]]:
        """For each leaf (numbered as :meth:`leaves`), the leaves that share
        a wall of at least one tile with it (a corner is not enough),
        ascending. ``ValueError`` when a cut leaves an empty child."""
        return [list(a) for a in _mcrdun.bsp_adjacency(self._rect(), self._cuts())]

    def wall_tiles(self, a: Union[int, "BSP"], b: Union[int, "BSP"]) -> np.ndarray:
        """The tiles on leaf ``a``'s own edge, inside ``a``, along the wall it
        shares with leaf ``b`` (leaf numbers or the leaf nodes themselves),
        as an ``int32`` array of ``(x, y)`` rows in ascending order: for a cut
        at ``x = 50`` the left leaf gets ``x = 49`` and the right ``x = 50``.
        ``ValueError`` when they share no wall, ``IndexError`` for a bad
        leaf number."""
        ia, ib = self._leaf_index(a), self._leaf_index(b)
        tiles = _mcrdun.bsp_wall_tiles(self._rect(), self._cuts(), ia, ib)
        return np.array(tiles, dtype=np.int32).reshape(-1, 2)

    def _leaf_index(self, leaf: Union[int, "BSP"]) -> int:
        if isinstance(leaf, BSP):
            for i, n in enumerate(self.leaves()):
                if n is leaf:
                    return i
            raise ValueError(f"{leaf!r} is not a leaf of this tree")
        if isinstance(leaf, bool) or not isinstance(leaf, (int, np.integer)) or leaf < 0:
            raise IndexError(f"a leaf is a BSP node or a number >= 0, got {leaf!r}")
        return int(leaf)
