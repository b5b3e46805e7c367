"""The layering rule: each layer imports only the layers below it, and click only in cli/.

    cli/  ->  render/, generator/  ->  puzzles/  ->  solver/;   scoring/ stands apart

The one exception is the python-chess style: ``_repr_svg_`` methods may import ``render``
lazily, inside the method, so a notebook can draw a figure.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BELOW = {
    "cli": {"render", "generator", "puzzles", "solver", "scoring"},
    "render": {"puzzles", "solver"},
    "generator": {"puzzles", "solver"},
    "puzzles": {"solver"},
    "solver": set(),
    "scoring": set(),
}
LAZY_OK = {"_repr_svg_"}


def imports(path: Path) -> list[tuple[str, str]]:
    """(imported top-level name, enclosing function or '') for every import in a module."""
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef) else where
            if isinstance(child, ast.Import):
                found.extend((a.name.split(".")[0], where) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                found.append((child.module.split(".")[0], where))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(BELOW))
def test_each_layer_imports_only_the_layers_below(package: str) -> None:
    bad = [
        f"{path.relative_to(ROOT)} imports {name}" + (f" in {where}()" if where else "")
        for path in modules(package)
        for name, where in imports(path)
        if name in BELOW and name != package and name not in BELOW[package]
        if where not in LAZY_OK
    ]
    assert not bad


@pytest.mark.parametrize("package", sorted(set(BELOW) - {"cli"}))
def test_click_lives_only_in_cli(package: str) -> None:
    users = [
        str(p.relative_to(ROOT)) for p in modules(package) for n, _ in imports(p) if n == "click"
    ]
    assert not users


def test_the_import_graph_of_the_layers_has_no_cycle() -> None:
    edges = {
        package: {
            name
            for path in modules(package)
            for name, where in imports(path)
            if name in BELOW and name != package and where not in LAZY_OK
        }
        for package in BELOW
    }
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, f"cycle: {' -> '.join((*path, node))}"
        if node not in done:
            for nxt in edges[node]:
                visit(nxt, (*path, node))
            done.add(node)

    for package in edges:
        visit(package, ())


def test_libraries_open_no_user_files() -> None:
    """Only cli/ reads and writes the user's files: no open() in the layers below."""
    bad = [
        str(path.relative_to(ROOT))
        for package in set(BELOW) - {"cli"}
        for path in modules(package)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "open"
    ]
    assert not bad
