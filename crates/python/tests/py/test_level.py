"""mcrdun.generate: the levels Rust makes for the same seeds and options,
what a Level offers, every option error, and threads."""

import json
import os
import struct
import threading
import zlib

import numpy as np
import pytest

import mcrdun
from mcrdun import Tile, generate, level_kinds, level_options
from mcrdun.regions import label

KINDS = ["bsp", "scatter", "maze", "cave", "passages", "drunkard"]


def rust_levels():
    path = os.environ.get("MCRDUN_RUST_LEVELS")
    if not path:
        pytest.skip("MCRDUN_RUST_LEVELS is not set (cargo test -p mcrdun-python sets it)")
    with open(path) as f:
        return json.load(f)


def test_levels_equal_rusts():
    cases = rust_levels()
    assert len(cases) >= 16
    for case in cases:
        level = generate(case["kind"], case["width"], case["height"], case["seed"], **case["options"])
        want = np.frombuffer(bytes.fromhex(case["tiles"]), np.uint8).reshape(case["height"], case["width"])
        np.testing.assert_array_equal(level.tiles, want, err_msg=str(case["options"]))
        assert level.rooms.tolist() == [r[:4] for r in case["rooms"]]
        assert level.room_areas.tolist() == [r[4] for r in case["rooms"]]
        assert level.doors.tolist() == [d[:2] for d in case["doors"]]
        assert level.door_rooms.tolist() == [d[2:] for d in case["doors"]]
        assert [list(s) for s in level.stairs] == case["stairs"]
        assert level.to_ascii() == case["ascii"]


@pytest.mark.parametrize("kind", KINDS)
def test_level_contents(kind):
    level = generate(kind, 61, 37, seed=11)
    assert level.kind == kind and level.seed == 11
    assert level.tiles.shape == (37, 61) and level.tiles.dtype == np.uint8
    assert set(np.unique(level.tiles)) <= {int(t) for t in Tile}
    assert (level.tiles == Tile.STAIRS_UP).sum() == 1 and (level.tiles == Tile.STAIRS_DOWN).sum() == 1
    (ux, uy), (dx, dy) = level.stairs
    assert level.tiles[uy, ux] == Tile.STAIRS_UP and level.tiles[dy, dx] == Tile.STAIRS_DOWN
    np.testing.assert_array_equal(level.walkable, level.tiles != 0)
    assert label(level.walkable)[1] == 1
    assert level.rooms.dtype == np.int32 and level.rooms.shape[1:] == (4,)
    assert level.doors.dtype == np.int32 and level.doors.shape[1:] == (2,)
    for x, y in level.doors.tolist():
        assert level.tiles[y, x] == Tile.DOOR
    assert level.metrics["doors"] == len(level.doors) and 0 < level.metrics["floor_share"] < 1
    rows = level.to_ascii().splitlines()
    assert len(rows) == 37 and all(len(r) == 61 for r in rows)
    d = json.loads(level.to_json())
    assert (d["generator"], d["seed"], d["width"], d["height"]) == (kind, 11, 61, 37)
    assert d["tiles"] == rows and d["metrics"] == level.metrics
    assert repr(level).startswith(f"<mcrdun.Level {kind} 61x37 seed=11")
    again = generate(kind, 61, 37, seed=11)
    np.testing.assert_array_equal(again.tiles, level.tiles)


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", None
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert zlib.crc32(tag + body) == struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        if tag == b"IHDR":
            size = struct.unpack(">II", body[:8])
        if tag == b"IDAT":
            idat += body
        pos += 12 + n
    w, h = size
    raw = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(h, 1 + 3 * w)
    assert (raw[:, 0] == 0).all()
    return raw[:, 1:].reshape(h, w, 3)


def test_save_png(tmp_path):
    level = generate("bsp", 40, 25, seed=3)
    path = tmp_path / "level.png"
    level.save_png(path, scale=3)
    img = read_png(path)
    assert img.shape == (75, 120, 3)
    np.testing.assert_array_equal(img, level.to_rgb(3))
    np.testing.assert_array_equal(img[::3, ::3], mcrdun._level.COLOURS[level.tiles])
    assert os.listdir(tmp_path) == ["level.png"]


def test_random_seed_is_kept():
    level = generate("cave", 50, 30)
    assert 0 <= level.seed < 2**64
    np.testing.assert_array_equal(generate("cave", 50, 30, seed=level.seed).tiles, level.tiles)


def test_tiles_enum():
    assert [t.char for t in Tile] == list("#.,+<>=") and Tile.from_char("=") is Tile.LOCKED_DOOR == 7
    assert Tile.from_char(">") is Tile.STAIRS_DOWN and not Tile.WALL.walkable and Tile.DOOR.walkable
    with pytest.raises(ValueError):
        Tile.from_char("x")


def test_schema():
    assert level_kinds() == KINDS
    for kind in KINDS:
        for o in level_options(kind):
            assert o.min <= o.default <= o.max and o.doc


def test_options_change_the_level_and_are_checked():
    a = generate("cave", 60, 40, seed=1)
    b = generate("cave", 60, 40, seed=1, cave_fill=0.42, cave_passes=5)
    assert (a.tiles != b.tiles).any()
    m = generate("maze", 41, 31, seed=2, maze_algorithm="kruskal", maze_braid=0.5)
    assert "kruskal" in [o for o in level_options("maze") if o.name == "maze_algorithm"][0].choices
    n = generate("maze", 41, 31, seed=2, maze_algorithm=2, maze_braid=0.5)
    np.testing.assert_array_equal(m.tiles, n.tiles)
    with pytest.raises(TypeError, match="unknown option 'fill'.*cave_fill, cave_passes"):
        generate("cave", 60, 40, seed=1, fill=0.5)
    with pytest.raises(TypeError, match="cave_fill"):
        generate("bsp", 60, 40, seed=1, cave_fill=0.5)
    with pytest.raises(ValueError, match=r"depth of bsp levels must be in \[0, 32\], got 99"):
        generate("bsp", 60, 40, seed=1, depth=99)
    with pytest.raises(ValueError, match="whole number"):
        generate("bsp", 60, 40, seed=1, depth=2.5)
    with pytest.raises(ValueError, match=r"must be in \["):
        generate("cave", 60, 40, seed=1, cave_fill=float("nan"))
    with pytest.raises(TypeError, match="takes a number"):
        generate("cave", 60, 40, seed=1, cave_fill="lots")
    with pytest.raises(ValueError, match="maze_algorithm"):
        generate("maze", 41, 31, seed=1, maze_algorithm="dfs")


def test_errors():
    with pytest.raises(ValueError, match="unknown level kind 'dungeon'"):
        generate("dungeon", 60, 40)
    with pytest.raises(TypeError):
        generate(3, 60, 40)
    with pytest.raises(TypeError):
        generate("bsp", 60.0, 40)
    with pytest.raises(ValueError):
        generate("bsp", -1, 40)
    with pytest.raises(TypeError):
        generate("bsp", 60, 40, seed="x")
    with pytest.raises(ValueError):
        generate("bsp", 60, 40, seed=-1)
    with pytest.raises(ValueError, match="too small|small"):
        generate("bsp", 4, 4, seed=1)
    with pytest.raises(MemoryError):
        generate("cave", 100_000, 100_000, seed=1)
    old = mcrdun.set_memory_limit(100_000)
    try:
        with pytest.raises(MemoryError):
            generate("bsp", 200, 120, seed=1)
    finally:
        mcrdun.set_memory_limit(old)
    # Metrics need 20 bytes a tile: checked when they are read.
    level = generate("bsp", 200, 120, seed=1)
    old = mcrdun.set_memory_limit(200 * 120 * 20 - 1)
    try:
        with pytest.raises(MemoryError, match="level metrics"):
            level.metrics
    finally:
        mcrdun.set_memory_limit(old)
    old = mcrdun.set_memory_limit(200 * 120 * 20)
    try:
        assert level.metrics["rooms"] == len(level.rooms)
    finally:
        mcrdun.set_memory_limit(old)


def test_threads():
    want = {k: generate(k, 120, 80, seed=9).tiles for k in KINDS}
    got = {}

    def work(k):
        got[k] = generate(k, 120, 80, seed=9).tiles

    ts = [threading.Thread(target=work, args=(k,)) for k in KINDS]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for k in KINDS:
        np.testing.assert_array_equal(got[k], want[k])


def test_level_arrays_check_the_memory_limit():
    # The tile array (a byte a tile) and the text (a byte a tile and one a
    # row) are checked before they are built: one byte short raises
    # MemoryError, exactly the need is enough.
    raw = generate("bsp", 80, 50, seed=7)._raw
    for need, call, what, rows in [
        (80 * 50, raw.tiles, "tile array", lambda t: list(t.shape)),
        (81 * 50, raw.to_ascii, "level's text", lambda t: [len(t.split("\n")[0])]),
    ]:
        old = mcrdun.set_memory_limit(need - 1)
        try:
            with pytest.raises(MemoryError, match=what):
                call()
        finally:
            mcrdun.set_memory_limit(old)
        old = mcrdun.set_memory_limit(need)
        try:
            shape = rows(call())
        finally:
            mcrdun.set_memory_limit(old)
        assert shape in ([50, 80], [80])


def test_memory_errors_name_the_python_remedy():
    """Every MemoryError past the ceiling says to raise it with
    mcrdun.set_memory_limit, never the C, command-line or Rust remedy."""
    import mcrdun.path
    import mcrdun.regions

    old = mcrdun.set_memory_limit(1000)
    try:
        calls = [
            lambda: mcrdun.generate("bsp", 200, 200, seed=1),
            lambda: mcrdun.path.dijkstra2d(np.zeros((100, 100), np.int32), np.ones((100, 100), np.uint8), 1, out=None),
            lambda: mcrdun.regions.label(np.ones((100, 100), np.uint8)),
        ]
        for call in calls:
            with pytest.raises(MemoryError) as e:
                call()
            text = str(e.value)
            assert text.endswith("(raise it with mcrdun.set_memory_limit(bytes))"), text
            for other in ("mcrdun_set_memory_limit", "--max-bytes", "in Rust", "from Rust or C"):
                assert other not in text, text
    finally:
        mcrdun.set_memory_limit(old)


def test_save_png_error_names_the_path(tmp_path):
    level = mcrdun.generate("bsp", 30, 20, seed=1)
    target = tmp_path / "missing" / "level.png"
    with pytest.raises(FileNotFoundError) as e:
        level.save_png(target)
    assert e.value.filename == str(target) and str(target) in str(e.value)
    assert ".tmp" not in str(e.value)
    assert not (tmp_path / "missing").exists() and list(tmp_path.iterdir()) == []


def level_state(level):
    return (
        level.kind, level.seed, level.options, level.tiles.tobytes(), level.rooms.tolist(),
        level.room_areas.tolist(), level.doors.tolist(), level.door_rooms.tolist(), level.stairs,
        level.vaults, level.markers, level.summary, level.metrics, level.to_ascii(), level.to_json(), repr(level),
    )


def test_pickle_and_deepcopy_reconstruct_exactly():
    import copy
    import pathlib
    import pickle

    vaults = sorted((pathlib.Path(__file__).parents[4] / "examples" / "vaults").glob("*.vault"))
    levels = [generate(k, 90, 60, seed=4) for k in KINDS]
    levels.append(generate("bsp", 100, 70, seed=1, vaults=vaults, depth=6))
    assert levels[-1].vaults and levels[-1].markers and levels[-1].options == {"depth": 6.0}
    for level in levels:
        level.explored = {(1, 2)}  # a game's own attribute
        for again in (pickle.loads(pickle.dumps(level)), copy.deepcopy(level), copy.copy(level)):
            assert type(again) is mcrdun.Level and again is not level
            assert level_state(again) == level_state(level)
            assert again.explored == {(1, 2)}
        deep = copy.deepcopy(level)
        deep.explored.add((3, 4))
        assert level.explored == {(1, 2)}
        blob = pickle.dumps(level)
        assert len(blob) < level.tiles.size, "the recipe (and vault text), not the tiles"


def test_pickle_from_another_version_that_differs_is_refused():
    import pickle

    level = generate("cave", 40, 30, seed=9)
    fn, (recipe, digest, version), state = level.__reduce__()
    with pytest.raises(ValueError, match="pickled by mcrdun 0.0.1"):
        fn(recipe, "0" * 64, "0.0.1")
    assert fn(recipe, digest, version).to_ascii() == level.to_ascii()
    assert pickle.loads(pickle.dumps(level)).seed == 9


def test_level_is_read_only_and_every_view_agrees():
    """One source of truth: the level Rust made. Its arrays are read-only,
    its attributes cannot be replaced, and an edited copy is the caller's."""
    level = generate("bsp", 60, 40, seed=2)
    for name in ("tiles", "rooms", "room_areas", "doors", "door_rooms"):
        arr = getattr(level, name)
        assert not arr.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            arr[...] = 0
        with pytest.raises(AttributeError):
            setattr(level, name, arr.copy())
    for name in ("kind", "seed", "stairs", "vaults", "markers"):
        with pytest.raises(AttributeError):
            setattr(level, name, None)
    before = level_state(level)
    tiles = level.tiles.copy()
    tiles[:, :] = Tile.FLOOR
    assert tiles.flags.writeable and level_state(level) == before
    level.metrics["doors"] = -1  # a copy of the metrics: the level's stay
    assert level.metrics["doors"] == before[12]["doors"]
    # The views read the same tiles.
    rows = level.to_ascii().splitlines()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            t = level.tiles[y, x]
            assert ch == (Tile(t).char if ch != " " else " ") and (ch != " " or t == Tile.WALL)
    np.testing.assert_array_equal(level.walkable, level.tiles != Tile.WALL)
    np.testing.assert_array_equal(level.to_rgb(), mcrdun._level.COLOURS[level.tiles])
    d = level.to_dict()
    assert d["tiles"] == rows and d["metrics"] == level.metrics and d["legend"][" "] == "rock"
    assert d["metrics"]["doors"] == len(level.doors)
