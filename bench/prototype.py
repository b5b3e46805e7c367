"""A plain pure-Python prototype of ``ubongo solve --batch``: the baseline of bench_batch.py.

    python bench/prototype.py FILE [--count]

Reads the same JSON Lines (``{"id": ..., "figure": [rows], "pieces": [names]}``, the 12
standard pieces), runs the same kind of search (a depth-first search that covers the lowest
empty cell of a bitboard, each free piece's orientations shifted onto it) and writes the same
kind of line (``{"id", "solvable", "solution"}``, with ``"tilings"`` under ``--count``). It is
written the simple way, sharing no code with the project: no validation beyond what
``json.loads`` does, no caches, one ``print`` per line. It is the yardstick of the batch path's
overhead, not a tool: a bad line stops it with a traceback.
"""

from __future__ import annotations

import json
import sys

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


def orientations(cells):
    """The distinct rotations and reflections of a shape, each sorted from its first cell."""
    out = []
    shape = cells
    for _mirror in range(2):
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]  # a quarter turn
            top = min(shape)
            norm = sorted((r - top[0], c - top[1]) for r, c in shape)
            if norm not in out:
                out.append(norm)
        shape = [(r, -c) for r, c in shape]
    return out


def masks(cells, stride):
    """Each orientation as a bitboard whose first cell is bit 0."""
    out = []
    for shape in orientations(cells):
        m = 0
        for r, c in shape:
            m |= 1 << (r * stride + c)
        out.append(m)
    return out


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
        letter, drawing = PIECES[name]
        pieces.append((letter, masks(cells_of(drawing), stride)))
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
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                print(json.dumps(answer(line, want_all)))


if __name__ == "__main__":
    main(sys.argv[1:])
