"""Shared helpers of the mcrdun Python tests."""

import numpy as np
import pytest


@pytest.fixture
def rng():
    return np.random.default_rng(20261201)


def dungeon(n, rng, join=0.8):
    """Rooms in 16x16 blocks joined by L-shaped corridors with probability
    `join` (so several regions), as uint8 (1 = floor)."""
    m = np.zeros((n, n), np.uint8)
    nb = n // 16
    for by in range(nb):
        for bx in range(nb):
            if rng.random() < 0.15:
                continue
            w, h = rng.integers(3, 12, 2)
            x0 = bx * 16 + 1 + rng.integers(0, 16 - w - 1)
            y0 = by * 16 + 1 + rng.integers(0, 16 - h - 1)
            m[y0:y0 + h, x0:x0 + w] = 1
            cy, cx = y0 + h // 2, x0 + w // 2
            if bx + 1 < nb and rng.random() < join:
                m[cy, cx:min(n, cx + 17)] = 1
            if by + 1 < nb and rng.random() < join:
                m[cy:min(n, cy + 17), cx] = 1
    return m
