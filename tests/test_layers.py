"""The layering rule: each layer imports only the layers below it, and click only in cli/.

    cli/  ->  api/ (``ubongo`` itself)  ->  render/, generator/  ->  puzzles/  ->  solver/
    scoring/ stands apart (only cli/ and api/ use it)

Every folder installs as a subpackage of ``ubongo`` (``solver/`` as ``ubongo.solver``...), so an
import names a layer by its second part (``ubongo.solver.bits``), by a relative path resolved
against the importing module's package (``from ..solver import bits``), or by ``ubongo`` alone
(the API). The one exception is the python-chess style: ``_repr_svg_`` and ``_repr_html_``
methods may import ``render`` lazily, inside the method, so a notebook can draw a result.

Only cli/ and the API touch the user's files, and the API only reads them: no layer below the
API opens, writes, renames or deletes files, through ``open`` or any other door
(``Path.write_text``, ``os.replace``, ``shutil``, ``duckdb.connect`` on a path...); reading the
package's own data through ``importlib.resources.files`` is allowed. The API may ``open`` a
file for reading (a literal mode without ``w``, ``a``, ``x`` or ``+``): ``ubongo.load_set(path)``
is what a library user reaches for, and it must read a set exactly as ``ubongo verify PATH``
does, so the one reader lives in the API's layer (``api/_files.py``) and the CLI calls it.
Each check is shown to fail on a deliberate violation (the ``*_catches_*`` tests below), so a
checker that silently stopped seeing would be noticed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
API = "api"  # the folder installed as ``ubongo`` itself
BELOW = {
    "cli": {API, "render", "generator", "puzzles", "solver", "scoring"},
    API: {"render", "generator", "puzzles", "solver", "scoring"},
    "render": {"puzzles", "solver"},
    "generator": {"puzzles", "solver"},
    "puzzles": {"solver"},
    "solver": set(),
    "scoring": set(),
}
LAZY_OK = {"_repr_svg_", "_repr_html_"}

# Calls that reach the file system, by the name called: any receiver for the names that only
# files have, module-qualified for the names that strings and others share (str.replace...).
FILE_METHODS = {
    "open", "read_text", "write_text", "read_bytes", "write_bytes", "unlink", "mkdir", "rmdir",
    "touch", "rename", "symlink_to", "hardlink_to", "iterdir", "glob", "rglob", "fdopen",
    "makedirs", "removedirs", "mkstemp", "mkdtemp", "NamedTemporaryFile", "TemporaryDirectory",
}  # fmt: skip
FILE_MODULES = {"os", "shutil", "io", "tempfile", "duckdb", "sqlite3", "zipfile", "tarfile"}
MODULE_CALLS_OK = {
    ("os", "cpu_count"), ("os", "getpid"), ("os", "fspath"), ("io", "StringIO"), ("io", "BytesIO"),
}  # fmt: skip
READS = {"read_text", "read_bytes"}  # what the API may call to read a user's file
RESOURCE_ROOTS = {"files", "as_file"}  # importlib.resources: the package's own data


@dataclass(frozen=True)
class Import:
    layer: str | None  # the layer imported, or None for a module outside the project
    where: str  # the enclosing function, or '' at module level
    name: str  # as written, for messages
    bare: bool  # a project folder imported by its bare name (``import solver``): never installed


def layer_of(folder: str) -> str:
    return API if folder == "" else folder


def resolve(module: str, level: int, package: str) -> str:
    """The absolute name of ``from <level dots><module> import``, seen from ``package``."""
    if level == 0:
        return module
    parts = package.split(".")
    base = parts[: len(parts) - level + 1]
    return ".".join([*base, module] if module else base)


def target(name: str) -> tuple[str | None, bool]:
    """(layer, bare) of an absolute module name."""
    parts = name.split(".")
    if parts[0] == "ubongo":
        if len(parts) == 1 or parts[1] not in BELOW:
            return API, False
        return parts[1], False
    if parts[0] in BELOW and parts[0] != API:
        return parts[0], True
    return None, False


def package_of(path: Path) -> str:
    """The installed package of a source file: api/x.py -> ubongo, puzzles/atlas/y.py ->
    ubongo.puzzles.atlas."""
    parts = path.relative_to(ROOT).parent.parts
    return ".".join(["ubongo", *(parts[1:] if parts[0] == API else parts)])


def imports(source: str, package: str) -> list[Import]:
    """Every import in a module's source, resolved, with its enclosing function."""
    found: list[Import] = []

    def add(name: str, where: str) -> None:
        layer, bare = target(name)
        found.append(Import(layer, where, name, bare))

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = (
                child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else where
            )
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(alias.name, where)
            elif isinstance(child, ast.ImportFrom):
                base = resolve(child.module or "", child.level, package)
                if child.level and not child.module:  # from . import x: x may be a module
                    for alias in child.names:
                        add(f"{base}.{alias.name}", where)
                else:
                    add(base, where)
            visit(child, inner)

    visit(ast.parse(source), "")
    return found


def violations(layer: str, source: str, package: str) -> list[str]:
    """What one module of ``layer`` imports that the rule forbids."""
    bad = []
    for imp in imports(source, package):
        if imp.bare:
            bad.append(f"imports {imp.name} by its bare name, not as ubongo.{imp.name}")
        elif imp.layer is not None and imp.layer != layer and imp.layer not in BELOW[layer]:
            if imp.where not in LAZY_OK:
                bad.append(f"imports {imp.name}" + (f" in {imp.where}()" if imp.where else ""))
        elif imp.name.split(".")[0] == "click" and layer != "cli":
            bad.append("imports click")
    return bad


def file_calls(source: str, reads: bool = False) -> list[str]:
    """The calls in a module's source that can reach the file system; with ``reads``, all but
    an ``open`` for reading."""
    tree = ast.parse(source)
    resources = {  # names bound to importlib.resources objects: reading package data is fine
        t.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.NamedExpr)
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Name) and _root_call(node.value) in RESOURCE_ROOTS
    }
    bad = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in FILE_METHODS:
            if reads and (func.id in READS or func.id == "open" and _reading(node)):
                continue
            bad.append(f"{func.id}() at line {node.lineno}")
        elif isinstance(func, ast.Attribute):
            owner = func.value
            module = owner.id if isinstance(owner, ast.Name) else None
            if module in FILE_MODULES and (module, func.attr) not in MODULE_CALLS_OK:
                if reads and module == "duckdb" and _read_only(node):
                    continue  # the API opens an atlas to read it
                bad.append(f"{module}.{func.attr}() at line {node.lineno}")
            elif func.attr in FILE_METHODS:
                if _root_call(owner) in RESOURCE_ROOTS or module in resources:
                    continue
                if reads and func.attr in READS:
                    continue
                bad.append(f".{func.attr}() at line {node.lineno}")
    return bad


def _read_only(call: ast.Call) -> bool:
    """Whether a ``duckdb.connect`` call says ``read_only=True`` in so many words."""
    return any(
        k.arg == "read_only" and isinstance(k.value, ast.Constant) and k.value.value is True
        for k in call.keywords
    )


def _reading(call: ast.Call) -> bool:
    """Whether an ``open`` call's mode is a literal that only reads (``"r"``, ``"rb"``)."""
    modes = [*call.args[1:2], *(k.value for k in call.keywords if k.arg == "mode")]
    if not modes:
        return True  # open's default mode reads text
    mode = modes[0]
    return (
        isinstance(mode, ast.Constant)
        and isinstance(mode.value, str)
        and not set(mode.value) & set("wax+")
    )


def _root_call(node: ast.AST) -> str:
    """The name of the call a chain like ``files("x").joinpath("y")`` starts from, or ''."""
    while isinstance(node, ast.Attribute | ast.Call):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node.func.id
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in RESOURCE_ROOTS
            and not isinstance(node.func.value, ast.Call)
        ):
            return node.func.attr  # resources.files("x")
        node = node.func if isinstance(node, ast.Call) else node.value
    return ""


ENTRY = ROOT / API / "__main__.py"  # ``python -m ubongo`` is the command: it is of cli's layer


def modules(layer: str) -> list[Path]:
    found = sorted(p for p in (ROOT / layer).rglob("*.py") if p != ENTRY)
    return [*found, ENTRY] if layer == "cli" else found


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("layer", sorted(BELOW))
def test_each_layer_imports_only_the_layers_below(layer: str) -> None:
    bad = [
        f"{path.relative_to(ROOT)} {v}"
        for path in modules(layer)
        for v in violations(layer, read(path), package_of(path))
    ]
    assert not bad


def test_the_import_graph_of_the_layers_has_no_cycle() -> None:
    edges = {
        layer: {
            imp.layer
            for path in modules(layer)
            for imp in imports(read(path), package_of(path))
            if imp.layer is not None and imp.layer != layer and imp.where not in LAZY_OK
        }
        for layer in BELOW
    }
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, f"cycle: {' -> '.join((*path, node))}"
        if node not in done:
            for nxt in edges[node]:
                visit(nxt, (*path, node))
            done.add(node)

    for layer in edges:
        visit(layer, ())


def test_libraries_touch_no_user_files() -> None:
    """Only cli/ reads and writes the user's files; the API only reads them."""
    bad = [
        f"{path.relative_to(ROOT)}: {call}"
        for layer in set(BELOW) - {"cli"}
        for path in modules(layer)
        for call in file_calls(read(path), reads=layer == API)
    ]
    assert not bad


def test_every_folder_is_a_layer() -> None:
    """A new top-level package folder must be given its place in the rule."""
    folders = {
        p.parent.name for p in ROOT.glob("*/__init__.py") if p.parent.name not in {"tests", "bench"}
    }
    assert folders == set(BELOW)


# The checks themselves, on deliberate violations: each must be seen.

PUZZLES = "ubongo.puzzles"


@pytest.mark.parametrize(
    "layer, package, source",
    [
        ("solver", "ubongo.solver", "from ubongo.puzzles import Template\n"),
        ("solver", "ubongo.solver", "import ubongo.render.svg\n"),
        ("solver", "ubongo.solver", "from ..cli import main\n"),
        ("solver", "ubongo.solver", "from .. import render\n"),
        ("puzzles", "ubongo.puzzles.atlas", "from ...generator import design\n"),
        ("puzzles", PUZZLES, "import ubongo\n"),  # the API sits above puzzles
        ("puzzles", PUZZLES, "from ubongo import solve\n"),
        ("puzzles", PUZZLES, "import solver.bits\n"),  # a bare name: not what is installed
        ("render", "ubongo.render", "def f():\n    from ubongo.generator import design\n"),
        ("scoring", "ubongo.scoring", "from ubongo.solver import bits\n"),
        ("solver", "ubongo.solver", "import click\n"),
        (API, "ubongo", "from ubongo.cli import main\n"),
    ],
)
def test_the_import_check_catches_a_violation(layer: str, package: str, source: str) -> None:
    assert violations(layer, source, package)


@pytest.mark.parametrize(
    "layer, package, source",
    [
        ("puzzles", PUZZLES, "from ubongo.solver import bits\nfrom .atlas import query\n"),
        ("puzzles", "ubongo.puzzles.atlas", "from ..sample import x\nfrom . import build\n"),
        ("solver", "ubongo.solver", "def _repr_svg_(self):\n    from ubongo.render import svg\n"),
        ("cli", "ubongo.cli", "import click\nfrom ubongo import solve\n"),
        (API, "ubongo", "from ubongo.solver import bits\nfrom .results import Verdict\n"),
    ],
)
def test_the_import_check_allows_what_the_rule_allows(
    layer: str, package: str, source: str
) -> None:
    assert violations(layer, source, package) == []


@pytest.mark.parametrize(
    "source",
    [
        "open('x')\n",
        "from pathlib import Path\nPath('x').write_text('y')\n",
        "def f(p):\n    return p.read_bytes()\n",
        "import os\nos.replace('a', 'b')\n",
        "import os\nos.remove('a')\n",
        "import io\nio.open('a')\n",
        "import shutil\nshutil.copyfile('a', 'b')\n",
        "import tempfile\ntempfile.mkstemp()\n",
        "import duckdb\nduckdb.connect('atlas.duckdb')\n",
        "def f(folder):\n    return list(folder.glob('*.json'))\n",
    ],
)
def test_the_file_check_catches_file_access(source: str) -> None:
    assert file_calls(source)


@pytest.mark.parametrize(
    "source",
    [
        "open('x', 'w')\n",
        "open('x', mode='ab')\n",
        "open('x', 'r+')\n",
        "def f(p, m):\n    return open(p, m)\n",  # a mode not written out: maybe a write
        "from pathlib import Path\nPath('x').write_text('y')\n",
        "import os\nos.replace('a', 'b')\n",
        "import duckdb\nduckdb.connect('atlas.duckdb')\n",
        "import duckdb\nduckdb.connect('atlas.duckdb', read_only=False)\n",
    ],
)
def test_the_file_check_catches_an_api_write(source: str) -> None:
    assert file_calls(source, reads=True)


def test_the_file_check_lets_the_api_read() -> None:
    source = (
        "open('x', 'rb')\nopen('y')\nopen('z', mode='r')\nPath('w').read_text()\n"
        "duckdb.connect('a.duckdb', read_only=True)\n"
    )
    assert file_calls(source, reads=True) == []
    assert len(file_calls(source)) == 5  # the layers below may not even read


@pytest.mark.parametrize(
    "source",
    [
        "from importlib.resources import files\nfiles('ubongo.x').joinpath('a').read_text()\n",
        "from importlib import resources\nresources.files('x').joinpath('y').read_text()\n",
        "from importlib.resources import files\nres = files('x')\nres.read_text()\n",
        "text = 'a-b'.replace('-', '+')\n",
        "import os\nos.environ.get('UBONGO_PURE')\n",
    ],
)
def test_the_file_check_allows_package_data_and_strings(source: str) -> None:
    assert file_calls(source) == []
