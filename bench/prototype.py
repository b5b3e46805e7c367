"""A plain pure-Python solver of ``ubongo solve --batch``: the fair baseline of bench_batch.py.

    python bench/prototype.py FILE [--count]

Reads the same JSON Lines (``{"id": ..., "figure": [rows], "pieces": [names]}``, the 12
standard pieces), runs the same kind of search (a depth-first search that covers the lowest
empty cell of a bitboard, each free piece's orientations shifted onto it) and writes the same
kind of line (``{"id", "solvable", "solution"}``, with ``"tilings"`` under ``--count``). It is
written the way a good programmer writes a first solver in one file, sharing no code with the
project: the orientations of each piece computed once and its bitboards once per row stride
(dict caches), the search stopping at the first tiling unless counting, the output written
through one buffered stream; no validation beyond what ``json.loads`` does. It is the yardstick
of the batch path's overhead, not a tool: a bad line stops it with a traceback.
"""

from __future__ import annotations

import json
import sys
from functools import cache

PIECES = {  # name: (letter, rows), as the project's standard set draws them
    "I2": ("A", ["AA"]),
    "I3": ("B", ["BBB"]),
    "L3": ("C", ["C.", "CC"]),
    "I4": ("F", ["FFFF"]),
    "L4": ("E", ["EE", ".E", ".E"]),
    "O4": ("H", ["HH", "HH"]),
    "S4": ("G", ["G.", "GG", ".G"]),
    "T4": ("D", [".D", "DD", ".D"]),
    "L5": ("J", [".J", ".J", ".J", "JJ"]),
    "P5": ("K", ["KK", "KK", ".K"]),
    "Y5": ("I", [".I", "II", ".I", ".I"]),
    "Z5": ("L", ["LL.", ".L.", ".LL"]),
}
PAD = 4  # empty columns between rows: more than any piece's extent, so nothing wraps


def cells_of(rows):
    """The (row, column) of every non-'.' character."""
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."]


@cache
def orientations(name):
    """The distinct rotations and reflections of a piece, each sorted from its first cell."""
    out = []
    shape = cells_of(PIECES[name][1])
    for _mirror in range(2):
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]  # a quarter turn
            top = min(shape)
            norm = sorted((r - top[0], c - top[1]) for r, c in shape)
            if norm not in out:
                out.append(norm)
        shape = [(r, -c) for r, c in shape]
    return out


@cache
def masks(name, stride):
    """Each orientation of a piece as a bitboard whose first cell is bit 0."""
    return [sum(1 << (r * stride + c) for r, c in shape) for shape in orientations(name)]


def solve(rem, free, pieces, want_all):
    """(tilings found, the first tiling's (letter, mask) list) for the empty cells ``rem``."""
    if not rem:
        return 1, []
    low = rem & -rem
    found, first = 0, None
    for i in free:
        letter, oms = pieces[i]
        for om in oms:
            m = om * low
            if m & rem == m:
                n, rest = solve(rem ^ m, [j for j in free if j != i], pieces, want_all)
                if n:
                    if first is None:
                        first = [(letter, m), *rest]
                    found += n
                    if not want_all:
                        return found, first
    return found, first


def answer(line, want_all):
    """The output object of one input line."""
    item = json.loads(line)
    rows = item["figure"]
    width = max(len(r) for r in rows)
    stride = width + PAD
    full = 0
    for r, c in cells_of(rows):
        full |= 1 << (r * stride + c)
    pieces = []
    for name in item["pieces"]:
        pieces.append((PIECES[name][0], masks(name, stride)))
    area = sum(bin(oms[0]).count("1") for _, oms in pieces)
    n, first = 0, None
    if area == bin(full).count("1"):
        n, first = solve(full, list(range(len(pieces))), pieces, want_all)
    out = {"id": item.get("id"), "solvable": n > 0, "solution": None}
    if first is not None:
        grid = [["."] * width for _ in rows]
        for letter, m in first:
            while m:
                low = m & -m
                r, c = divmod(low.bit_length() - 1, stride)
                grid[r][c] = letter
                m ^= low
        out["solution"] = ["".join(row) for row in grid]
    if want_all:
        out["tilings"] = n
    return out


def main(argv):
    want_all = "--count" in argv
    path = [a for a in argv if a != "--count"][0]
    write = sys.stdout.write
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                write(json.dumps(answer(line, want_all)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
