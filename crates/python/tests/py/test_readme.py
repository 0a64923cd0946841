"""The README's Python examples run (in a scratch directory)."""

import os
import re

import pytest

README = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "README.md")


def blocks():
    with open(README) as f:
        text = f.read()
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_readme_has_python_examples():
    assert len(blocks()) == 3


@pytest.mark.parametrize("index", range(3))
def test_readme_python_example_runs(index, tmp_path, monkeypatch, capsys):
    # The vault example reads examples/vaults from the repository's root.
    monkeypatch.chdir(os.path.dirname(README) if index == 1 else tmp_path)
    exec(compile(blocks()[index], f"README python block {index}", "exec"), {})
    if index == 0:
        out = capsys.readouterr().out
        assert out.startswith("<mcrdun.Level bsp 80x40 seed=7:")
        assert os.path.getsize(tmp_path / "level.png") > 100
    if index == 1:
        assert "('nook'," in capsys.readouterr().out
