"""What the readers of text files (vault files and spawn tables) share:
how a text, a path or a list of them becomes one parsed set, with one rule
for both kinds.

- text is ``str`` (encoded as UTF-8, lone surrogates kept so that the Rust
  reader names their line and column) or a bytes-like object;
- a value for ``generate`` is the set itself, a path (``os.PathLike``),
  text, or a list or tuple of these in order (an empty one: an empty set).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Sequence, TypeVar

T = TypeVar("T")

_TEXT = (str, bytes, bytearray, memoryview)


def text_bytes(text: Any, file: Any, what: str) -> bytes:
    """The bytes of ``text`` for the Rust parser (``TypeError`` for any other
    type, or a ``file`` name that is not a ``str``); ``what`` names the text
    in the error, e.g. ``"vault"``."""
    if isinstance(text, str):
        data = text.encode("utf-8", "surrogatepass")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
    else:
        raise TypeError(f"{what} text is str or bytes, got {type(text).__name__}")
    if not isinstance(file, str):
        raise TypeError(f"file must be a str, got {type(file).__name__}")
    return data


def gather(sources: Sequence[Any], one: Callable[[Any], T], what: str) -> T:
    """Every source made into a set by ``one``, joined in order (``a + b``);
    ``TypeError`` when there is none (``what`` names the kind of file)."""
    if not sources:
        raise TypeError(f"check() needs at least one {what} file or text")
    out = None
    for s in sources:
        part = one(s)
        out = part if out is None else out + part
    return out


def one_set(
    value: Any,
    kind: type,
    read: Callable[[Any], T],
    parse: Callable[[Any], T],
    check: Callable[..., T],
    refusal: str,
) -> T:
    """``value`` as one set of type ``kind``: itself, ``read`` of a path,
    ``parse`` of text, ``check`` of a non-empty list or tuple, ``parse("")``
    of an empty one; ``TypeError`` with ``refusal`` (and the type found)
    otherwise."""
    if isinstance(value, kind):
        return value
    if isinstance(value, os.PathLike):
        return read(value)
    if isinstance(value, _TEXT):
        return parse(value)
    if isinstance(value, (list, tuple)):
        return check(*value) if value else parse("")
    raise TypeError(f"{refusal}; got {type(value).__name__}")
