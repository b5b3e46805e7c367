"""The peer's side of ``bench/bench_3d.py``: Thilo-J/Tiling3D (PyPI ``tiling3d``) on our problems.

Run by bench_3d.py with the Python of a scratch venv that has ``tiling3d`` installed (never a
project dependency); it imports only the standard library and tiling3d (with its numpy, dxz and
exact_cover). One JSON document on stdin::

    {"repeat": 3, "problems": [{"figure": [[layer, row, col], ...],
                                "pieces": [["A", [[layer, row, col], ...]], ...]}, ...],
     "soma": {"figure": ..., "pieces": ...} or null}

and one on stdout: the version, then per measure the best wall seconds of ``repeat`` passes over
all the problems and the answers of the last pass:

    count   ``count_solutions(TilingProblem(...))``: its 0/1 matrix built in Python, then DLX (dxz)
    first   ``get_single_solution(...)``: the matrix, then exact_cover's first cover; the answer
            is the tiling as [[piece, [[layer, row, col], ...]], ...], or null when there is none
    matrix  ``create_exact_cover_matrix`` alone
    search  ``dxz.dxz_count`` alone, on matrices built beforehand

and Soma's count in process (``soma``). ``--one-soma``: count Soma once and print the count
(bench_3d.py times that as a whole process). The problem, as TilingProblem's docstring asks, is a
cuboid whose cells outside the figure are 1 (filled in). Coordinates are used as given, axis for
axis, so the figure and the blocks keep their handedness.
"""

from __future__ import annotations

import json
import sys
import time
from importlib.metadata import version
from typing import Any


def problem(spec: dict[str, Any]) -> Any:
    """A TilingProblem: the figure's bounding cuboid with the cells outside it filled in."""
    import numpy as np
    from tiling3d.tiling_objects import Cuboid, Tile, TilingProblem

    cells = [tuple(p) for p in spec["figure"]]
    extent = tuple(1 + max(p[k] for p in cells) for k in range(3))
    form = np.ones(extent, dtype=int)
    for p in cells:
        form[p] = 0
    tiles = [Tile(name, "", [tuple(c) for c in shape]) for name, shape in spec["pieces"]]
    return TilingProblem(tiles, Cuboid("figure", form))


def first(spec: dict[str, Any]) -> list[Any] | None:
    """The first tiling the peer finds, as [piece, cells] pairs (cells in our axis order)."""
    from exact_cover.error import NoSolution
    from tiling3d.tiling_solver import get_single_solution

    try:
        found = get_single_solution(problem(spec))
    except NoSolution:
        return None
    # the peer gives a placed tile's cells axis-reversed (np.where's indices, last axis first)
    return [
        [t.name, [[int(x) for x in reversed(c)] for c in t.coordinates]]
        for t in found.solution_tiles
    ]


def count(spec: dict[str, Any]) -> int:
    """The peer's number of tilings."""
    from tiling3d.tiling_solver import count_solutions

    return int(count_solutions(problem(spec)))


def best(run: Any, items: list[Any], repeat: int) -> tuple[float, list[Any]]:
    """Best wall seconds of ``repeat`` passes of ``run`` over ``items``, and the last answers."""
    fastest, out = float("inf"), []
    for _ in range(repeat):
        start = time.perf_counter()
        out = [run(x) for x in items]
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, out


def main() -> int:
    data = json.load(sys.stdin)
    if "--one-soma" in sys.argv:
        print(count(data["soma"]))
        return 0
    import dxz
    from tiling3d.tiling_solver import create_exact_cover_matrix

    problems, repeat = data["problems"], data["repeat"]
    count(problems[0])  # imports and first calls outside the timings
    out: dict[str, Any] = {"version": version("tiling3d"), "n": len(problems)}
    for name, run in (("count", count), ("first", first)):
        seconds, answers = best(run, problems, repeat)
        out[name] = {"seconds": seconds, "answers": answers}
    seconds, mats = best(lambda s: create_exact_cover_matrix(problem(s))[1], problems, repeat)
    out["matrix"] = {"seconds": seconds}
    flat = [(m.shape[0], m.shape[1], m.flatten()) for m in mats]
    seconds, answers = best(lambda f: int(dxz.dxz_count(*f)), flat, repeat)
    out["search"] = {"seconds": seconds, "answers": answers}
    if data.get("soma"):
        seconds, answers = best(count, [data["soma"]], data.get("soma_repeat", repeat))
        out["soma"] = {"seconds": seconds, "answers": answers}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
