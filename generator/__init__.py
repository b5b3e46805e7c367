"""Template generator: design complete sets of double-sided templates, and measure any set.

>>> from generator import Options, generate, set_stats
>>> ps, report = generate(Options(templates=1, seed=1))
>>> [len(t.easy.combos) for t in ps.templates]
[6]
>>> set_stats(ps).sides["easy"].unsolvable
0

``generate`` runs its figure searches on any ``concurrent.futures.Executor``; the set it
returns depends only on its Options.
"""

from generator.design import Options, Report, generate
from generator.errors import GenerationError
from generator.profile import PROFILES, PUBLISHED, Profile, SideProfile
from generator.stats import SetStats, SideStats, set_stats, stats_table

__all__ = [
    "PROFILES",
    "PUBLISHED",
    "GenerationError",
    "Options",
    "Profile",
    "Report",
    "SetStats",
    "SideProfile",
    "SideStats",
    "generate",
    "set_stats",
    "stats_table",
]
