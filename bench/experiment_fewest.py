"""Experiment (issue 13, point 6): the C core's first tiling, lowest empty cell against the cell
with the fewest placements, on 11-12-piece puzzles. Run: python bench/experiment_fewest.py 80"""

import random
import statistics
import sys
import time

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
import bench.workload as W
from solver import bitboard
from solver.bitboard import Tiling, compile_puzzle
from solver.limits import CHECK_EVERY
from solver.verify import is_solution

W.BOX = (9, 12)
rng = random.Random("big")
items = [W.random_puzzle(11 + i % 2, rng) for i in range(int(sys.argv[1]))]
items = [it for it in items if bitboard.uses_core(compile_puzzle(it.puzzle, table=False))]
print(len(items), "puzzles fit 128 bits")
core = bitboard.CORE
res = {"first": [], "fewest": []}
for it in items:
    b = compile_puzzle(it.puzzle, table=False)
    for name, fn in (("first", core.first), ("fewest", core.first_fewest)):
        best = 1e9
        for _ in range(3):
            t = time.perf_counter()
            got = fn(b.full, b.slots, b.all_used, None, CHECK_EVERY)
            best = min(best, time.perf_counter() - t)
        assert got is not None and is_solution(it.puzzle, Tiling(b, got)())
        res[name].append(best)
for name, ts in res.items():
    print(
        name,
        f"median {statistics.median(ts) * 1e6:.0f} us  mean {statistics.mean(ts) * 1e6:.0f} us  max {max(ts) * 1e3:.1f} ms  total {sum(ts):.3f} s",
    )
r = [a / b for a, b in zip(res["first"], res["fewest"])]
print(
    "first/fewest per puzzle: median",
    f"{statistics.median(r):.2f}",
    "min",
    f"{min(r):.3f}",
    "max",
    f"{max(r):.1f}",
)
