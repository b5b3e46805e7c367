"""Shell completion: file names wherever a file goes; bundled set names where a SET goes; template
ids, sides, faces and piece names where ``TEMPLATE SIDE FACE`` or ``FIGURE PIECE...`` goes.

Completions are asked of click's own machinery (``ShellComplete.get_completions``, what the
sourced bash function ends up calling), in a folder holding a few files; one test runs the
``ubongo`` process the way the bash function does (``_UBONGO_COMPLETE=bash_complete``).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from hypothesis import given
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.puzzles import bundled, bundled_names

STANDARD_IDS = [t.id for t in bundled().templates]
SAMPLE_IDS = [t.id for t in bundled("sample").templates]


def complete(line: str) -> list[tuple[str, str]]:
    """(type, value) of each completion of the last word of ``line`` (``""`` after a space)."""
    words = shlex.split(line)[1:]
    incomplete = "" if line.endswith(" ") else words.pop()
    found = ShellComplete(main, {}, "ubongo", "_UBONGO_COMPLETE").get_completions(words, incomplete)
    return [(c.type, c.value) for c in found]


def plain(line: str) -> list[str]:
    """The plain words offered for ``line``."""
    return [value for kind, value in complete(line) if kind == "plain"]


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder with a set file, another file, a folder and a hidden file."""
    (tmp_path / "myset.json").write_text("{}")
    (tmp_path / "sample-notes.txt").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / ".hidden").write_text("")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_set_that_no_name_matches_is_left_to_the_shells_file_completion() -> None:
    """The issue's case: ``ubongo verify myse<TAB>`` completes the file name."""
    assert complete("ubongo verify myse") == [("file", "myse")]


@pytest.mark.parametrize("line", ["ubongo verify s", "ubongo render s", "ubongo stats sample s"])
def test_a_set_completes_bundled_names_and_paths(line: str) -> None:
    """Where names match, the matching paths come beside them (bash would drop the names
    beside a file completion); folders end in /, hidden files stay hidden."""
    assert plain(line) == ["standard", "sample", "standard-3d", "sample-notes.txt", "sub/"]


def test_every_bundled_set_is_offered_where_a_set_goes() -> None:
    assert set(bundled_names()) <= set(plain("ubongo verify "))
    assert set(bundled_names()) <= set(plain("ubongo solve --set "))
    assert ".hidden" not in plain("ubongo verify ")
    assert complete("ubongo verify --count .") == [("file", ".")]  # the shell's own


@pytest.mark.parametrize("option", ["--set", "--pieces"])
def test_set_options_complete_sets(option: str) -> None:
    assert plain(f"ubongo solve {option} sa")[:1] == ["sample"]


def test_show_offers_sets_then_templates_then_sides() -> None:
    assert plain("ubongo show ")[:2] == ["standard", "sample"]
    assert set(STANDARD_IDS) <= set(plain("ubongo show "))
    assert plain("ubongo show sample ") == SAMPLE_IDS
    assert plain("ubongo show 07 ") == ["easy", "hard"]
    assert plain("ubongo show sample 01 h") == ["hard"]
    assert plain("ubongo show 07 hard ") == []


@pytest.mark.parametrize("command", ["solve", "hint"])
def test_an_address_completes_template_side_face(command: str) -> None:
    assert plain(f"ubongo {command} 0")[:3] == ["01", "02", "03"]
    assert plain(f"ubongo {command} 07 ") == ["easy", "hard"]
    assert plain(f"ubongo {command} 07 hard ") == ["1", "2", "3", "4", "5", "6"]
    assert plain(f"ubongo {command} --set sample ")[: len(SAMPLE_IDS)] == SAMPLE_IDS


def test_pieces_follow_a_figure() -> None:
    assert plain("ubongo solve '##/##' I") == ["I2", "I3", "I4"]
    assert plain("ubongo solve '##/##' i") == ["I2", "I3", "I4"]  # any case, as solve reads


def test_a_set_that_cannot_be_read_offers_no_template(folder: Path) -> None:
    """A broken SET on the line: no template, no traceback."""
    assert plain("ubongo show myset.json ") == []
    assert plain("ubongo solve --set nosuchset ") == []
    assert complete("ubongo solve --set nosuchset x") == [("file", "x")]


@pytest.mark.parametrize(
    "line",
    [
        "ubongo score sess",
        "ubongo score --catalog c",
        "ubongo solve --batch b",
        "ubongo solve --svg s.",
        "ubongo analyze fig",
        "ubongo hint --board b",
        "ubongo render --pdf p",
        "ubongo render --html d",
        "ubongo generate -o o",
        "ubongo generate --atlas a",
        "ubongo atlas build -o a",
        "ubongo atlas stats a",
        "ubongo atlas sql a",
    ],
)
def test_file_arguments_complete_file_names(line: str) -> None:
    assert complete(line) == [("file", shlex.split(line)[-1])]


@given(st.sampled_from(STANDARD_IDS), st.data())
def test_any_prefix_of_a_template_id_offers_it(tid: str, data: st.DataObject) -> None:
    """Every word offered starts with what is typed, and the template is among them."""
    prefix = tid[: data.draw(st.integers(0, len(tid)))]
    words = plain(f"ubongo show {prefix}")
    assert tid in words
    assert all(w.casefold().startswith(prefix.casefold()) for w in words)


def test_the_bash_function_gets_type_and_word_lines(folder: Path) -> None:
    """The process the sourced bash function runs answers ``type,word`` lines."""
    env = {
        **os.environ,
        "_UBONGO_COMPLETE": "bash_complete",
        "COMP_WORDS": "ubongo verify sa",
        "COMP_CWORD": "2",
    }
    cmd = [sys.executable, "-m", "ubongo"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["plain,sample", "plain,sample-notes.txt"]
    env["COMP_WORDS"] = "ubongo verify myse"
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["file,myse"]
