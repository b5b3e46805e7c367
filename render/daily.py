"""The daily puzzle's part of the 2D practice page: its place on the page, its style and its
page data; ``render/daily.js`` plays it (``generator/daily.py`` decides the pools)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Pools = Mapping[str, Sequence[tuple[str, str, str]]]
"""Per difficulty class, in its order, the combinations a day may pick."""

PLACE = '<section id="p-daily" aria-label="Daily puzzle" hidden></section>'
"""Where daily.js builds its panel: below the board, so the first phone screen keeps the figure."""

CSS = """
#p-daily { border-top: 1px solid #ddd; margin: .6rem 0 0; padding: .4rem 0 0; }
#p-daily h3 { font-size: 1rem; margin: 0 0 .3rem; }
#p-daily .row { margin: 0 0 .3rem; }
#p-daily button[aria-pressed=true] { font-weight: 700; outline: 2px solid #1565c0; }
#p-daily .d-now { margin: .2rem 0; font-weight: 600; min-height: 1.3em; }
#p-daily .d-done { color: #0a7a26; }
#p-daily textarea { width: 100%; max-width: 28rem; box-sizing: border-box; font: inherit;
  font-size: .9rem; display: block; margin: .2rem 0; resize: none; }
#p-daily .d-said { color: #555; font-size: .9rem; }
#p-daily details { margin: .3rem 0 0; font-size: .9rem; }
#p-daily ol { margin: .2rem 0; padding-left: 1.4rem; }
#practice h2 .d-jump { font-size: .9rem; font-weight: 400; margin-left: .8rem; color: #1a4f8b; }
"""


def data(pools: Pools, relative: bool) -> dict[str, Any]:
    """The page data's ``daily``: each class's pool as ``[template, side, face]`` lists, and
    whether the classes are thirds of this set's own ranking."""
    return {
        "classes": list(pools),
        "pools": {c: [list(k) for k in keys] for c, keys in pools.items()},
        "relative": relative,
    }
