"""Template generator: design complete sets of double-sided templates, and measure any set.

>>> from ubongo.generator import Options, generate, set_stats
>>> ps, report = generate(Options(templates=1, seed=1))
>>> [len(t.easy.combos) for t in ps.templates]
[6]
>>> set_stats(ps).sides["easy"].unsolvable
0

``generate`` runs its figure searches on any ``concurrent.futures.Executor``; the set it
returns depends only on its Options.
"""

from typing import TYPE_CHECKING

from ubongo.solver.lazy import exports

if TYPE_CHECKING:  # the names are loaded on first use (see __getattr__)
    from ubongo.generator.design import FigureSource, Options, Report, Slot, generate
    from ubongo.generator.errors import GenerationError
    from ubongo.generator.profile import PROFILES, PUBLISHED, Profile, SideProfile
    from ubongo.generator.stats import SetStats, SideStats, set_stats, stats_table

# Importing one submodule (solver.errors, say) must not load every other: the CLI's
# start-up time is mostly imports. Each public name is imported when first asked for.
_HOME = {
    "FigureSource": "ubongo.generator.design",
    "Options": "ubongo.generator.design",
    "Report": "ubongo.generator.design",
    "Slot": "ubongo.generator.design",
    "generate": "ubongo.generator.design",
    "GenerationError": "ubongo.generator.errors",
    "PROFILES": "ubongo.generator.profile",
    "PUBLISHED": "ubongo.generator.profile",
    "Profile": "ubongo.generator.profile",
    "SideProfile": "ubongo.generator.profile",
    "SetStats": "ubongo.generator.stats",
    "SideStats": "ubongo.generator.stats",
    "set_stats": "ubongo.generator.stats",
    "stats_table": "ubongo.generator.stats",
}


__getattr__, __dir__ = exports(__name__, _HOME)


__all__ = [
    "PROFILES",
    "PUBLISHED",
    "FigureSource",
    "GenerationError",
    "Options",
    "Profile",
    "Report",
    "SetStats",
    "SideProfile",
    "SideStats",
    "Slot",
    "generate",
    "set_stats",
    "stats_table",
]
