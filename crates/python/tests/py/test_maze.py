"""mcrdun.maze: every algorithm, masks, the 42 pattern, solving, braiding,
tiles and the 42 hex format, and the error paths."""

import threading

import numpy as np
import pytest

import mcrdun
from mcrdun.maze import ALGORITHMS, Maze, pattern42
from mcrdun.regions import label

MASKED = [a for a in ALGORITHMS if a not in ("eller", "sidewinder", "binary-tree")]


def walls_agree(maze):
    w = maze.walls
    east_open = (w[:, :-1] & 2) == 0
    west_open = (w[:, 1:] & 8) == 0
    south_open = (w[:-1, :] & 4) == 0
    north_open = (w[1:, :] & 1) == 0
    return (east_open == west_open).all() and (south_open == north_open).all()


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_algorithm_carves_a_perfect_maze(algorithm):
    for seed in range(3):
        maze = Maze(23, 17)
        maze.carve(algorithm, seed=seed)
        assert maze.is_perfect and maze.loops == 0
        assert maze.passages == maze.open_cells - 1
        assert walls_agree(maze)
        tiles = maze.tiles()
        assert tiles.shape == (35, 47) and tiles.dtype == np.uint8
        assert label(tiles)[1] == 1
    by_number = Maze(23, 17)
    by_number.carve(ALGORITHMS.index(algorithm), seed=2)
    np.testing.assert_array_equal(by_number.walls, maze.walls)


@pytest.mark.parametrize("algorithm", MASKED)
def test_masks_and_pattern42(algorithm):
    maze = Maze(30, 20)
    assert maze.block_pattern42() == 1
    np.testing.assert_array_equal(maze.blocked, pattern42(30, 20))
    assert maze.blocked.sum() == 18
    fitted = Maze(30, 20)
    s = fitted.block_pattern42(None)
    assert s == 3 and fitted.blocked.sum() == 18 * s * s
    np.testing.assert_array_equal(fitted.blocked, pattern42(30, 20, s))
    maze.carve(algorithm, seed=4)
    assert maze.is_perfect
    assert (maze.walls[maze.blocked] == 15).all()
    mask = np.zeros((12, 15), bool)
    mask[5, 3:12] = True
    m2 = Maze(15, 12, mask)
    m2.carve(algorithm, start=(0, 0), seed=1)
    assert m2.is_perfect and m2.open_cells == 15 * 12 - 9


def test_solve_braid_hex_roundtrip():
    maze = Maze(20, 15)
    maze.block_pattern42()
    maze.carve("wilson", seed=7)
    path = maze.solve((0, 0), (19, 14))
    x, y = 0, 0
    for step in path:
        dx, dy, bit = {"N": (0, -1, 1), "E": (1, 0, 2), "S": (0, 1, 4), "W": (-1, 0, 8)}[step]
        assert maze.walls[y, x] & bit == 0
        x, y = x + dx, y + dy
    assert (x, y) == (19, 14)
    text = maze.to_hex((0, 0), (19, 14))
    assert text.rstrip("\n").endswith(path)
    again, entry, exit_ = Maze.from_hex(text)
    np.testing.assert_array_equal(again.walls, maze.walls)
    assert (entry, exit_) == ((0, 0), (19, 14))
    dead = len(maze.dead_ends())
    copy = maze.copy()
    removed = maze.braid(1.0, seed=3)
    assert removed > 0 and maze.loops > 0 and len(maze.dead_ends()) == dead - removed
    assert copy.loops == 0, "a copy is independent"
    assert "+---" in maze.to_ascii()


def test_same_seed_same_maze_and_threads():
    def make(seed):
        m = Maze(200, 150)
        m.carve("kruskal", seed=seed)
        return m.walls

    want = [make(s) for s in range(4)]
    got = [None] * 4

    def work(i):
        got[i] = make(i)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for a, b in zip(got, want):
        np.testing.assert_array_equal(a, b)


def test_errors():
    with pytest.raises(ValueError):
        Maze(0, 5)
    with pytest.raises(ValueError, match="unknown maze algorithm"):
        Maze(5, 5).carve("dfs")
    with pytest.raises(ValueError, match="algorithm number"):
        Maze(5, 5).carve(11)
    with pytest.raises(TypeError):
        Maze(5, 5).carve(1.5)
    with pytest.raises(IndexError):
        Maze(5, 5).carve(start=(5, 0), seed=1)
    mask = np.zeros((5, 5), bool)
    mask[2, :] = True
    with pytest.raises(ValueError):
        Maze(5, 5, mask).carve("backtracker", seed=1)
    Maze(5, 5, mask).carve("backtracker", seed=1, piece=True)
    with pytest.raises(ValueError):
        Maze(5, 5, mask).carve("eller", seed=1)
    with pytest.raises(ValueError, match="shape"):
        Maze(5, 5, np.zeros((4, 5), bool))
    with pytest.raises(ValueError):
        Maze(5, 5).block_pattern42()
    with pytest.raises(ValueError):
        Maze(5, 5).braid(1.5)
    with pytest.raises(ValueError):
        Maze.from_hex("not a maze")
    m = Maze(5, 5)
    with pytest.raises(ValueError):
        m.solve((0, 0), (4, 4))  # every wall closed: no path
    with pytest.raises(ValueError):
        pattern42(5, 5)
    old = mcrdun.set_memory_limit(1000)
    try:
        with pytest.raises(MemoryError):
            Maze(300, 300).carve("backtracker", seed=1)
    finally:
        mcrdun.set_memory_limit(old)


def limited(limit, call):
    """`call()` under a memory limit of `limit` bytes, restored after."""
    old = mcrdun.set_memory_limit(limit)
    try:
        return call()
    finally:
        mcrdun.set_memory_limit(old)


def test_copies_check_the_memory_limit():
    # The blocked mask is copied at a byte a cell: one byte short of that
    # is a MemoryError, exactly that is enough.
    m = Maze(40, 30)
    m.block_pattern42()
    with pytest.raises(MemoryError, match="blocked mask"):
        limited(40 * 30 - 1, lambda: m.blocked)
    blocked = limited(40 * 30, lambda: m.blocked)
    assert blocked.shape == (30, 40) and blocked.dtype == bool
    assert 0 < int(blocked.sum()) < 40 * 30
    # A mask handed in is copied (a byte a cell) before the maze is made.
    mask = np.zeros((30, 40), bool)
    with pytest.raises(MemoryError, match="mask's copy"):
        limited(40 * 30 - 1, lambda: Maze(40, 30, mask))
    fresh = Maze(40, 30)
    with pytest.raises(MemoryError, match="mask's copy"):
        limited(40 * 30 - 1, lambda: fresh.apply_mask(mask))
    limited(40 * 30, lambda: fresh.apply_mask(mask))
    # The walls and tiles are handed to numpy without a second copy: their
    # own need (a byte a cell, a byte a tile) is enough.
    assert limited(40 * 30, lambda: m.walls).shape == (30, 40)
    assert limited(81 * 61, lambda: m.tiles()).shape == (61, 81)
    with pytest.raises(MemoryError):
        limited(81 * 61 - 1, lambda: m.tiles())
