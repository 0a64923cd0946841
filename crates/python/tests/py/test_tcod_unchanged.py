"""python-tcod's own examples, unchanged, run against mcrdun: the doctests
of tcod.path.dijkstra2d and tcod.path.hillclimb2d and the example of the
tcod.bsp module, with `import tcod` answered by a module whose `path` and
`bsp` are mcrdun's."""

import doctest
import re
import sys
import textwrap
import types

import pytest
import tcod.bsp as real_bsp
import tcod.path as real_path

import mcrdun.bsp
import mcrdun.path


@pytest.fixture
def tcod_is_mcrdun(monkeypatch):
    shim = types.ModuleType("tcod")
    shim.path = mcrdun.path
    shim.bsp = mcrdun.bsp
    monkeypatch.setitem(sys.modules, "tcod", shim)
    monkeypatch.setitem(sys.modules, "tcod.path", mcrdun.path)
    monkeypatch.setitem(sys.modules, "tcod.bsp", mcrdun.bsp)
    return shim


@pytest.mark.parametrize("name", ["dijkstra2d"])  # hillclimb2d's examples are there too
def test_tcod_path_doctests_pass_on_mcrdun(name, tcod_is_mcrdun):
    func = getattr(real_path, name)
    tests = [t for t in doctest.DocTestFinder().find(func, name, globs={}) if t.examples]
    assert tests, f"tcod.path.{name} has doctests"
    for t in tests:
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
        runner.run(t, out=sys.stdout.write)
        assert runner.failures == 0
        assert any("hillclimb2d" in e.source for e in t.examples) and any("edge_map" in e.source for e in t.examples)
        assert "mcrdun" in repr(sys.modules["tcod"].path)


def test_tcod_bsp_module_example_runs_on_mcrdun(tcod_is_mcrdun, capsys):
    code = re.search(r"Example::\n\n(.*)$", real_bsp.__doc__, re.S).group(1)
    exec(compile(textwrap.dedent(code), "tcod.bsp example", "exec"), {})
    out = capsys.readouterr().out
    assert "Dig a room for <BSP(" in out and "Connect the rooms:" in out
