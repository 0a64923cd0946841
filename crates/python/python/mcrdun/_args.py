"""Argument checks shared by the modules, with the rules of python-tcod's
C layer (cffi) where tcod takes the same argument."""

from __future__ import annotations

import numbers
import operator
from typing import Any

import numpy as np

INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1


def integer(name: str, value: Any) -> int:
    """An integer argument (ints, bools and numpy integers: what has
    ``__index__``); ``TypeError`` otherwise, as tcod's "an integer is
    required" (a float is never truncated)."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"an integer is required for {name}, got {type(value).__name__}") from None


def c_int(name: str, value: Any) -> int:
    """An argument that tcod passes as a C ``int``: :func:`integer`, and
    ``OverflowError`` outside ``[-2**31, 2**31)``, as cffi."""
    v = integer(name, value)
    if not INT_MIN <= v <= INT_MAX:
        raise OverflowError(f"{name}: integer {v} does not fit '32-bit int'")
    return v


def real(name: str, value: Any) -> float:
    """A ``float`` argument as tcod's C layer takes it: any real number,
    kept in single precision; ``TypeError`` otherwise."""
    if not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be real number, not {type(value).__name__}")
    return float(np.float32(value))


def byte_count(name: str, value: Any) -> int:
    """A number of bytes: an integer in ``[0, 2**64)``, ``TypeError`` for
    another type and ``ValueError`` outside the range (the one rule of
    :func:`mcrdun.set_memory_limit` and :func:`mcrdun.path.set_cache_limit`)."""
    v = integer(name, value)
    if not 0 <= v < 1 << 64:
        raise ValueError(f"{name} is a number of bytes in [0, 2**64), got {v}")
    return v
