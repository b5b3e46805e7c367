"""The docs are tests: every example of README.md, docs/FORMAT.md and docs/EDITIONS.md runs as
printed.

Conventions the two documents follow:

- A ```console block is a terminal session. A line starting with ``$ `` is a command; the
  lines after it, up to the next command, are what it prints (stdout and stderr together,
  in order). The commands of a block run one by one with bash, in order, in one fresh
  temporary copy of the repository (without .git and .venv), with the folder of the Python
  running these tests first on PATH, so ``ubongo`` is the one installed there. Shell lines
  (``> nights.jsonl``, pipes) work; a pipe fails when any of its commands fails.
- In the printed output a line of just ``...`` stands for any number of lines (none too).
  A number followed by `` s`` (``2.0 s``) is a timing and matches any number of seconds.
  Trailing spaces are ignored; nothing else may differ.
- Every command must exit 0 or 1 (1 is a failure the example shows; 2, a usage error, means
  the example is wrong) and never print a traceback.
- A fenced block (```json, ```text, ...) whose last non-blank line before it ends with a
  file name in backticks and a colon, such as ``A batch file, `puzzles.jsonl`:``, is a file:
  it is written into the copy, under that name, before each later console block of the same
  document runs. Other blocks (```sh set-up, ```text drawings) are not run.
- The table of the standard pieces in docs/FORMAT.md is checked against the pieces.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "docs/FORMAT.md", "docs/EDITIONS.md")
SKIP = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.egg-info", "build", "dist", ".*_cache"
)
FENCE = re.compile(r"^(\s*)```(\w*)")
FILE_NAME = re.compile(r"`([\w.-]+\.\w+)`:\s*$")
SECONDS = re.compile(r"\b\d+(?:\.\d+)? s\b")


@dataclass(frozen=True)
class Fence:
    """A fenced block of a document: its language, first line number, text and file name."""

    lang: str
    line: int
    body: tuple[str, ...]
    file: str | None


@dataclass(frozen=True)
class Command:
    """One ``$ `` line of a console block and the output printed under it."""

    line: int
    shell: str
    expected: tuple[str, ...]


def fences(text: str) -> list[Fence]:
    """Every fenced block of a Markdown text, dedented to its fence."""
    lines = text.splitlines()
    found: list[Fence] = []
    before = ""
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            before = lines[i] if lines[i].strip() else before
            i += 1
            continue
        indent = len(m.group(1))
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip().startswith("```"))
        body = tuple(line[indent:] for line in lines[i + 1 : end])
        name = FILE_NAME.search(before)
        found.append(Fence(m.group(2), i + 1, body, name.group(1) if name else None))
        before = ""
        i = end + 1
    return found


def commands(fence: Fence) -> list[Command]:
    """The commands of a console block, each with the lines it prints."""
    found: list[Command] = []
    for offset, line in enumerate(fence.body, 1):
        if line.startswith("$ "):
            found.append(Command(fence.line + offset, line[2:], ()))
        elif found:
            last = found[-1]
            found[-1] = Command(last.line, last.shell, (*last.expected, line))
        else:
            raise AssertionError(f"line {fence.line + offset}: output before any '$ ' command")
    return found


def console_cases() -> list[tuple[str, Fence, tuple[Fence, ...]]]:
    """(document, console block, the file blocks before it) for every console block."""
    cases = []
    for doc in DOCS:
        blocks = fences((ROOT / doc).read_text(encoding="utf-8"))
        for k, fence in enumerate(blocks):
            if fence.lang == "console":
                files = tuple(f for f in blocks[:k] if f.file is not None)
                cases.append((doc, fence, files))
    return cases


def _timeless(line: str) -> str:
    """A line with its timings blanked and its trailing spaces gone."""
    return SECONDS.sub("<N> s", line.rstrip())


def matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Whether printed lines match the documented ones (``...`` = any lines, timings free)."""
    pattern = "".join(
        r"(?:.*\n)*?" if line.strip() == "..." else re.escape(_timeless(line)) + r"\n"
        for line in expected
    )
    text = "".join(_timeless(line) + "\n" for line in actual)
    return re.fullmatch(pattern, text) is not None


def run(shell: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A documented shell line run with bash, stdout and stderr in one stream, in order."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONUNBUFFERED"] = "1"  # stderr and stdout interleave as on a terminal
    env.pop("NO_COLOR", None)
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("doc", "fence", "files"),
    console_cases(),
    ids=[f"{doc}:{fence.line}" for doc, fence, _ in console_cases()],
)
def test_console_block(doc: str, fence: Fence, files: tuple[Fence, ...], tmp_path: Path) -> None:
    """Each command of the block prints what the document shows, in a copy of the repo."""
    work = tmp_path / "repo"
    shutil.copytree(ROOT, work, ignore=SKIP)
    for f in files:
        (work / str(f.file)).write_text("\n".join(f.body) + "\n", encoding="utf-8")
    for cmd in commands(fence):
        done = run(cmd.shell, work)
        actual = done.stdout.splitlines()
        where = f"{doc}:{cmd.line}: $ {cmd.shell}"
        assert "Traceback" not in done.stdout, f"{where}\n{done.stdout}"
        assert done.returncode in (0, 1), f"{where}: exit {done.returncode}\n{done.stdout}"
        diff = "\n".join(difflib.unified_diff(cmd.expected, actual, "documented", "printed"))
        assert matches(cmd.expected, actual), f"{where}\n{diff}"


def test_every_document_has_examples() -> None:
    """Both documents hold console blocks, and each console block holds a command."""
    docs = {doc for doc, _, _ in console_cases()}
    assert docs == set(DOCS)
    assert all(commands(fence) for _, fence, _ in console_cases())


@pytest.mark.parametrize(
    ("expected", "actual", "ok"),
    [
        (("a", "...", "d"), ["a", "b", "c", "d"], True),
        (("a", "...", "b"), ["a", "b"], True),
        (("a", "b"), ["a", "c"], False),
        (("a",), ["a", "b"], False),
        (("took 2.0 s",), ["took 13.75 s"], True),
        (("2 sapphires",), ["3 sapphires"], False),
        (("x  ",), ["x"], True),
    ],
)
def test_matching_rules(expected: tuple[str, ...], actual: list[str], ok: bool) -> None:
    """``...`` spans lines, seconds are free, every other difference is a mismatch."""
    assert matches(expected, actual) is ok


def test_file_blocks_are_named_by_the_line_before() -> None:
    """A block after a line ending in `` `NAME`: `` is the file NAME; others are not files."""
    text = "A batch, `p.jsonl`:\n\n```json\n{}\n```\nplain:\n```json\n[]\n```\n"
    found = fences(text)
    assert [(f.file, f.body) for f in found] == [("p.jsonl", ("{}",)), (None, ("[]",))]


PIECE_ROW = re.compile(r"^\| (\w+) \| (\w) \| (\d+) \| (.+?) \| (\d+) \|$", re.M)


def test_format_piece_table_matches_the_pieces() -> None:
    """docs/FORMAT.md's table of the 12 standard pieces: names, codes, cells, shapes, turns."""
    from ubongo.solver.pieces import STANDARD

    text = (ROOT / "docs/FORMAT.md").read_text(encoding="utf-8")
    rows = PIECE_ROW.findall(text)
    assert [r[0] for r in rows] == list(STANDARD)
    for name, code, cells, shape, turns in rows:
        piece = STANDARD[name]
        drawn = [r.replace(code, "#") for r in piece.rows()]
        assert (code, int(cells), int(turns)) == (piece.code, piece.area, len(piece.orientations))
        assert [s.strip("` ") for s in shape.split("/")] == drawn, name
