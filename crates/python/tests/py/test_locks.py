"""Locks and keys from Python: the Rust crate's locks, walkthrough and
key-levels, in the same words (locks, solve, walkthrough, behind,
room_intensity, backtracking)."""

import copy
import json
import os
import pathlib
import pickle

import numpy as np
import pytest

import mcrdun
from mcrdun import Tile


def rust_locks():
    path = os.environ.get("MCRDUN_RUST_LOCKS")
    if not path:
        pytest.skip("MCRDUN_RUST_LOCKS is not set (cargo test -p mcrdun-python sets it)")
    with open(path) as f:
        return json.load(f)


def test_locks_equal_rusts():
    cases = rust_locks()
    assert cases
    for case in cases:
        level = mcrdun.generate(case["kind"], case["width"], case["height"], seed=case["seed"], locks=case["locks"])
        assert level.tiles.tobytes().hex() == case["tiles"]
        assert [[l.id, [list(d) for d in l.doors], list(l.key), l.area] for l in level.locks] == case["lock_list"]
        walk = level.solve()
        assert [[-1 if g.key is None else g.key, g.x, g.y, g.steps] for g in walk.legs] == case["legs"]
        assert walk.steps == case["steps"]
        assert level.behind.tobytes().hex() == case["behind"]
        np.testing.assert_allclose(level.room_intensity, case["intensity"])


@pytest.mark.parametrize("kind", mcrdun.level_kinds())
def test_a_level_with_locks_reads_as_its_rules_say(kind):
    level = mcrdun.generate(kind, 120, 80, seed=5, locks=2)
    assert [l.id for l in level.locks] == [1, 2]
    up, down = level.stairs
    behind = level.behind
    assert behind.dtype == np.uint32 and behind.shape == level.tiles.shape
    assert behind[up[1], up[0]] == 0 and behind[down[1], down[0]] == 2
    for lock in level.locks:
        for x, y in lock.doors:
            assert level.tiles[y, x] == Tile.LOCKED_DOOR and behind[y, x] == lock.id
        assert behind[lock.key[1], lock.key[0]] < lock.id
    walk = level.solve()
    assert walk == level.walkthrough()
    assert [g.key for g in walk.legs] == [0, 1, None]
    assert (walk.legs[-1].x, walk.legs[-1].y) == down
    assert walk.steps == sum(g.steps for g in walk.legs) >= level.summary["longest_path"]
    assert level.backtracking == walk.steps / level.summary["longest_path"] >= 1
    if len(level.rooms):
        assert len(level.room_intensity) == len(level.rooms)
        assert ((0 <= level.room_intensity) & (level.room_intensity <= 1)).all()
    for again in (pickle.loads(pickle.dumps(level)), copy.deepcopy(level)):
        assert again.locks == level.locks and again.solve() == walk


def test_no_locks():
    level = mcrdun.generate("bsp", 80, 50, seed=1)
    assert level.locks == () and level.walkthrough() is None and level.backtracking is None
    assert not level.behind.any() and len(level.room_intensity) == 0
    walk = level.solve()
    assert [g.key for g in walk.legs] == [None] and walk.steps == level.summary["longest_path"]


def test_to_dict_has_the_commands_lock_fields():
    level = mcrdun.generate("bsp", 120, 80, seed=5, locks=2)
    d = json.loads(level.to_json())
    assert [l["id"] for l in d["locks"]] == [1, 2] and set(d["locks"][0]) == {"id", "doors", "key", "area", "vault"}
    w = d["walkthrough"]
    assert [g["to"] for g in w["legs"]] == [{"key": 1}, {"key": 2}, "stairs_down"]
    assert w["steps"] == level.solve().steps and w["backtracking"] == level.backtracking
    assert [r["intensity"] for r in d["rooms"]] == level.room_intensity.tolist()
    assert json.loads(mcrdun.generate("bsp", 80, 50, seed=1).to_json())["walkthrough"] is None
    assert [l["vault"] for l in d["locks"]] == [None, None]


STRONGROOM = pathlib.Path(__file__).parents[4] / "examples" / "vaults" / "locked" / "strongroom.vault"


def test_a_locked_vaults_lock_names_its_vault():
    level = mcrdun.generate("bsp", 120, 80, seed=3, locks=2, vaults=STRONGROOM)
    assert [l.vault for l in level.locks] == [None, None, 0]
    assert level.vaults[0].name == "strongroom"
    x, y = level.locks[2].key
    v = level.vaults[0]
    assert not (v.x <= x < v.x + v.width and v.y <= y < v.y + v.height)
    assert [l["vault"] for l in json.loads(level.to_json())["locks"]] == [None, None, 0]
    walk = level.solve()
    assert [g.key for g in walk.legs][-1] is None
    for again in (pickle.loads(pickle.dumps(level)), copy.deepcopy(level)):
        assert again.locks == level.locks
