"""What the Python API costs over the engine it calls, in one run: ``python bench/bench_api.py``.

1. ``ubongo.solve(text, names)`` against ``check(Puzzle(parse_figure(text), resolve(names)))``
   on the 600-puzzle workload's first puzzles (``bench/workload.py``): the API reads its
   arguments (figure text, piece names) and wraps the Verdict in an Answer.
2. A batch line's output built through ``Verdict.to_json`` (the one home of a verdict's JSON)
   against the dict the fast batch path built before.

The two sides of each take turns, round by round, in this process; each side's best and
median per call are printed, and their ratio from the best. Every answer is cross-checked
(same JSON from both sides); the exit status is 1 only when a check fails. ``--smoke``: a few
rounds (CI).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make ``bench`` importable
    sys.path.insert(0, str(ROOT))

import ubongo  # noqa: E402
from bench.workload import make_workload  # noqa: E402
from ubongo.solver import STANDARD, Puzzle, check, parse_figure  # noqa: E402
from ubongo.solver.engine import Verdict  # noqa: E402


def turns(
    sides: dict[str, Callable[[], object]], rounds: int, number: int
) -> dict[str, list[float]]:
    """Seconds per call of each side, a list per side, the sides taking turns each round."""
    found: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(rounds):
        for name, run in sides.items():
            found[name].append(min(timeit.repeat(run, number=number, repeat=3)) / number)
    return found


def report(title: str, found: dict[str, list[float]]) -> None:
    """Best and median per call of each side, and the ratio of the bests."""
    print(title)
    for name, xs in found.items():
        best, median = min(xs) * 1e6, statistics.median(xs) * 1e6
        print(f"  {name:<10} best {best:8.2f} us   median {median:8.2f} us")
    (a, xa), (b, xb) = found.items()
    print(f"  {a} / {b}: {min(xa) / min(xb):.2f}x (bests)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="a few rounds (CI)")
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    rounds, number = (2, 20) if args.smoke else (args.rounds, 200)
    items = make_workload(easy=10, hard=10, figures=0).puzzles
    jobs = [("/".join(i.puzzle.figure.rows()), [p.name for p in i.puzzle.pieces]) for i in items]

    def api() -> list[dict[str, object]]:
        return [ubongo.solve(text, names).to_json() for text, names in jobs]

    def direct() -> list[dict[str, object]]:
        out = []
        for text, names in jobs:
            puzzle = Puzzle(parse_figure(text), STANDARD.resolve(names))
            v = check(puzzle)
            rows = ubongo.Answer(puzzle, STANDARD, v).rows  # drawn as solve draws it
            out.append(v.to_json(rows))
        return out

    ok = api() == direct()
    found = turns({"api": api, "direct": direct}, rounds, max(1, number // len(jobs)))
    report(f"solve, {len(jobs)} puzzles per call", found)

    rows = ["CC..", "CBBB"]

    def through_verdict() -> dict[str, object]:
        return {"id": "1", **Verdict(True, tilings=1).to_json(rows, engine=False)}

    def plain_dict() -> dict[str, object]:
        out: dict[str, object] = {"id": "1", "solvable": True, "solution": rows}
        out["tilings"] = 1
        return out

    ok &= through_verdict() == plain_dict()
    sides = {"verdict": through_verdict, "dict": plain_dict}
    report("a batch line's output", turns(sides, rounds, number * 50))
    if not ok:
        print("FAILED: the two sides' answers differ", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
