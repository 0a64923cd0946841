"""python-tcod's own BSP tests, ``tests/test_tcod.py::test_tcod_bsp`` and
``tests/test_libtcodpy.py::test_bsp``, step for step, with mcrdun's
``BSP`` in place of tcod's.

tcod's published sdist (21.2.2) ships no ``tests/`` folder, so these are
our tests of the same behaviour: every call and every assertion of the
two upstream tests, in their order. The calls go through the installed
tcod's own ``libtcodpy`` functions (its ``bsp_*`` wrappers build nodes with
``libtcodpy.Bsp``, which is ``tcod.bsp.BSP``): both names are pointed at
``mcrdun.bsp.BSP`` for the test. Each test runs once on tcod's class too,
to show it states tcod's behaviour."""

import warnings

import pytest
import tcod.bsp
import tcod.random
from tcod import libtcodpy

import mcrdun.bsp

CLASSES = {"mcrdun": mcrdun.bsp.BSP, "tcod": tcod.bsp.BSP}


@pytest.fixture(params=sorted(CLASSES))
def BSP(request, monkeypatch):
    cls = CLASSES[request.param]
    monkeypatch.setattr(tcod.bsp, "BSP", cls)
    monkeypatch.setattr(libtcodpy, "Bsp", cls)
    return cls


def fail(*_args):
    raise RuntimeError("testing exception")


@pytest.mark.filterwarnings("ignore:Iterate over nodes using")
@pytest.mark.filterwarnings("ignore:Use pre_order method instead of walk.")
def test_tcod_bsp(BSP):
    root = tcod.bsp.BSP(0, 0, 32, 32)
    assert type(root) is BSP
    assert root.level == 0 and not root.horizontal and not root.children
    # A callback's exception reaches the caller.
    with pytest.raises(RuntimeError):
        libtcodpy.bsp_traverse_pre_order(root, fail)
    root.split_recursive(3, 4, 4, 1, 1)
    assert all(isinstance(node, tcod.bsp.BSP) for node in root.walk())
    assert root.children
    # Splitting a deeper node keeps its depth.
    sub = root.children[0]
    sub.split_recursive(3, 2, 2, 1, 1, seed=tcod.random.Random(seed=42))
    assert sub.children[0].level == 2
    assert root.find_node(0, 0)
    assert root.find_node(-1, -1) is None
    str(root)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
@pytest.mark.filterwarnings("ignore::FutureWarning")
def test_bsp(BSP):
    node = libtcodpy.bsp_new_with_size(0, 0, 64, 64)
    assert type(node) is BSP
    repr(node)
    libtcodpy.bsp_resize(node, 0, 0, 32, 32)
    assert node is not None
    # Every attribute reads and writes, the old w and h included.
    for name in ("x", "y", "w", "h", "position", "horizontal", "level"):
        setattr(node, name, getattr(node, name))
    assert (node.width, node.height) == (32, 32)
    # A leaf.
    assert not libtcodpy.bsp_left(node) and not libtcodpy.bsp_right(node)
    assert not libtcodpy.bsp_father(node)
    assert libtcodpy.bsp_is_leaf(node)
    assert libtcodpy.bsp_contains(node, 1, 1) and not libtcodpy.bsp_contains(node, -1, -1)
    assert libtcodpy.bsp_find_node(node, 1, 1) == node
    assert not libtcodpy.bsp_find_node(node, -1, -1)
    # Split twice (the second replaces the first), repr each time.
    libtcodpy.bsp_split_once(node, False, 4)
    repr(node)
    libtcodpy.bsp_split_once(node, True, 4)
    repr(node)
    # A parent.
    assert libtcodpy.bsp_left(node) and libtcodpy.bsp_right(node)
    assert not libtcodpy.bsp_father(node)
    assert not libtcodpy.bsp_is_leaf(node)
    assert libtcodpy.bsp_father(libtcodpy.bsp_left(node)) == node
    assert libtcodpy.bsp_father(libtcodpy.bsp_right(node)) == node
    libtcodpy.bsp_split_recursive(node, None, 4, 2, 2, 1.0, 1.0)
    # Every traversal calls back.
    seen = []
    for traverse in (
        libtcodpy.bsp_traverse_pre_order,
        libtcodpy.bsp_traverse_in_order,
        libtcodpy.bsp_traverse_post_order,
        libtcodpy.bsp_traverse_level_order,
        libtcodpy.bsp_traverse_inverted_level_order,
    ):
        traverse(node, lambda n, data: seen.append((n, data)))
    assert len(seen) == 5 * sum(1 for _ in node.pre_order()) and all(d == 0 for _, d in seen)
    # repr of a node cut off its tree.
    son = libtcodpy.bsp_left(node)
    libtcodpy.bsp_remove_sons(node)
    repr(son)
    assert not node.children
    libtcodpy.bsp_delete(node)


def test_deprecations_are_tcods():
    """The warnings tcod gives for the old names, with its categories and
    texts."""
    for cls in CLASSES.values():
        node = cls(0, 0, 10, 8)
        with pytest.warns(FutureWarning, match="renamed to `width`"):
            assert node.w == 10
        with pytest.warns(FutureWarning, match="renamed to `height`"):
            assert node.h == 8
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            node.w, node.h = 12, 9  # setting warns in neither
        assert (node.width, node.height) == (12, 9)
        node.split_once(False, 5)
        with pytest.warns(DeprecationWarning, match="Use pre_order method instead of walk."):
            walked = list(node.walk())
        assert walked == list(node.post_order())
