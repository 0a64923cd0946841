"""Vaults from Python: the same levels as the Rust crate with the example
vault files, the same errors as the command's readers, every form that
generate(..., vaults=) takes, and the parsed sets."""

import json
import os
import pathlib
import pickle

import numpy as np
import pytest

import mcrdun
from mcrdun.vaults import Vault, VaultFileError, VaultSet, check, parse, read

EXAMPLES = pathlib.Path(__file__).parents[4] / "examples" / "vaults"
NOOK = "vault nook\ncount 1\nmap\n##!##\n#.x.#\n#####\nend\n"


def rust_vaults():
    path = os.environ.get("MCRDUN_RUST_VAULTS")
    if not path:
        pytest.skip("MCRDUN_RUST_VAULTS is not set (cargo test -p mcrdun-python sets it)")
    with open(path) as f:
        return json.load(f)


def test_levels_with_the_example_vaults_equal_rusts():
    data = rust_vaults()
    files = [pathlib.Path(f) for f in data["files"]]
    assert len(files) == len(sorted(EXAMPLES.glob("*.vault"))) >= 5
    every_form = [
        files,
        read(files[0]) if len(files) == 1 else sum((read(f) for f in files[1:]), read(files[0])),
        [f.read_text(encoding="utf-8") for f in files],
        [f.read_bytes() for f in files],
    ]
    placed = 0
    for case in data["levels"]:
        for form in every_form:
            level = mcrdun.generate(case["kind"], case["width"], case["height"], seed=case["seed"], vaults=form)
            assert level.tiles.tobytes().hex() == case["tiles"], case["kind"]
            assert [list(v) for v in level.vaults] == case["vaults"]
            assert [list(m) for m in level.markers] == case["markers"]
        placed += len(case["vaults"])
        d = level.to_dict()
        assert [v["name"] for v in d["vaults"]] == [v[0] for v in case["vaults"]]
        assert [m["label"] for m in d["markers"]] == [m[0] for m in case["markers"]]
        # Every character of the rows is in the legend, markers included.
        assert set("".join(d["tiles"])) <= set(d["legend"]), case["kind"]
        assert all(d["legend"][m["label"]] == "marker" for m in d["markers"])
    assert placed > 0


def test_errors_are_the_readers():
    """parse() gives the bytes reader's message, read() the file reader's
    (the command's: `mcrdun vaults check` prints the same): positions,
    bad UTF-8, a byte-order mark skipped once."""
    for case in rust_vaults()["errors"]:
        data = bytes.fromhex(case["bytes"])
        with pytest.raises(VaultFileError) as e:
            parse(data, file="case.vault")
        assert str(e.value) == case["text_error"]
        assert isinstance(e.value, ValueError) and e.value.file == "case.vault"
        assert str(e.value).startswith(f"case.vault:{e.value.line}:{e.value.column}:")
        with pytest.raises(VaultFileError) as e:
            read(pathlib.Path(case["path"]))
        assert str(e.value) == case["file_error"]
        with pytest.raises(VaultFileError) as e:
            check(pathlib.Path(case["path"]))
        assert str(e.value) == case["file_error"]


def test_parse_read_check():
    nook = parse(NOOK, file="nook.vault")
    assert isinstance(nook, VaultSet) and len(nook) == 1 and nook.names() == ["nook"]
    v = nook[0]
    assert isinstance(v, Vault)
    assert (v.name, v.width, v.height, v.weight, v.min, v.max, v.rotate, v.mirror, v.line) == (
        "nook", 5, 3, 1, 1, 1, True, True, 1,
    )
    assert v.generators == ("bsp", "scatter", "maze", "cave", "passages", "drunkard")
    assert v.map == "##!##\n#.x.#\n#####\n"
    assert parse(nook.to_text()) == nook
    assert parse("\ufeff" + NOOK) == nook and parse(NOOK.encode()) == nook
    files = sorted(EXAMPLES.glob("*.vault"))
    both = check(files[0], NOOK, files[1])
    assert both.names() == read(files[0]).names() + ["nook"] + read(files[1]).names()
    assert (read(files[0]) + nook).names() == read(files[0]).names() + ["nook"]
    assert read(str(files[0])) == read(files[0])
    assert pickle.loads(pickle.dumps(both)) == both
    with pytest.raises(OSError, match="cannot read"):
        read(EXAMPLES / "no-such.vault")
    with pytest.raises(TypeError):
        parse(3)
    with pytest.raises(TypeError):
        check()
    with pytest.raises(TypeError, match="vaults are"):
        mcrdun.generate("bsp", 60, 40, seed=1, vaults=3)


def test_vault_file_past_the_ceiling_is_refused_unread():
    path = sorted(EXAMPLES.glob("*.vault"))[0]
    need = 33 * path.stat().st_size
    old = mcrdun.set_memory_limit(need - 1)
    try:
        with pytest.raises(MemoryError, match=r"raise it with mcrdun\.set_memory_limit\(bytes\)"):
            read(path)
        with pytest.raises(MemoryError):
            parse(b"x" * (need // 32 + 1))  # 32 bytes a byte of text
    finally:
        mcrdun.set_memory_limit(old)


def test_generate_with_vaults():
    plain = mcrdun.generate("bsp", 60, 40, seed=3)
    assert plain.vaults == () and plain.markers == ()
    for none in (None, [], parse("")):
        np.testing.assert_array_equal(mcrdun.generate("bsp", 60, 40, seed=3, vaults=none).tiles, plain.tiles)
    level = mcrdun.generate("bsp", 60, 40, seed=3, vaults=NOOK)
    (v,) = level.vaults
    assert (v.name, v.index) == ("nook", 0) and v.room is not None and v.rotation in (0, 90, 180, 270)
    (m,) = level.markers
    assert m.label == "x" and m.vault == 0 and level.tiles[m.y, m.x] == mcrdun.Tile.FLOOR
    assert v.x <= m.x < v.x + v.width and v.y <= m.y < v.y + v.height
    # A required vault that cannot fit is the level's error.
    big = "vault big\ncount 1\nmap\n" + "#" * 30 + "\n" + "#" + "." * 28 + "!\n" + "#" * 30 + "\nend\n"
    with pytest.raises(ValueError, match="big"):
        mcrdun.generate("bsp", 20, 20, seed=1, vaults=big)
    assert "vaults" in mcrdun.generate.__doc__
