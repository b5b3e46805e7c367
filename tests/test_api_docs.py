"""docs/API.md is a test: its ```pycon blocks run with doctest, from the repository folder.

Each block is a Python session (``>>>`` lines and what they print); the blocks of the page
run in order in one namespace, as a reader would type them. A broken example fails here.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "API.md"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
FLAGS = doctest.ELLIPSIS


def blocks(text: str) -> list[tuple[str, str]]:
    """(language, body) of each fenced block of a Markdown text."""
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(text)]


def run(text: str, name: str) -> doctest.TestResults:
    """The doctest results of the ``>>>`` examples in ``text``, run in one namespace."""
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=lambda _: None)
    return runner.summarize(verbose=False)


def test_every_example_of_the_page_runs_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files of the repository (examples/6x10.txt)
    result = run(PAGE.read_text(encoding="utf-8"), "API.md")
    assert result.attempted >= 40
    assert result.failed == 0


def test_the_examples_are_in_python_session_blocks() -> None:
    text = PAGE.read_text(encoding="utf-8")
    found = blocks(text)
    sessions = [body for lang, body in found if lang == "pycon"]
    assert len(sessions) >= 10 and all(body.startswith(">>> ") for body in sessions)
    assert sum(body.count("\n>>> ") + 1 for body in sessions) == text.count("\n>>> ")
    assert all(lang == "pycon" for lang, body in found if ">>> " in body)


def test_a_wrong_example_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    text = PAGE.read_text(encoding="utf-8")
    first = next(body for lang, body in blocks(text) if lang == "pycon")
    broken = first.replace(".FK.", ".KF.", 1)
    assert broken != first
    assert run(broken, "broken").failed > 0
