"""mcrdun.bsp.BSP against tcod.bsp.BSP: the same trees from the same
generators, the same traversals, and python-tcod code run unchanged."""

import itertools

import numpy as np
import pytest
import tcod.bsp
import tcod.random

from mcrdun.bsp import BSP

ORDERS = ["pre_order", "in_order", "post_order", "level_order", "inverted_level_order"]
FIELDS = ("x", "y", "width", "height", "level", "position", "horizontal")


def shape(node, order="pre_order"):
    return [tuple(getattr(n, f) for f in FIELDS) + (len(n.children),) for n in getattr(node, order)()]


PARAMS = [
    (80, 60, 5, 3, 3, 1.5, 1.5),
    (80, 50, 8, 6, 4, 1.2, 1.8),
    (200, 120, 10, 4, 4, 1.5, 1.5),
    (30, 90, 6, 2, 7, 2.0, 1.0),
    (17, 13, 12, 1, 1, 1.0, 1.0),
]


@pytest.mark.parametrize("params", PARAMS)
def test_tcod_random_objects_give_tcods_trees(params):
    w, h, depth, mw, mh, hr, vr = params
    for seed in range(12):
        theirs = tcod.bsp.BSP(x=3, y=2, width=w, height=h)
        theirs.split_recursive(depth, mw, mh, hr, vr, seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed))
        ours = BSP(x=3, y=2, width=w, height=h)
        ours.split_recursive(depth, mw, mh, hr, vr, seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed))
        for order in ORDERS:
            assert shape(ours, order) == shape(theirs, order)


@pytest.mark.parametrize("params", PARAMS)
def test_libtcod_exact_int_seed_equals_tcod_mersenne_twister(params):
    w, h, depth, mw, mh, hr, vr = params
    for seed in [0, 1, 7, 12345, 2**32 - 1]:
        theirs = tcod.bsp.BSP(x=0, y=0, width=w, height=h)
        theirs.split_recursive(depth, mw, mh, hr, vr, seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed))
        ours = BSP(x=0, y=0, width=w, height=h)
        try:
            ours.split_recursive(depth, mw, mh, hr, vr, seed=seed, libtcod=True)
        except ValueError as e:
            # Where libtcod makes an empty node, mcrdun refuses instead.
            assert "empty" in str(e) or "libtcod" in str(e)
            assert any(n.width <= 0 or n.height <= 0 for n in theirs.pre_order())
            continue
        assert shape(ours) == shape(theirs)


def test_split_once_and_traversals_equal_tcod():
    ours, theirs = BSP(1, 2, 40, 30), tcod.bsp.BSP(1, 2, 40, 30)
    for t in (ours, theirs):
        t.split_once(False, 15)
        t.children[0].split_once(True, 10)
        t.children[1].split_once(True, 20)
        t.children[1].children[0].split_once(False, 30)
    for order in ORDERS:
        assert shape(ours, order) == shape(theirs, order)
    for x, y in itertools.product(range(-1, 43), range(0, 34)):
        a, b = ours.find_node(x, y), theirs.find_node(x, y)
        assert (a is None) == (b is None)
        if a is not None:
            assert tuple(getattr(a, f) for f in FIELDS) == tuple(getattr(b, f) for f in FIELDS)
        assert ours.contains(x, y) == theirs.contains(x, y)
    assert repr(ours).replace("mcrdun", "") == repr(theirs).replace("tcod", "")
    leaf = ours.children[1].children[0].children[1]
    assert leaf.parent.parent.parent is ours and ours.parent is None


def tcod_tutorial_style(BSP_class, seed):
    """python-tcod code as tutorials write it, unchanged but for the class."""
    bsp = BSP_class(x=0, y=0, width=80, height=60)
    bsp.split_recursive(
        depth=5,
        min_width=3,
        min_height=3,
        max_horizontal_ratio=1.5,
        max_vertical_ratio=1.5,
        seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed),
    )
    out = []
    for node in bsp.pre_order():
        if node.children:
            node1, node2 = node.children
            out.append("Connect the rooms:\n%s\n%s" % (node1, node2))
        else:
            out.append("Dig a room for %s." % node)
    return [line.replace("<BSP(", "(") for line in out]


def test_tcod_docs_example_runs_unchanged():
    for seed in range(5):
        assert tcod_tutorial_style(BSP, seed) == tcod_tutorial_style(tcod.bsp.BSP, seed)


def brute_adjacency(leaves):
    def touch(a, b):
        if a.x + a.width == b.x or b.x + b.width == a.x:
            return min(a.y + a.height, b.y + b.height) - max(a.y, b.y) >= 1
        if a.y + a.height == b.y or b.y + b.height == a.y:
            return min(a.x + a.width, b.x + b.width) - max(a.x, b.x) >= 1
        return False

    return [[j for j, b in enumerate(leaves) if j != i and touch(a, b)] for i, a in enumerate(leaves)]


def test_adjacency_and_wall_tiles():
    for seed in range(6):
        bsp = BSP(0, 0, 120, 80)
        bsp.split_recursive(7, 4, 4, 1.5, 1.5, seed=seed)
        leaves = bsp.leaves()
        assert [n for n in bsp.level_order() if not n.children] == leaves
        for n in leaves:
            assert n.width >= 4 and n.height >= 4, "mcrdun's rules keep the minimums"
        adj = bsp.adjacency()
        assert adj == brute_adjacency(leaves)
        for i, ns in enumerate(adj):
            for j in ns:
                tiles = bsp.wall_tiles(i, j)
                assert tiles.dtype == np.int32 and len(tiles) >= 1
                a, b = leaves[i], leaves[j]
                for x, y in tiles.tolist():
                    assert a.contains(x, y)
                    assert any(b.contains(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                assert sorted(map(tuple, tiles.tolist())) == list(map(tuple, tiles.tolist()))
                np.testing.assert_array_equal(tiles, bsp.wall_tiles(a, b))
    bsp = BSP(0, 0, 100, 10)
    bsp.split_once(False, 50)
    assert bsp.wall_tiles(0, 1)[:, 0].tolist() == [49] * 10
    assert bsp.wall_tiles(1, 0)[:, 0].tolist() == [50] * 10


def test_same_int_seed_same_tree_and_python_random_works():
    import random

    a, b = BSP(0, 0, 90, 70), BSP(0, 0, 90, 70)
    a.split_recursive(6, 5, 5, 1.5, 1.5, seed=99)
    b.split_recursive(6, 5, 5, 1.5, 1.5, seed=99)
    assert shape(a) == shape(b)
    c = BSP(0, 0, 90, 70)
    c.split_recursive(6, 5, 5, 1.5, 1.5, seed=random.Random(3))
    assert len(c.leaves()) > 1
    d = BSP(0, 0, 90, 70)
    d.split_recursive(6, 5, 5, 1.5, 1.5)  # a random seed
    assert len(d.leaves()) > 1


def test_errors():
    bsp = BSP(0, 0, 20, 20)
    with pytest.raises(ValueError):
        bsp.split_recursive(3, 0, 3, 1.5, 1.5, seed=1)
    with pytest.raises(ValueError):
        bsp.split_recursive(3, 3, 3, 0.5, 1.5, seed=1)
    with pytest.raises(TypeError, match="integer"):
        bsp.split_recursive(2.5, 3, 3, 1.5, 1.5, seed=1)
    with pytest.raises(TypeError, match="integer"):
        bsp.split_recursive(3, 3.0, 3, 1.5, 1.5, seed=tcod.random.Random(seed=1))
    with pytest.raises(TypeError, match="real number"):
        bsp.split_recursive(3, 3, 3, "1.5", 1.5, seed=1)
    with pytest.raises(ValueError):
        bsp.split_recursive(3, 3, 3, 1.5, 1.5, seed=2**32, libtcod=True)
    with pytest.raises(ValueError):
        bsp.split_recursive(3, 3, 3, 1.5, 1.5, seed=-1)
    with pytest.raises(TypeError):
        bsp.split_recursive(3, 3, 3, 1.5, 1.5, seed="x")
    with pytest.raises(ValueError):
        BSP(0, 0, 0, 5).split_recursive(3, 3, 3, 1.5, 1.5, seed=1)
    bsp.split_once(False, 10)
    with pytest.raises(ValueError, match="share no wall|adjacent|not"):
        bsp.wall_tiles(0, 0)
    with pytest.raises(IndexError):
        bsp.wall_tiles(0, 5)
    with pytest.raises(ValueError):
        bsp.wall_tiles(BSP(0, 0, 3, 3), 1)
    bad = BSP(0, 0, 10, 10)
    bad.split_once(False, 0)  # tcod allows an empty child; mcrdun's tree does not
    with pytest.raises(ValueError):
        bad.adjacency()


def leaf_count(node):
    return sum(1 for n in node.pre_order() if not n.children)


@pytest.mark.parametrize("depth", [33, 40, -1])
def test_any_depth_as_tcod(depth):
    """tcod takes any depth (a negative one has no limit): 155 leaves at
    depth 33 on 80x50 from tcod's generator, and the same trees here, from
    a tcod Random or (libtcod=True) an int seed."""
    for seed in (1, 7):
        theirs = tcod.bsp.BSP(0, 0, 80, 50)
        theirs.split_recursive(depth, 1, 1, 1.5, 1.5, seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed))
        for ours_seed, libtcod in ((tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed), False), (seed, True)):
            ours = BSP(0, 0, 80, 50)
            ours.split_recursive(depth, 1, 1, 1.5, 1.5, seed=ours_seed, libtcod=libtcod)
            assert shape(ours) == shape(theirs)
        if depth == 33 and seed == 1:
            assert leaf_count(theirs) > 2**5


def test_deep_int_seed_and_none_split_on():
    """mcrdun's rules past 32 levels: the same tree up to 32 as before, and
    deeper ones grow it (a 4000x1 strip cut at its minimum can go 4000
    deep; seed 3 makes a tree 37 levels deep); the same seed gives the
    same tree."""
    for depth in (5, 32):
        a, b = BSP(0, 0, 90, 70), BSP(0, 0, 90, 70)
        a.split_recursive(depth, 2, 2, 1.5, 1.5, seed=3)
        b.split_recursive(depth, 2, 2, 1.5, 1.5, seed=3)
        assert shape(a) == shape(b)
    strip = [BSP(0, 0, 4000, 1) for _ in range(3)]
    strip[0].split_recursive(32, 1, 1, 1e9, 1e9, seed=3)
    strip[1].split_recursive(10**9, 1, 1, 1e9, 1e9, seed=3)
    strip[2].split_recursive(-1, 1, 1, 1e9, 1e9, seed=3)
    assert max(n.level for n in strip[0].pre_order()) == 32
    assert max(n.level for n in strip[2].pre_order()) == 37
    assert leaf_count(strip[0]) < 4000
    assert leaf_count(strip[1]) == leaf_count(strip[2]) == 4000
    assert shape(strip[1]) == shape(strip[2])
    # The first 32 levels are the depth-32 tree's.
    top = [t for t in shape(strip[1]) if t[4] <= 31]
    assert top == [t for t in shape(strip[0]) if t[4] <= 31]
    for depth in (33, 64, 200, -1):
        node = BSP(0, 0, 80, 50)
        node.split_recursive(depth, 1, 1, 1.5, 1.5)
        assert leaf_count(node) > 1


def test_libtcod_ratios_below_one_as_tcod():
    """tcod takes any ratio; below 1 mcrdun-bsp refuses, so libtcod=True
    runs those in Python with libtcod's generator: tcod's trees."""
    for seed in range(6):
        theirs = tcod.bsp.BSP(0, 0, 60, 40)
        theirs.split_recursive(6, 3, 3, 0.5, 0.8, seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed))
        ours = BSP(0, 0, 60, 40)
        ours.split_recursive(6, 3, 3, 0.5, 0.8, seed=seed, libtcod=True)
        assert shape(ours) == shape(theirs)
    with pytest.raises(ValueError, match="ratio"):
        BSP(0, 0, 60, 40).split_recursive(6, 3, 3, 0.5, 0.8, seed=1)


def test_python_splitter_refuses_empty_nodes_and_keeps_the_tree():
    """A cut that would make an empty node (libtcod makes a broken tree) is
    refused, and the node keeps the children it had."""
    node = BSP(0, 0, 5, 2)
    node.split_once(False, 2)
    before = shape(node)
    with pytest.raises(ValueError, match="empty node"):
        node.split_recursive(3, 10, 1, 1.5, 1.5, seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, 0))
    assert shape(node) == before
    with pytest.raises(ValueError, match="empty node"):
        node.split_recursive(3, 10, 1, 1.5, 1.5, seed=0, libtcod=True)
    assert shape(node) == before


def test_documented_differences_from_tcod():
    import mcrdun.bsp

    assert "Differences from tcod" in mcrdun.bsp.__doc__
    with pytest.raises(AttributeError):
        tcod.bsp.BSP(0, 0, 20, 20).split_recursive(3, 3, 3, 1.5, 1.5, seed=1)
    ours = BSP(0, 0, 20, 20)
    ours.split_recursive(3, 3, 3, 1.5, 1.5, seed=1)
    assert ours.children
    theirs = tcod.bsp.BSP(0, 0, 20, 20)
    theirs.split_recursive(3, 0, 3, 1.5, 1.5, seed=tcod.random.Random(seed=1))
    with pytest.raises(ValueError, match="minimum"):
        BSP(0, 0, 20, 20).split_recursive(3, 0, 3, 1.5, 1.5, seed=tcod.random.Random(seed=1))
    for ratio in (0.5, float("nan")):
        with pytest.raises(ValueError):
            BSP(0, 0, 20, 20).split_recursive(3, 3, 3, ratio, 1.5, seed=1)
