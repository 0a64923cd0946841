"""Vaults: hand-made rooms that levels place (``mcrdun.generate(...,
vaults=...)``), read from vault files.

The format is the ``mcrdun`` command's (see the repository README, "Vault
files"); the text and files are read by the same Rust readers as
``mcrdun --vaults FILE`` and ``mcrdun vaults check FILE``, so a file that
the command refuses is refused here with the same message
(``file:line:column: expected ..., found ...``), raised as
:class:`VaultFileError` (a ``ValueError``) with ``file``, ``line`` and
``column`` attributes. A byte-order mark at the start is skipped; bytes
that are not UTF-8 are refused at their line and column.

- :func:`parse` reads vault text (``str`` or ``bytes``);
- :func:`read` reads a vault file from a path, refused from its size before
  it is read when parsing it could pass :func:`mcrdun.memory_limit` (33
  bytes a byte of file), as the command does;
- :func:`check` reads any number of files and texts (paths as
  ``os.PathLike``, text as ``str``/``bytes``): the Python form of
  ``mcrdun vaults check``.

Each returns a :class:`VaultSet`: a sequence of :class:`Vault` (name, size,
weight, counts, turns, generators and map), which ``generate`` takes, and
which pickles (as its text).

>>> import mcrdun
>>> from mcrdun.vaults import parse
>>> nook = parse("vault nook\\ncount 1\\nmap\\n##!##\\n#.x.#\\n#####\\nend\\n", file="nook.vault")
>>> nook[0].name, nook[0].width, nook[0].min
('nook', 5, 1)
>>> level = mcrdun.generate("bsp", 60, 40, seed=3, vaults=nook)
>>> [(v.name, v.index) for v in level.vaults], level.markers[0].label
([('nook', 0)], 'x')
>>> parse("vault bad\\nmap\\n#?#\\nend\\n", file="bad.vault")
Traceback (most recent call last):
...
mcrdun.vaults.VaultFileError: bad.vault:3:2: expected an entrance with walkable vault on exactly one side, found `?` with 0 walkable sides
"""

from __future__ import annotations

import os
from typing import Any, Iterator, List, NamedTuple, Sequence, Tuple, Union, overload

from . import _mcrdun
from ._files import gather, one_set, text_bytes
from ._mcrdun import VaultFileError

VaultFileError.__module__ = __name__

__all__ = ["Vault", "VaultFileError", "VaultSet", "check", "parse", "read"]


class Vault(NamedTuple):
    """One vault of a file: its settings and its map as written."""

    name: str
    width: int
    height: int
    #: The relative chance among the optional vaults.
    weight: int
    #: The least number per level (above 0: required).
    min: int
    #: The most per level.
    max: int
    #: Whether a level may turn it.
    rotate: bool
    #: Whether a level may mirror it.
    mirror: bool
    #: The generators that may place it.
    generators: Tuple[str, ...]
    #: The line of its ``vault`` line in the text it came from.
    line: int
    #: The map, one line a row (``height`` lines of ``width`` glyphs).
    map: str


class VaultSet(Sequence[Vault]):
    """Parsed vaults in file order (several files or texts one after the
    other: ``a + b``). ``generate(..., vaults=...)`` takes one; it pickles
    as its text (:meth:`to_text`)."""

    __slots__ = ("_raw", "_vaults")

    def __init__(self, raw: Any) -> None:
        self._raw = raw
        self._vaults = tuple(Vault(*r[:8], tuple(r[8]), *r[9:]) for r in raw.rows())

    def __len__(self) -> int:
        return len(self._vaults)

    @overload
    def __getitem__(self, i: int) -> Vault: ...
    @overload
    def __getitem__(self, i: slice) -> Tuple[Vault, ...]: ...
    def __getitem__(self, i: Any) -> Any:
        return self._vaults[i]

    def __iter__(self) -> Iterator[Vault]:
        return iter(self._vaults)

    def __add__(self, other: "VaultSet") -> "VaultSet":
        if not isinstance(other, VaultSet):
            return NotImplemented
        return VaultSet(self._raw.concat(other._raw))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VaultSet) and self.to_text() == other.to_text()

    def __hash__(self) -> int:
        return hash(self.to_text())

    def names(self) -> List[str]:
        """The vaults' names, in order."""
        return [v.name for v in self._vaults]

    def to_text(self) -> str:
        """The vaults as vault-file text (every setting written out) that
        :func:`parse` reads back to the same vaults."""
        return self._raw.to_text()

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        return (_from_text, (self.to_text(),))

    def __repr__(self) -> str:
        return f"<mcrdun.vaults.VaultSet of {len(self)}: {', '.join(self.names())}>"


def _from_text(text: str) -> VaultSet:
    return VaultSet(_mcrdun.vaults_parse(text.encode(), "<pickled vaults>"))


def parse(text: Union[str, bytes], file: str = "<text>") -> VaultSet:
    """The vaults of vault-file ``text`` (errors name ``file``)."""
    data = text_bytes(text, file, "vault")
    return VaultSet(_mcrdun.vaults_parse(data, file))


def read(path: "os.PathLike[str] | str") -> VaultSet:
    """The vaults of the vault file at ``path`` (a ``str`` or
    ``os.PathLike``), read as the ``mcrdun`` command reads ``--vaults``
    files; ``OSError`` when it cannot be read, ``MemoryError`` when its
    size passes what :func:`mcrdun.memory_limit` allows."""
    return VaultSet(_mcrdun.vaults_read(os.fspath(path)))


def check(*sources: Union["os.PathLike[str]", str, bytes, VaultSet]) -> VaultSet:
    """Reads every source in order, as ``mcrdun vaults check FILE...``
    does (its errors, first one raised): an ``os.PathLike`` is a file,
    ``str`` or ``bytes`` vault text, a :class:`VaultSet` itself. Returns
    all the vaults, in order."""
    return gather(sources, as_vaults, "vault")


def as_vaults(value: Any) -> VaultSet:
    """What ``generate(..., vaults=...)`` takes, as one :class:`VaultSet`:
    a set, vault text (``str``/``bytes``), a path (``os.PathLike``), or a
    list or tuple of these (in order)."""
    return one_set(
        value,
        VaultSet,
        read,
        parse,
        check,
        "vaults are a VaultSet, vault text (str or bytes), a path (os.PathLike) or a list of these",
    )
