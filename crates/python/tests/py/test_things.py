"""Things from Python: the same levels and things as the Rust crate with
the example spawn table (with and without the example vaults), the
parser's errors, the forms generate(..., things=) takes."""

import json
import os
import pathlib
import pickle

import numpy as np
import pytest

import mcrdun
from mcrdun.things import Thing, ThingsFileError, ThingTables, check, parse, read

EXAMPLES = pathlib.Path(__file__).parents[4] / "examples"
RATS = "thing rat\nglyph r\ncount 3\n"


def rust_things():
    path = os.environ.get("MCRDUN_RUST_THINGS")
    if not path:
        pytest.skip("MCRDUN_RUST_THINGS is not set (cargo test -p mcrdun-python sets it)")
    with open(path) as f:
        return json.load(f)


def test_levels_with_the_example_table_equal_rusts():
    data = rust_things()
    table = pathlib.Path(data["table"])
    vaults = sorted((EXAMPLES / "vaults").glob("*.vault"))
    placed = 0
    for case in data["levels"]:
        for form in (table, read(table), table.read_text(encoding="utf-8"), [table.read_bytes()]):
            level = mcrdun.generate(
                case["kind"], 120, 80, seed=9, dungeon_level=case["depth"],
                vaults=vaults if case["vaults"] else None, things=form,
            )
            assert level.tiles.tobytes().hex() == case["tiles"]
            assert [list(t) for t in level.things] == case["things"]
            assert level.to_ascii() == case["ascii"]
        placed += len(case["things"])
        d = level.to_dict()
        assert [t["name"] for t in d["things"]] == [t[0] for t in case["things"]]
        assert all(isinstance(t, Thing) for t in level.things)
        # The JSON rows are the map without the things.
        for t in level.things:
            assert d["tiles"][t.y][t.x] != t.glyph or t.glyph in "#.,+<>="
    assert placed > 0


def test_errors_are_the_parsers():
    for case in rust_things()["errors"]:
        with pytest.raises(ThingsFileError) as e:
            parse(case["text"], file="case.things")
        assert str(e.value) == case["error"] and isinstance(e.value, ValueError)
    with pytest.raises(ThingsFileError, match=r"^bad\.things:2:6: expected UTF-8 text, found the byte 0xFF$"):
        parse(b"thing rat\nglyph\xff r\n", file="bad.things")
    assert parse("\ufeff" + RATS) == parse(RATS)


def test_forms_pickling_and_limits(tmp_path):
    rats = parse(RATS, file="rats.things")
    assert isinstance(rats, ThingTables) and rats.names() == ["rat"] and "glyph r" in rats.describe()
    f = tmp_path / "rats.things"
    f.write_text(RATS)
    both = check(f, "thing orc\nglyph o\ncount 1\n")
    assert both.names() == ["rat", "orc"] and len(both) == 2
    assert pickle.loads(pickle.dumps(both)) == both
    plain = mcrdun.generate("bsp", 60, 40, seed=3)
    level = mcrdun.generate("bsp", 60, 40, seed=3, things=both)
    np.testing.assert_array_equal(level.tiles, plain.tiles)
    assert sorted(t.name for t in level.things) == ["orc", "rat", "rat", "rat"]
    again = pickle.loads(pickle.dumps(level))
    assert again.things == level.things and again.to_ascii() == level.to_ascii()
    with pytest.raises(OSError):
        read(tmp_path / "missing.things")
    with pytest.raises(TypeError, match="things are"):
        mcrdun.generate("bsp", 60, 40, seed=3, things=5)
    # An empty list places nothing, as vaults=[] places no vault.
    assert mcrdun.generate("bsp", 60, 40, seed=3, things=[]).things == ()
    assert mcrdun.generate("bsp", 60, 40, seed=3, vaults=[]).vaults == plain.vaults
    with pytest.raises(TypeError, match="at least one table file"):
        check()
    with pytest.raises(TypeError, match="table text is str or bytes, got int"):
        parse(3)
    with pytest.raises(TypeError, match="file must be a str"):
        parse("", file=3)
    old = mcrdun.set_memory_limit(33 * f.stat().st_size)
    try:
        with pytest.raises(MemoryError, match=r"rats\.things: a table of .*mcrdun\.set_memory_limit\(bytes\)"):
            read(f)
    finally:
        mcrdun.set_memory_limit(old)
