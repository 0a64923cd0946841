"""Things placed by rule: spawn tables (``mcrdun.generate(...,
things=...)``), read as the ``mcrdun`` command reads ``--things`` files.

A table lists entries (``thing NAME`` and its settings; see the repository
README, "Spawn tables"). A table that the command refuses is refused here
with the same message (``file:line:column: expected ..., found ...``),
raised as :class:`ThingsFileError` (a ``ValueError``); a table whose text
needs more working memory than :func:`mcrdun.memory_limit` allows (33
bytes a byte of text) is refused before it is parsed (``MemoryError``). A
byte-order mark at the start is skipped; bytes that are not UTF-8 are
refused at their line and column.

- :func:`parse` reads one table's text (``str`` or ``bytes``);
- :func:`read` reads a table file from a path (refused from its size before
  it is read);
- :func:`check` reads any number of files and texts, as ``mcrdun things
  check``.

Each returns :class:`ThingTables`, which ``generate`` takes (it places the
tables at the depth of the level's ``dungeon_level`` option); the level
lists what it placed in :attr:`mcrdun.Level.things`.

>>> import mcrdun
>>> from mcrdun.things import parse
>>> rats = parse("thing rat\\nglyph r\\ncount 3\\n", file="rats.things")
>>> rats.names()
['rat']
>>> level = mcrdun.generate("bsp", 60, 40, seed=3, things=rats)
>>> [(t.name, t.glyph) for t in level.things]
[('rat', 'r'), ('rat', 'r'), ('rat', 'r')]
"""

from __future__ import annotations

import os
from typing import Any, List, NamedTuple, Optional, Tuple, Union

from . import _mcrdun
from ._files import gather, one_set, text_bytes
from ._mcrdun import ThingsFileError

ThingsFileError.__module__ = __name__

__all__ = ["Thing", "ThingTables", "ThingsFileError", "check", "parse", "read"]

class Thing(NamedTuple):
    """A thing a level placed: its entry's name, index (among the entries
    of all the tables, in order) and glyph, where it stands, its room
    (``None`` outside rooms or without them), the kind of place (``room``,
    ``corridor``, ``dead_end``, ``door_side``, ``vault``, ``marker X``),
    its group (``None`` without one), its walking distance from the up
    stairs, and whether it blocks movement."""

    name: str
    entry: int
    glyph: str
    x: int
    y: int
    room: Optional[int]
    place: str
    group: Optional[int]
    distance: int
    blocks: bool


class ThingTables:
    """Parsed spawn tables, in order (``a + b``); it pickles as the tables'
    texts."""

    __slots__ = ("_raw",)

    def __init__(self, raw: Any) -> None:
        self._raw = raw

    def __len__(self) -> int:
        return len(self._raw)

    def __add__(self, other: "ThingTables") -> "ThingTables":
        if not isinstance(other, ThingTables):
            return NotImplemented
        return ThingTables(self._raw.concat(other._raw))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ThingTables) and self._raw.texts() == other._raw.texts()

    def __hash__(self) -> int:
        return hash(tuple(self._raw.texts()))

    def names(self) -> List[str]:
        """The entries' names, table by table."""
        return [name for table in self._raw.entries() for name, _, _ in table]

    def describe(self) -> str:
        """Every entry with every setting spelled out, as ``mcrdun things
        check`` prints them."""
        return "".join(e for table in self._raw.describe() for e in table)

    def __reduce__(self) -> Tuple[Any, Tuple[List[str]]]:
        return (_from_texts, (self._raw.texts(),))

    def __repr__(self) -> str:
        return f"<mcrdun.things.ThingTables of {len(self)}: {', '.join(self.names())}>"


def _from_texts(texts: List[str]) -> ThingTables:
    out = None
    for t in texts:
        one = ThingTables(_mcrdun.things_parse(t.encode(), "<pickled things>"))
        out = one if out is None else out + one
    return out if out is not None else ThingTables(_mcrdun.things_parse(b"", "<pickled things>"))


def parse(text: Union[str, bytes], file: str = "<text>") -> ThingTables:
    """One spawn table from its text (errors name ``file``)."""
    data = text_bytes(text, file, "table")
    return ThingTables(_mcrdun.things_parse(data, file))


def read(path: "os.PathLike[str] | str") -> ThingTables:
    """The spawn table in the file at ``path``: refused from its size before
    it is read when its text could not fit :func:`mcrdun.memory_limit`
    (``MemoryError``), and read no further than that whatever its size
    says; ``OSError`` when it cannot be read."""
    return ThingTables(_mcrdun.things_read(os.fspath(path)))


def check(*sources: Union["os.PathLike[str]", str, bytes, ThingTables]) -> ThingTables:
    """Reads every source in order, as ``mcrdun things check FILE...``
    does: an ``os.PathLike`` is a file, ``str`` or ``bytes`` table text, a
    :class:`ThingTables` itself."""
    return gather(sources, as_tables, "table")


def as_tables(value: Any) -> ThingTables:
    """What ``generate(..., things=...)`` takes, as one
    :class:`ThingTables`: tables, table text (``str``/``bytes``), a path
    (``os.PathLike``), or a list or tuple of these (in order; an empty
    one places nothing)."""
    return one_set(
        value,
        ThingTables,
        read,
        parse,
        check,
        "things are ThingTables, table text (str or bytes), a path (os.PathLike) or a list of these",
    )
