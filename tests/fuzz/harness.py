"""The fuzz suite's machinery: seed files, mutations as Hypothesis strategies, and one ``run``
that executes a command (in-process or as a subprocess) and checks what must hold for every
input, however hostile.

The properties of every run (issue 9):
  exit code 0, 1 or 2; no traceback and no exception but SystemExit; stderr short, and every
  line of it ``ubongo ...`` or click's usage format; done within ``--timeout`` (plus start-up);
  nothing written but the paths the command was asked to write; and no scoring engine crash
  dressed up as an invalid record ("engine error ... a bug in scoring.GAME").
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from ubongo.cli import main

ROOT = Path(__file__).resolve().parents[2]
UBONGO = str(Path(sys.executable).parent / "ubongo")
LONG = os.environ.get("UBONGO_FUZZ") == "long"
TIMEOUT = 5.0
SLACK = 3.0  # start-up, imports and a loaded 2-core machine, on top of --timeout
MAX_STDERR_LINES = 60
STDERR_LINE = re.compile(r"(ubongo\b|Usage: |Try '|Error: )")

OUTCOMES: Counter[str] = Counter()
"""Exit codes seen over the session, as ``"exit 0"`` etc.; conftest reports them."""


def fuzz_settings(default: int, long: int) -> settings:
    """A test's settings: a fixed seed and ``default`` cases, or ``long`` random ones."""
    return settings(
        max_examples=long if LONG else default,
        deadline=None,
        derandomize=not LONG,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # a shrink re-runs slow commands for minutes
        suppress_health_check=list(HealthCheck),
    )


# --- seed files ---------------------------------------------------------------------------------


def sample_set() -> dict[str, Any]:
    """The bundled sample set, as a JSON object."""
    return json.loads((ROOT / "puzzles" / "sample.json").read_text())  # type: ignore[no-any-return]


def small_set() -> dict[str, Any]:
    """The sample set cut to two templates, so that a mutation of it runs in well under 1 s."""
    doc = sample_set()
    doc["templates"] = doc["templates"][:2]
    return doc


def custom_pieces_set() -> dict[str, Any]:
    """A set with its own pieces, die labels and a name (every optional key of the format)."""
    return {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "custom",
        "pieces": {"D2": {"rows": ["##"], "code": "A"}, "V3": {"rows": ["#.", "##"], "code": "B"}},
        "die": ["a", "b"],
        "templates": [
            {"id": "t1", "easy": {"figure": ["###", "##."], "combos": [["D2", "V3"], ["A", "B"]]}}
        ],
    }


def _valid_id(text: str) -> bool:
    """An id the set format takes (docs/FORMAT.md): 1-64 printable characters, no spaces round."""
    return 0 < len(text) <= 64 and text.isprintable() and text == text.strip()


def hostile_names_set() -> dict[str, Any]:
    """A valid set whose name, die labels and template ids are hostile strings."""
    side = {"figure": ["###", "##."], "combos": [["I2", "L3"]]}
    ids = ["01", *(t for t in HOSTILE_TEXT[2:30] if _valid_id(t))]
    return {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "\x1b]0;t\x07 <b>ｗ\udcff\u202e",
        "die": ["\U0001f600"],
        "templates": [{"id": i, "easy": side, "hard": side} for i in dict.fromkeys(ids)],
    }


def format_set() -> dict[str, Any]:
    """The puzzle set that opens docs/FORMAT.md."""
    return json.loads(format_examples()[0])  # type: ignore[no-any-return]


def format_examples() -> list[str]:
    """The fenced JSON examples of docs/FORMAT.md (some are one object, some JSON Lines)."""
    text = (ROOT / "docs" / "FORMAT.md").read_text()
    return re.findall(r"```json\n(.*?)```", text, flags=re.S)


def session_records() -> list[dict[str, Any]]:
    """Valid records of every game: simulated Ubongo and Jaipur, FORMAT.md's Jambo and Amul."""
    records = []
    for game, players in (("ubongo", "3"), ("jaipur", "2")):
        out = CliRunner().invoke(main, ["simulate", game, "-p", players, "--seed", "5"]).stdout
        records.append(json.loads(out))
    for block in format_examples():
        for line in block.split("\n{"):
            try:
                doc = json.loads(line if line.startswith("{") else "{" + line)
            except json.JSONDecodeError:
                continue
            if isinstance(doc, dict) and doc.get("game") in ("jambo", "amul"):
                records.append(doc)
    camel = {"name": "Camel", "points": 1, "arab": 1}  # FORMAT.md's takes it from a catalog
    for record in records:
        for player in record["players"] if record["game"] == "amul" else []:
            player["cards"] = [camel if c == "Camel" else c for c in player["cards"]]
    return records


def batch_lines() -> list[dict[str, Any]]:
    """Valid ``solve --batch`` lines: FORMAT.md's two and a few more."""
    return [
        {"id": "p1", "figure": ["##..", "####"], "pieces": ["L3", "I3"]},
        {"id": "p2", "figure": "###/###", "pieces": ["T4", "I2"]},
        {"id": "p3", "figure": [".##.", "####", "####", ".#.."], "pieces": ["I2", "I4", "P5"]},
        {"id": 4, "figure": "##", "pieces": ["A"]},
    ]


FIGURES = [
    "###\n##.\n",
    "; a comment, as ubongo-utils writes\n.##.\n####\n####\n.#..\n",
    (ROOT / "examples" / "6x10.txt").read_text(),
    " ## \n####\n",
]
BOARDS = [".FFFF\n#####\n####.\n.##..\n", "AA#\n##.\n", ".##.\n####\n####\n.#..\n"]
BOARD_PIECES = [["I2", "I4", "S4", "Y5"], ["I2", "L3"], ["I2", "I4", "P5"]]


# --- mutations ----------------------------------------------------------------------------------

RAW = "\x00raw:"
"""A string value that stands for raw JSON text (a number too long, nesting too deep)."""

HOSTILE_TEXT = [
    "",
    " ",
    "../escaped",
    "../../etc/passwd",
    "/abs/olute",
    "a/b\\c",
    "..",
    ".",
    "=cmd|' /C calc'!A0",
    "+1+1",
    "@SUM(A1)",
    "<script>alert(1)</script>",
    '"><img src=x onerror=1>',
    "]]></svg>",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;owned\x07",
    "line\nbreak",
    "cr\rreturn",
    "tab\there",
    "nul\x00byte",
    "sep\u2028arated",
    "para\u2029graph",
    "\ufeffbom",
    "\u202eevil",
    "ｗｉｄｅ",
    "e\u0301",
    "\U0001f600",
    "\udcff",
    "x" * 10_000,
    "I2",
    "easy",
    "hard",
    "-",
    "--help",
    "%s%n%x",
    "{}",
]
HUGE_NUMBERS = [
    RAW + "9" * 5000,
    RAW + "-" + "9" * 5000,
    RAW + "1e400",
    RAW + "-1e400",
    RAW + "NaN",
    RAW + "Infinity",
    RAW + "-Infinity",
    RAW + "1.5",
    RAW + "-0",
    RAW + "0.0",
    2**63,
    -(2**63),
    -1,
    0,
    10**9,
    True,
    False,
]


def other_values() -> st.SearchStrategy[Any]:
    """A JSON value of any type, hostile where it can be."""
    scalars = st.one_of(
        st.none(),
        st.sampled_from(HUGE_NUMBERS),
        st.integers(-(10**6), 10**6),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(HOSTILE_TEXT),
        st.text(max_size=20),
    )
    return st.one_of(
        scalars,
        st.just(RAW + "[" * 100_000 + "]" * 100_000),
        st.just(RAW + "[" * 900 + "]" * 900),
        st.lists(scalars, max_size=3),
        st.dictionaries(st.sampled_from(HOSTILE_TEXT[:12]), scalars, max_size=3),
    )


Path_ = tuple[Any, ...]


def _paths(node: Any, here: Path_ = ()) -> Iterator[Path_]:
    """Every path to a node of a JSON tree, the root first."""
    yield here
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*here, i))


def _get(node: Any, path: Path_) -> Any:
    for step in path:
        node = node[step]
    return node


@st.composite
def mutated_json(draw: st.DrawFn, doc: Any, max_mutations: int = 3) -> Any:
    """``doc`` with one to a few structural mutations: keys deleted, duplicated or swapped,
    values replaced by other JSON types, items removed or repeated, containers emptied."""
    doc = json.loads(json.dumps(doc))  # a private copy
    for _ in range(draw(st.integers(1, max_mutations))):
        path = draw(st.sampled_from(list(_paths(doc))))
        if not path:
            if draw(st.booleans()):
                doc = draw(other_values())
            continue
        parent, key = _get(doc, path[:-1]), path[-1]
        op = draw(st.sampled_from(["delete", "replace", "duplicate", "swap", "empty", "rename"]))
        if op == "delete":
            del parent[key]
        elif op == "replace":
            parent[key] = draw(other_values())
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        elif op == "duplicate":
            parent[key + "\u200b"] = parent[key]  # a look-alike key
        elif op == "swap" and len(parent) > 1:
            keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
            other = draw(st.sampled_from(keys))
            parent[key], parent[other] = parent[other], parent[key]
        elif op == "empty" and isinstance(parent[key], list | dict):
            parent[key] = type(parent[key])()
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(HOSTILE_TEXT))] = parent.pop(key)
    return doc


def dumps(doc: Any) -> str:
    """``doc`` as JSON text, raw placeholders spliced in as they are."""
    raws: list[str] = []

    def spot(node: Any) -> Any:
        if isinstance(node, str) and node.startswith(RAW):
            raws.append(node[len(RAW) :])
            return f"\x00spot{len(raws) - 1}\x00"
        if isinstance(node, dict):
            return {k: spot(v) for k, v in node.items()}
        if isinstance(node, list):
            return [spot(v) for v in node]
        return node

    text = json.dumps(spot(doc), ensure_ascii=False)
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\x00spot{i}\x00", ensure_ascii=False), raw)
    return text.replace("\udcff", "\\udcff")  # a lone surrogate cannot be encoded, say it


@st.composite
def mutated_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with a byte-level accident: truncated, bad UTF-8, a BOM, CRLF, U+2028,
    control characters, an escape sequence, emptied, or doubled."""
    op = draw(
        st.sampled_from(
            ["truncate", "bad-utf8", "bom", "crlf", "u2028", "control", "empty", "double", "flip"]
        )
    )
    at = draw(st.integers(0, len(data)))
    if op == "truncate":
        return data[:at]
    if op == "bad-utf8":
        bad = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\xfe\xff"]))
        return data[:at] + bad + data[at:]
    if op == "bom":
        return b"\xef\xbb\xbf" + data
    if op == "crlf":
        return data.replace(b"\n", b"\r\n")
    if op == "u2028":
        return data[:at] + "\u2028".encode() + data[at:]
    if op == "control":
        junk = draw(st.sampled_from([b"\x00", b"\x1b[2J", b"\x1b]0;t\x07", b"\r", b"\x0c", b"\t"]))
        return data[:at] + junk + data[at:]
    if op == "empty":
        return b""
    if op == "double":
        return data + data
    return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]


def json_file(doc: Any) -> st.SearchStrategy[bytes]:
    """A JSON file made from ``doc``: mutated in structure, in bytes, or both."""
    structural = mutated_json(doc).map(lambda d: dumps(d).encode("utf-8", "surrogatepass"))
    whole = st.just(json.dumps(doc, indent=1).encode())
    return st.one_of(
        structural,
        whole.flatmap(mutated_bytes),
        structural.flatmap(mutated_bytes),
    )


def text_file(text: str) -> st.SearchStrategy[bytes]:
    """A text file made from ``text``: byte accidents, or hostile characters in its rows."""
    edited = st.tuples(st.integers(0, len(text)), st.sampled_from(HOSTILE_TEXT)).map(
        lambda p: (text[: p[0]] + p[1] + text[p[0] :]).encode("utf-8", "surrogatepass")
    )
    big = st.sampled_from(["#" * 5000 + "\n", ("#" * 50 + "\n") * 60, "#\n" * 3000])
    return st.one_of(st.just(text.encode()).flatmap(mutated_bytes), edited, big.map(str.encode))


# --- running a command --------------------------------------------------------------------------


@dataclass
class Run:
    """What a run of ``ubongo`` did."""

    code: int
    stdout: str
    stderr: str
    seconds: float


@contextmanager
def sandbox(beside: Sequence[str] = ()) -> Iterator[Path]:
    """A fresh folder inside a fresh parent, the working directory for the while; afterwards
    nothing may have appeared in the parent but the folder itself (and ``beside``: paths the
    command was asked to write there, as ``../NAME``)."""
    parent = Path(tempfile.mkdtemp(prefix="ubongo-fuzz-"))
    work = parent / "work"
    work.mkdir()
    here = os.getcwd()
    os.chdir(work)
    try:
        yield work
        allowed = {"work", *(name.removeprefix("../") for name in beside)}
        assert {p.name for p in parent.iterdir()} <= allowed, list(parent.iterdir())
    finally:
        os.chdir(here)
        shutil.rmtree(parent, ignore_errors=True)


def invoke(args: Sequence[str], stdin: bytes | None = None) -> Run:
    """Run ``ubongo ARGS`` in this process with click's runner."""
    start = time.monotonic()
    result = CliRunner().invoke(main, list(args), input=stdin)
    seconds = time.monotonic() - start
    error = result.exception
    assert error is None or isinstance(error, SystemExit), (args, result.exc_info)
    return Run(result.exit_code, result.stdout, result.stderr, seconds)


def spawn(args: Sequence[str], stdin: bytes | None = None) -> Run:
    """Run ``ubongo ARGS`` as a process of its own."""
    start = time.monotonic()
    done = subprocess.run(
        [UBONGO, *args], input=stdin or b"", capture_output=True, timeout=limit(args) + 1
    )
    seconds = time.monotonic() - start
    decode: Callable[[bytes], str] = lambda b: b.decode("utf-8", "replace")  # noqa: E731
    return Run(done.returncode, decode(done.stdout), decode(done.stderr), seconds)


def run(
    args: Sequence[str],
    files: dict[str, bytes],
    *,
    writes: Sequence[str] = (),
    stdin: bytes | None = None,
    process: bool = False,
) -> Run:
    """Write ``files`` into a sandbox, run ``ubongo ARGS`` there and check every property;
    ``writes`` are the only new paths (files or folders) the command may leave behind."""
    with sandbox([w for w in writes if w.startswith("../")]) as work:
        for name, data in files.items():
            (work / name).write_bytes(data)
        before = set(os.listdir(work))
        result = (spawn if process else invoke)(args, stdin)
        after = set(os.listdir(work))
        for name in after - before:
            written(work / name)
    OUTCOMES[f"exit {result.code}"] += 1
    check(args, result)
    assert after - before <= set(writes), (args, after - before)
    assert before <= after, (args, before - after)
    return result


def written(path: Path) -> None:
    """A file a command wrote is whole and well-formed; in a folder, every file is."""
    if path.is_dir():
        for inner in path.iterdir():
            written(inner)
        return
    data = path.read_bytes()
    if path.suffix == ".svg":
        ET.fromstring(data)
    elif path.suffix == ".json":
        json.loads(data)
    elif path.suffix == ".pdf":
        assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF"), path
        return
    elif path.suffix == ".png":  # the page's app icons (render --html)
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82"), path
        return
    elif path.suffix == ".html":
        assert data.rstrip().endswith(b"</html>"), path
    data.decode("utf-8")


def check(args: Sequence[str], result: Run) -> None:
    """The properties every run has, whatever its input."""
    why = (list(args)[:8], result.code, result.stderr[-2000:])
    assert result.code in (0, 1, 2), why
    assert "Traceback" not in result.stdout + result.stderr, why
    assert "engine error" not in result.stdout + result.stderr, why
    lines = result.stderr.splitlines()
    assert len(lines) <= MAX_STDERR_LINES, why
    assert all(STDERR_LINE.match(line) for line in lines if line.strip()), why
    if "--timeout" in args:
        assert result.seconds <= limit(args), (why, result.seconds)


def limit(args: Sequence[str]) -> float:
    """How long a run may take: its --timeout and the slack for start-up."""
    given = list(args)
    seconds = float(given[given.index("--timeout") + 1]) if "--timeout" in given else TIMEOUT
    return seconds + SLACK


def processes(field: int, value: int) -> list[int]:
    """Running processes whose /proc stat field (1: parent, 2: process group) is ``value``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended while being read
        if int(fields[field]) == value and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found
