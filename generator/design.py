"""Design a complete set of templates: search figures, choose combinations, assign die faces.

Glossary
    Slot        one side to design: kind (easy/hard), index, area, box and its plan (one-tiling
                combinations, one-cell end, symmetry; generator.profile.plan).
    Candidate   a figure found for a slot with its usable combinations and their tiling counts.
    Found       what one search task returns: a slot's candidates and how much work it took.
    FigureSource where candidate figures come from (carved at random by default).
    Options     everything that decides the output; the same Options give the same bytes.

Two phases. The *search* (almost all the time) runs one task per slot, independently and in
any process: task ``(seed, side, index, round)`` seeds its own ``random.Random`` from that text,
takes figures of the slot's area and box from the figure source, analyses each for the
combination size and keeps the first few that can carry the slot's plan. The *selection* then
walks the slots in set order in one process: for each candidate figure it draws the side's
combinations like the published sides (at random within each tiling bracket, a piece free to
come back on several faces, leaning towards the set's piece shares, away from awkward pieces
in many-tiling combinations and towards few dead ends), takes the candidate that leaves the
set closest to the profile, and gives the die faces the combinations so that every face gets
the same difficulty overall. Results are combined in slot order, so the output does not
depend on the executor (DESIGN.md, Generator).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass, field
from itertools import combinations
from random import Random
from typing import Protocol

from ubongo.generator.effort import dead_ends
from ubongo.generator.errors import GenerationError, OutOfTime
from ubongo.generator.figures import (
    BoxSize,
    Key,
    carve,
    is_asymmetric,
    keep_chance,
    outline,
    plant,
    side_by_side,
    symmetries,
)
from ubongo.generator.profile import (
    EDITION_PROFILES,
    PUBLISHED,
    Plan,
    Target,
    drawn_tilings,
    plan,
    plays,
    resolve,
)
from ubongo.puzzles.game import (
    DEFAULT_DIE,
    FRAME,
    ORIGINAL,
    PIECES_PER_SIDE,
    SIDES,
    TEMPLATES,
    Edition,
    Frame,
    fits,
)
from ubongo.puzzles.sets import PuzzleSet, Side, Template
from ubongo.solver.analyze import ComboCount, analyze
from ubongo.solver.cells import Point
from ubongo.solver.figure import Figure, parse_figure, stacked
from ubongo.solver.lattice import LATTICES
from ubongo.solver.pieces import STANDARD, PieceSet

Combo = tuple[str, ...]
DRAWS = 20
"""Draws of pieces a planted figure tries for the slot's area before it misses."""
KEEP = 6
"""Candidate figures a search task keeps for the selection to choose from."""
MAX_TRIES = 3000
"""Figures a search task carves at most before it gives up on its slot."""
STALE = 300
"""A search task stops after this many figures in a row that it has already seen (exhausted)."""
EXTRA_ROUNDS = 4
"""Further searches (new seeds) for a slot whose candidates are all taken, before giving up."""
BUCKET_WEIGHT = 4.0
"""Weight of the tiling-count targets against the piece-use targets in the selection."""
PIECE_PULL = 0.08
"""How strongly a combination's draw leans towards pieces the set has used too little."""
DEAD_END_PULL = 3.0
"""How strongly a draw leans towards the profile's dead-end ratio (per unit of ratio)."""
AWKWARD_PULL = 0.6
"""How strongly a draw leans against awkward pieces (many orientations) in combinations with
many tilings and towards them in those with few: the figure's own combinations tie the two
together (rank correlation +0.45 when drawn plainly, +0.08 published)."""
FACE_UNIQUE_WEIGHT = 100.0
"""Weight of even unique-tiling counts per die face against even tiling totals."""


@dataclass(frozen=True)
class Options:
    """Everything that decides a generated set."""

    templates: int = TEMPLATES
    seed: int | str = 0
    frame: Frame = FRAME
    faces: int = len(DEFAULT_DIE)
    sizes: tuple[int, int] = (PIECES_PER_SIDE["easy"], PIECES_PER_SIDE["hard"])
    pieces: PieceSet = field(default_factory=lambda: STANDARD, compare=False)
    profile: str = "published"
    name: str | None = None
    edition: Edition = field(default=ORIGINAL, compare=False)
    """The box to make: figures per side, rows of the die table, height (``faces`` and
    ``frame`` apply to editions whose rows are one per die face)."""
    avoid: frozenset[Key] = frozenset()
    """Figures no side may have (those of sets already made: generator.stats.figure_keys)."""

    def rows(self, side: str) -> int:
        """Combinations each figure of a ``side`` carries."""
        combos = self.edition.combos
        return combos[side] // self.edition.figures if combos else self.faces

    @property
    def die(self) -> tuple[str, ...]:
        """The die of the set: the edition's own, unless a number of faces other than its own
        was asked for."""
        if self.edition.combos or self.faces == len(self.edition.die):
            return self.edition.die
        return tuple(str(i) for i in range(1, self.faces + 1))


@dataclass(frozen=True)
class Slot:
    """One side to design."""

    side: str
    index: int
    size: int
    area: int
    box: BoxSize
    unique: int = 0
    taper: bool | None = None
    symmetric: bool | None = False  # None: either, as carving gives
    shaped: bool = True
    """Keep carved figures by the published original's shape measures (``keep_chance``)."""
    loose: bool = False
    """The last resort: any figure with enough combinations, whatever their tiling counts."""
    shapes: tuple[tuple[str, bool], ...] = ()
    """Outline measures the figure is to have (True) or not (False) (``Plan.shapes``)."""


class FigureSource(Protocol):
    """Where candidate figures come from: one figure for the slot, or None for a miss.

    Called again and again with the task's own ``Random``; must be picklable (a module-level
    function or an instance of a module-level class) to run in worker processes.
    """

    def __call__(self, rng: Random, slot: Slot) -> Figure | None: ...


def carved(rng: Random, slot: Slot) -> Figure | None:
    """The default source: a figure carved in bites (generator.figures)."""
    return carve(rng, slot.area, slot.box, taper=bool(slot.taper), symmetric=bool(slot.symmetric))


def wanted(rng: Random, slot: Slot, fig: Figure) -> bool:
    """The figure has the slot's planned shapes (one-cell end, gaps, tips, cut-outs) and, where
    the slot is shaped, passes the published shapes' keep chance: one test for every figure
    source (carved or an atlas's). A slot that asks for none is not measured (the measures
    are of squares' outlines; hexagon and triangle slots ask for none)."""
    if slot.taper is None and not slot.shapes and not slot.shaped:
        return True
    shape = outline(fig)
    if slot.taper is not None and shape.wide_ends == slot.taper:
        return False
    if any(getattr(shape, name) != want for name, want in slot.shapes):
        return False
    return not slot.shaped or rng.random() < keep_chance(shape)


@dataclass(frozen=True)
class Planted:
    """The source for a lattice whose text form is not its cells' own rows (hexagons,
    triangles) or for figures of several regions: the slot's pieces' worth of cells, made of
    pieces of the set put together (generator.figures.plant), split into the edition's regions.

    The lattice goes by its name: an unpickled lattice would be a copy, and lattices are
    compared by identity. A figure that does not fit the frame, or has a hole, is a miss."""

    lattice: str
    regions: int
    frame: Frame
    shapes: tuple[tuple[Point, ...], ...]  # each piece's cells
    kits: tuple[tuple[tuple[Point, ...], ...], ...] = ()
    """Per die face with pieces of its own, its pieces' cells: a figure is made of one face's."""

    def __call__(self, rng: Random, slot: Slot) -> Figure | None:
        """A figure for the slot, or None for a miss."""
        picked = self._combination(rng, slot)
        if picked is None:
            return None
        lattice = LATTICES[self.lattice]
        shapes = [lattice.orientations(frozenset(cells)) for cells in picked]
        cuts = sorted(rng.sample(range(1, slot.size), self.regions - 1))
        groups = [shapes[a:b] for a, b in zip([0, *cuts], [*cuts, slot.size], strict=True)]
        figure = side_by_side([plant(rng, g, lattice) for g in groups], lattice)
        # pieces put round an empty cell leave a hole, which no published card has
        return (
            figure
            if fits((figure.height, figure.width), self.frame) and not figure.holes()
            else None
        )

    def _combination(self, rng: Random, slot: Slot) -> list[tuple[Point, ...]] | None:
        """``slot.size`` distinct pieces of ``slot.area`` cells in all, at random; None if
        ``DRAWS`` draws miss."""
        for _ in range(DRAWS):
            picked = rng.sample(rng.choice(self.kits) if self.kits else self.shapes, slot.size)
            if sum(map(len, picked)) == slot.area:
                return picked
        return None


def source_for(opts: Options) -> FigureSource:
    """The default figure source of a set: carved in bites where figures are one region of
    squares (or footprints of cubes), else planted from the pieces."""
    lattice = opts.pieces.lattice
    if opts.edition.regions == 1 and lattice.plain:
        return carved
    shapes = tuple(tuple(sorted(p.shape)) for p in opts.pieces.values())
    kits = tuple(tuple(tuple(sorted(p.shape)) for p in k.values()) for k in _kits(opts))
    return Planted(lattice.name, opts.edition.regions, opts.frame, shapes, kits)


def _kits(opts: Options) -> tuple[PieceSet, ...]:
    """Per die face, in die order, the pieces its row may use; () when every row may use every
    piece (``PieceSet.by_face``: one piece set per Extreme colour)."""
    if not opts.pieces.by_face:
        return ()
    return tuple(opts.pieces.kit(face) for face in opts.die)


@dataclass(frozen=True)
class Candidate:
    """A figure for a slot and its usable combinations with their tiling counts (up to the
    figure's symmetries)."""

    rows: tuple[str, ...]
    combos: tuple[tuple[Combo, int], ...]
    key: tuple[tuple[int, ...], ...]
    counted: tuple[int, ...] = ()
    """The tiling counts as counted (a symmetric figure's images too), as ``combos``."""


@dataclass(frozen=True)
class Deadline:
    """When a run must stop: ``at`` in seconds since the epoch, ``seconds`` as asked."""

    at: float
    seconds: float


@dataclass(frozen=True)
class Task:
    """One search: a slot, a seed round, and what a usable figure must offer."""

    seed: str
    slot: Slot
    round: int
    pieces: PieceSet
    max_tilings: int
    faces: int
    others: tuple[tuple[tuple[int, BoxSize], float], ...] = ()
    deadline: Deadline | None = None
    source: FigureSource = carved
    height: int | None = None  # figures are footprints this many layers of the pieces' cubes
    avoid: frozenset[Key] = frozenset()
    spread: float = 1.0
    """Share of the figures this seed may take in its own rounds (``SideProfile.spread``)."""
    kits: tuple[PieceSet, ...] = ()
    """Per die face, the pieces its row may use (``_kits``); () any piece."""


@dataclass(frozen=True)
class Found:
    """A search task's result: candidates in the order found, figures tried, analyse time."""

    slot: Slot
    candidates: tuple[Candidate, ...]
    tried: int
    analysed: int
    seconds: float
    exhausted: bool = False


@dataclass(frozen=True)
class Report:
    """How much work a generation took (not part of the output; timings vary run to run)."""

    tasks: int
    tried: int
    analysed: int
    analyse_seconds: float
    search_seconds: float  # wall time not spent choosing (the choice overlaps the search)
    seconds: float


def search(task: Task) -> Found:
    """Carve and analyse figures for the task's slot until ``KEEP`` usable ones are found.

    Figures outside the seed's share (``_rank``) are set aside and analysed, best ranked
    first, only when the slot's area and box hold no more of the seed's own (exhausted) or on
    the slot's last round.
    """
    slot = task.slot
    if task.kits and not _shared_reach(task.kits, slot.size, slot.area):
        return Found(slot, (), 0, 0, 0.0, exhausted=True)
    rng = Random(f"{task.seed}:{slot.side}:{slot.index}:{task.round}")
    seen: set[Key] = set(task.avoid)
    found: list[Candidate] = []
    spare: list[tuple[float, Key, Figure]] = []
    tried = analysed = 0
    spent = 0.0
    fresh = 0
    # a symmetric slot takes symmetric figures on its first round only, then any figure
    symmetric = slot.symmetric and task.round == 0
    asked = dataclasses.replace(slot, symmetric=symmetric)
    while len(found) < KEEP and tried < MAX_TRIES and tried - fresh < STALE:
        tried += 1
        fig = task.source(rng, asked)
        if fig is None or not wanted(rng, asked, fig):
            continue
        key = fig.canonical()
        if key in seen:
            continue
        seen.add(key)
        fresh = tried
        if symmetric is not None and is_asymmetric(fig) == symmetric:
            continue  # symmetric figures where the plan has them, nowhere else
        rank = _rank(task, key)
        if rank >= task.spread:
            spare.append((rank, key, fig))
            continue
        analysed += 1
        cand, seconds = _analysed(task, fig, key, symmetric)
        spent += seconds
        found += [cand] if cand is not None else []
    exhausted = tried - fresh >= STALE
    # a seed's own figures may still be found with the next round's draws; the last one takes
    # the others too, so that the slot keeps its area and box
    for _, key, fig in sorted(spare, key=lambda s: s[:2]):
        if len(found) >= KEEP or not exhausted and task.round < EXTRA_ROUNDS:
            break
        analysed += 1
        cand, seconds = _analysed(task, fig, key, symmetric)
        spent += seconds
        found += [cand] if cand is not None else []
    return Found(slot, tuple(found), tried, analysed, spent, exhausted)


def _shared_reach(kits: tuple[PieceSet, ...], size: int, area: int) -> bool:
    """Some ``size`` pieces of ``area`` cells are half the faces' shared pieces at least.

    A figure is kept only if every face fills it with its own pieces. One needing more of a
    face's own pieces than shared ones seldom fits the other faces' own: an easy side of 15
    hexagons (three pentahexes, the faces sharing one) found none in 3000 figures, 42 s CPU a
    round and every round (issue 21), while hard sides of 19 (two own pentahexes of four
    pieces) found six in 36. Such a slot is exhausted at once and moves to another area
    (``_rounds``)."""
    shared = set.intersection(*(set(k) for k in kits))
    sizes = {n: len(p.shape) for k in kits for n, p in k.items()}
    common = [sizes[n] for n in shared]
    for mine in range(size // 2 + 1):
        firsts = {sum(c) for c in combinations(common, size - mine)}
        for kit in kits:
            own = [sizes[n] for n in kit if n not in shared]
            if any(area - sum(c) in firsts for c in combinations(own, mine)):
                return True
    return False


def _analysed(
    task: Task, fig: Figure, key: Key, symmetric: bool | None
) -> tuple[Candidate | None, float]:
    """The figure as a candidate for the task's slot (None: it cannot carry the slot's plan),
    and the seconds its analysis took."""
    slot = task.slot
    # a player cannot tell a tiling of a symmetric figure from its image: the profile
    # counts tilings up to the figure's symmetries (the set's counts stay as counted),
    # unless it takes figures as carving gives them and counts as counted (Ubongo 3D)
    order = 1 if symmetric is None else symmetries(fig)
    t0 = time.perf_counter()
    most = task.max_tilings * order
    solid = _solid(fig, task)
    combos = _combos(solid, slot.size, task, most + 1)
    seconds = time.perf_counter() - t0
    kept = [c for c in combos if c.tilings <= most]
    usable = tuple((c.pieces, -(-c.tilings // order)) for c in kept)
    ones = sum(n == 1 for _, n in usable)
    if any(not any(set(c) <= set(kit) for c, _ in usable) for kit in task.kits):
        return None, seconds  # a face whose own pieces do not fill the figure
    if (
        slot.loose
        and len(usable) >= task.faces
        or (ones >= slot.unique and len(usable) - ones >= task.faces - slot.unique)
    ):
        counted = tuple(c.tilings for c in kept)
        return Candidate(tuple(fig.rows()), usable, key, counted), seconds
    return None, seconds


def _combos(solid: Figure, size: int, task: Task, most: int) -> list[ComboCount]:
    """The figure's combinations of ``size`` pieces and their tilings (up to ``most``): of
    the whole set, or of each face's own pieces (no row mixes two faces' own), in set order."""
    if not task.kits:
        return analyze(solid, size, task.pieces, max_tilings=most, timeout=_left(task))
    found = {
        c.pieces: c
        for kit in {tuple(k): k for k in task.kits}.values()
        for c in analyze(solid, size, kit, max_tilings=most, timeout=_left(task))
    }
    order = {name: i for i, name in enumerate(task.pieces)}
    return sorted(found.values(), key=lambda c: [order[n] for n in c.pieces])


def _rank(task: Task, key: Key) -> float:
    """The seed's preference for a figure, in [0, 1): drawn from the seed and the figure, so
    two seeds rank figures independently. Figures ranked below ``task.spread`` are the seed's
    own share: the carving favours some figures, and without shares two seeds of 36 templates
    shared 23-26 of their 72 figures (seeds 1-4; 14-20 with a share of 0.5)."""
    if task.spread >= 1.0:
        return 0.0
    return Random(f"{task.seed}:spread:{key}").random()


def _solid(footprint: Figure, task: Task) -> Figure:
    """The figure the pieces fill: the carved one, or stacked ``task.height`` layers high."""
    if task.height is None:
        return footprint
    return stacked(footprint, task.height, task.pieces.lattice)


def _left(task: Task) -> float | None:
    """Seconds left before the run's deadline (wall clock, so worker processes share it)."""
    if task.deadline is None:
        return None
    left = task.deadline.at - time.time()
    if left <= 0:
        raise OutOfTime(task.deadline.seconds)
    return left


# --- selection -------------------------------------------------------------------------------


class _Deviation:
    """``Σ (count[i] - share[i] · total)²`` over running counts, updated in O(items added)."""

    def __init__(self, shares: list[float]) -> None:
        self.share = shares
        self.s2 = sum(x * x for x in shares)
        self.count = [0] * len(shares)
        self.total = 0
        self.c2 = 0
        self.sc = 0.0

    def after(self, items: list[int]) -> float:
        """The deviation once the distinct ``items`` (indices) are counted once more."""
        c2 = self.c2 + sum(2 * self.count[i] + 1 for i in items)
        sc = self.sc + sum(self.share[i] for i in items)
        t = self.total + len(items)
        return c2 - 2 * t * sc + t * t * self.s2

    def add(self, items: list[int]) -> None:
        """Count the distinct ``items`` once more."""
        self.c2 += sum(2 * self.count[i] + 1 for i in items)
        self.sc += sum(self.share[i] for i in items)
        self.total += len(items)
        for i in items:
            self.count[i] += 1

    def copy(self) -> _Deviation:
        """An independent copy."""
        out = _Deviation(self.share)
        out.count = list(self.count)
        out.total, out.c2, out.sc = self.total, self.c2, self.sc
        return out


class _Balance:
    """Running piece use and tiling buckets of one kind of side, scored against its target."""

    def __init__(
        self,
        target: Target,
        sides: int,
        faces: int,
        pieces: PieceSet,
        kits: tuple[PieceSet, ...] = (),
        planned: Iterable[BoxSize] = (),
    ) -> None:
        self.target = target
        self.kits = tuple(frozenset(k) for k in kits)  # per face its row's pieces; () any
        self.turns = {n: len(p.orientations) for n, p in pieces.items()}
        self.names = [p for p, _ in target.pieces]
        self.index = {p: i for i, p in enumerate(self.names)}
        self.pieces = _Deviation([s for _, s in target.pieces])
        self.tilings = _Deviation([s for _, s in target.tilings])
        self.bucket = [0] + [target.bucket(n) for n in range(1, target.max_tilings + 1)]
        slots = sides * faces * target.size
        # at least one use more than an even share: with few pieces and one row a side
        # (Trigo's 7 and 4 a card), a fifth of 2 cards' 8 uses is 1, which no draw can keep
        self.cap = max(int(target.cap * slots), -(-slots // len(self.names)) + 1)
        self.face_sum = [0] * faces
        self.face_unique = [0] * faces
        self.face_use = [dict.fromkeys(self.names, 0) for _ in range(faces)]
        self.boxes = Counter(_unoriented(b) for b in planned)
        self.bounds = _bounds(target, sides)

    def may_move(self, box: BoxSize, to: BoxSize) -> bool:
        """A side planned in ``box`` may take a figure of box ``to``: the set's counts of
        both stay within their ``bounds``."""
        box, to = _unoriented(box), _unoriented(to)
        low, high = self.bounds.get(box, (0, 0)), self.bounds.get(to, (0, 0))
        return self.boxes[box] > low[0] and self.boxes[to] < high[1]

    def moved(self, box: BoxSize, to: BoxSize) -> None:
        """Record that a side planned in ``box`` took a figure of box ``to``."""
        self.boxes[_unoriented(box)] -= 1
        self.boxes[_unoriented(to)] += 1

    def choose(
        self, cand: Candidate, slot: Slot, faces: int, rng: Random, ratios: dict[Combo, float]
    ) -> tuple[float, list[tuple[Combo, int]]] | None:
        """Draw a side's ``faces`` combinations from a candidate, and the cost they lead to.

        ``slot.unique`` combinations with one tiling, the others from the tiling buckets the
        set needs most. Within a bucket the draw is random, leaning towards the pieces the
        set (before this side) has used least and towards the profile's dead-end ratio
        (``ratios``, when known): the side's own picks do not count against a piece, so a
        piece may come back on several faces, as on the published sides. The cost is the
        squared distance of the set's piece use and tiling buckets from the target shares.
        """
        pool = list(cand.combos)
        ones = sum(n == 1 for _, n in pool)
        unique = min(max(slot.unique, faces - (len(pool) - ones)), ones)  # loose slots
        centre = (
            sum(self._awkward(c) for c, _ in pool) / len(pool),
            sum(math.log(n) for _, n in pool) / len(pool),
        )
        use = self.pieces.count
        cap_left = {i: self.cap - use[i] for i in range(len(use))}
        tilings = self.tilings.copy()
        picked: list[tuple[Combo, int]] = []
        for k in range(faces):
            if k < unique:
                bracket = [cn for cn in pool if cn[1] == 1]
            else:
                many = {self.bucket[n] for _, n in pool if n > 1}
                if not many:
                    return None
                b = min(sorted(many), key=lambda x: tilings.after([x]))
                bracket = [cn for cn in pool if self.bucket[cn[1]] == b and cn[1] > 1]
            if self.kits:
                bracket = self._own(k, bracket, pool)
            bracket = [cn for cn in bracket if all(cap_left[self.index[p]] > 0 for p in cn[0])]
            if not bracket:
                return None
            combo, n = self._draw(bracket, rng, ratios, centre)
            pool.remove((combo, n))
            for p in combo:
                cap_left[self.index[p]] -= 1
            tilings.add([self.bucket[n]])
            picked.append((combo, n))
        pieces = self.pieces.copy()
        for combo, _ in picked:
            pieces.add([self.index[p] for p in combo])
        return pieces.after([]) + BUCKET_WEIGHT * tilings.after([]), picked

    def _own(
        self, face: int, bracket: list[tuple[Combo, int]], pool: list[tuple[Combo, int]]
    ) -> list[tuple[Combo, int]]:
        """The bracket's combinations of the face's own pieces; else any of them in the pool
        (a face's pieces may fill the figure only in another tiling bracket)."""
        kit = self.kits[face]
        own = [cn for cn in bracket if kit.issuperset(cn[0])]
        return own or [cn for cn in pool if kit.issuperset(cn[0])]

    def _awkward(self, combo: Combo) -> int:
        """The combination's orientation sum: awkward pieces (L4, L5, P5, Y5) have 8."""
        return sum(self.turns[p] for p in combo)

    def _draw(
        self,
        bracket: list[tuple[Combo, int]],
        rng: Random,
        ratios: dict[Combo, float],
        centre: tuple[float, float],
    ) -> tuple[Combo, int]:
        """One combination of a bracket, at random, weighted as ``choose`` says.

        ``centre``: the mean orientation sum and log tiling count of the figure's combinations.
        """
        lean = [self.pieces.after([self.index[p] for p in c]) for c, _ in bracket]
        low = min(lean)
        pull = DEAD_END_PULL * (1 - self.target.dead_ends) / (1 - PUBLISHED.hard.dead_ends)
        weights = [
            math.exp(
                -PIECE_PULL * (x - low)
                - pull * ratios.get(c, 1.0)
                - AWKWARD_PULL * (self._awkward(c) - centre[0]) * (math.log(n) - centre[1])
            )
            for x, (c, n) in zip(lean, bracket, strict=True)
        ]
        return rng.choices(bracket, weights)[0]

    def commit(
        self, picked: list[tuple[Combo, int]], counted: dict[Combo, int]
    ) -> tuple[Combo, ...]:
        """Record the picked combinations; return them in die-face order.

        The die faces are balanced on the tilings as counted (``counted``: a symmetric
        figure's mirror images too), which is what players and ``stats`` see.
        """
        for combo, n in picked:
            self.pieces.add([self.index[p] for p in combo])
            self.tilings.add([self.bucket[n]])
        picked = [(combo, counted[combo]) for combo, _ in picked]
        # a row drawn from a face's own pieces stays on that face
        order = list(range(len(picked))) if self.kits else self._faces(picked)
        for f, (combo, n) in zip(order, picked, strict=True):
            self.face_sum[f] += n
            self.face_unique[f] += n == 1
            for p in combo:
                self.face_use[f][p] += 1
        out: list[Combo] = [()] * len(order)
        for f, (combo, _) in zip(order, picked, strict=True):
            out[f] = combo
        return tuple(out)

    def _faces(self, picked: list[tuple[Combo, int]]) -> list[int]:
        """A die face for each picked combination, keeping the faces' totals level.

        The cost of a face is the square of its running totals (tilings, unique combinations,
        uses of each piece), so the least total cost is the most even spread. Start from the
        identity and swap pairs while a swap lowers the cost.
        """
        faces = list(range(len(picked)))

        def cost(f: int, cn: tuple[Combo, int]) -> float:
            combo, n = cn
            s, u, use = self.face_sum[f], self.face_unique[f], self.face_use[f]
            return (
                (s + n) ** 2
                + FACE_UNIQUE_WEIGHT * (u + (n == 1)) ** 2
                + sum((use[p] + 1) ** 2 - use[p] ** 2 for p in combo)
            )

        better = True
        while better:
            better = False
            for i in range(len(faces)):
                for j in range(i + 1, len(faces)):
                    fi, fj = faces[i], faces[j]
                    now = cost(fi, picked[i]) + cost(fj, picked[j])
                    if cost(fj, picked[i]) + cost(fi, picked[j]) < now - 1e-9:
                        faces[i], faces[j] = fj, fi
                        better = True
        return faces


def _bounds(target: Target, sides: int) -> dict[BoxSize, tuple[int, int]]:
    """The counts of each box a set of ``sides`` sides may move its sides within: one
    standard deviation either side of the profile's mean.

    A set's box counts are a sample (profile.counts), so a set with such counts is as
    plausible as one with the mean; the sides moved keep the shapes their own box has run
    out of.
    """
    shares: dict[BoxSize, float] = {}
    for (_, box), share in target.pairs:
        shares[_unoriented(box)] = shares.get(_unoriented(box), 0.0) + share
    out = {}
    for b, p in shares.items():
        mean, sd = sides * p, math.sqrt(sides * p * (1 - p))
        out[b] = (math.ceil(mean - sd), math.floor(mean + sd))
    return out


def _unoriented(box: BoxSize) -> BoxSize:
    """The box as ``(short, long)``, as profiles give it."""
    return (min(box), max(box))


def _oriented(box: BoxSize, frame: Frame) -> BoxSize:
    """The box as rows × columns: landscape when that fits the frame."""
    short, long = box
    return (short, long) if short <= frame[0] and long <= frame[1] else (long, short)


def _tasks(
    opts: Options,
    targets: dict[str, Target],
    deadline: Deadline | None,
    source: FigureSource,
) -> list[Task]:
    """The search tasks of a set, in slot order: template 1 easy (each of its figures),
    template 1 hard, template 2 easy, ..."""
    seed = str(opts.seed)
    figures = opts.edition.figures
    plans = {
        s: plan(targets[s], opts.templates * figures, opts.rows(s), Random(f"{seed}:layout:{s}"))
        for s in SIDES
    }
    return [
        _task(opts, targets[s], plans[s][i], (s, i), deadline, source)
        for t in range(opts.templates)
        for s in SIDES
        for i in range(t * figures, (t + 1) * figures)
    ]


def _task(
    opts: Options,
    t: Target,
    p: Plan,
    at: tuple[str, int],
    deadline: Deadline | None,
    source: FigureSource,
) -> Task:
    """The search for the figure ``at`` (its side, and its index among that side's figures
    of the set), built on plan ``p``."""
    side, index = at
    box = _oriented(p.box, opts.frame)
    slot = Slot(
        side,
        index,
        t.size,
        p.area,
        box,
        p.unique,
        p.taper,
        p.symmetric,
        t.shaped,
        shapes=p.shapes,
    )
    others = tuple(((a, _oriented(b, opts.frame)), w) for (a, b), w in t.pairs)
    return Task(
        str(opts.seed),
        slot,
        0,
        opts.pieces,
        t.max_tilings,
        opts.rows(side),
        others,
        deadline,
        source,
        opts.edition.height,
        opts.avoid,
        t.spread,
        _kits(opts),
    )


def generate(
    opts: Options,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    timeout: float | None = None,
    source: FigureSource | None = None,
) -> tuple[PuzzleSet, Report]:
    """A complete set of templates for ``opts``, and the work it took.

    ``executor`` runs the searches (in this process when None); ``progress(n)`` is called as
    searches finish. The set does not depend on the executor. Past ``timeout`` seconds the run
    stops with OutOfTime: a set is whole or not made at all, so it never depends on timing.
    ``source`` gives the candidate figures (default: ``source_for`` the edition and pieces;
    an atlas of figures can be plugged in here).
    """
    deadline = None if timeout is None else Deadline(time.time() + timeout, timeout)
    start = time.perf_counter()
    profiles = EDITION_PROFILES[opts.edition.name]
    if opts.profile not in profiles:
        raise GenerationError(f"unknown profile {opts.profile!r}; expected {', '.join(profiles)}")
    profile = profiles[opts.profile]
    _check_kits(opts)
    targets = {
        s: drawn_tilings(
            resolve(profile, s, opts.pieces, size, opts.frame, opts.edition),
            opts.templates * opts.edition.figures * opts.rows(s),
            Random(f"{opts.seed}:tilings:{s}"),
        )
        for s, size in zip(SIDES, opts.sizes, strict=True)
    }
    tasks = _tasks(opts, targets, deadline, source or source_for(opts))
    results: Iterable[Found] = (
        executor.map(search, tasks) if executor is not None else map(search, tasks)
    )
    figures = opts.edition.figures
    slots = opts.templates * figures
    kits = _kits(opts)
    balance = {
        s: _Balance(
            targets[s],
            slots,
            opts.rows(s),
            opts.pieces,
            kits,
            [t.slot.box for t in tasks if t.slot.side == s],
        )
        for s in SIDES
    }
    taken: dict[str, set[Key]] = {}  # per group of distinct sides
    printed: list[tuple[Figure, tuple[Combo, ...]]] = []
    found: list[Found] = []
    extra: list[Found] = []
    selecting = 0.0
    # Results come back in task order, so each slot is chosen as soon as its search is in,
    # while the pool works on later slots: the sequential choice overlaps the parallel search.
    for task, f in zip(tasks, results, strict=True):
        found.append(f)
        if progress is not None:
            progress(1)
        t0 = time.perf_counter()
        side = task.slot.side
        distinct = side in opts.edition.distinct  # else a side's own figures only
        group = taken.setdefault(
            "set" if distinct else f"{side}{task.slot.index // figures}", set(opts.avoid)
        )
        chosen, more = _select(task, f, balance[side], group, opts.pieces, figures)
        selecting += time.perf_counter() - t0
        extra += more
        printed.append(chosen)
    sides = [
        _side(printed[i : i + opts.edition.figures], opts, side)
        for i, side in zip(
            range(0, len(printed), opts.edition.figures), SIDES * opts.templates, strict=True
        )
    ]
    templates = tuple(
        Template(f"{i + 1:0{max(2, len(str(opts.templates)))}d}", sides[2 * i], sides[2 * i + 1])
        for i in range(opts.templates)
    )
    own = plays(opts.edition, opts.pieces)
    ps = PuzzleSet(
        opts.name or f"generated-{opts.seed}",
        opts.pieces,
        opts.die,
        templates,
        custom_pieces=not own,
        pieces_name=opts.edition.pieces if own else None,
        height=opts.edition.height,
    )
    done = found + extra
    report = Report(
        tasks=len(done),
        tried=sum(f.tried for f in done),
        analysed=sum(f.analysed for f in done),
        analyse_seconds=sum(f.seconds for f in done),
        search_seconds=time.perf_counter() - start - selecting,
        seconds=time.perf_counter() - start,
    )
    return ps, report


def _check_kits(opts: Options) -> None:
    """Pieces given per die face must name the set's die faces, on cards of a row per face."""
    faces = set(opts.pieces.by_face)
    if not faces:
        return
    if opts.edition.combos or faces != set(opts.die):
        raise GenerationError(
            f"pieces_by_face names the faces {', '.join(sorted(faces))}; {opts.edition.name} "
            f"cards have a row per face of {', '.join(opts.die)}"
        )


def _side(printed: list[tuple[Figure, tuple[Combo, ...]]], opts: Options, name: str) -> Side:
    """A side of the edition's card from its figures' combinations: rows one figure after
    another, answering the edition's ranges of faces where it has them."""
    (figure, combos), *others = printed
    return Side(
        figure,
        tuple(c for _, cs in printed for c in cs),
        tuple(f for f, _ in others),
        tuple(k for k, (_, cs) in enumerate(printed) for _ in cs) if others else (),
        opts.edition.labels.get(name, ()),
    )


def _select(
    task: Task,
    found: Found,
    balance: _Balance,
    taken: set[Key],
    pieces: PieceSet,
    figures: int = 1,
) -> tuple[tuple[Figure, tuple[Combo, ...]], list[Found]]:
    """The figure for a slot and its combinations in die order: its best free candidate,
    searching further rounds if none is left.

    Each candidate's combinations are drawn (``_Balance.choose``) and the candidate leaving
    the set closest to its targets is taken; its draw is then made again with the dead-end
    ratios of its combinations, measured for the chosen figure only (they cost a search each).
    """
    extra: list[Found] = []
    slot = task.slot
    for f in _rounds(task, found, extra, balance):
        best: tuple[float, int, Candidate] | None = None
        for i, cand in enumerate(f.candidates):
            if cand.key in taken:
                continue
            choice = balance.choose(cand, slot, task.faces, _rng(task, i), {})
            if choice is not None and (best is None or choice[0] < best[0]):
                best = (choice[0], i, cand)
        if best is not None:
            _, i, cand = best
            flat = task.pieces.lattice if task.height is None else None  # else a footprint
            fig = _solid(parse_figure(list(cand.rows), lattice=flat), task)
            ratios = {}
            if balance.target.dead_ends != 1.0:
                ratios = dead_ends(fig, cand.combos, pieces)
            choice = balance.choose(cand, slot, task.faces, _rng(task, i), ratios)
            if choice is None:  # the lean moved the draw onto a capped piece: draw plainly
                choice = balance.choose(cand, slot, task.faces, _rng(task, i), {})
            assert choice is not None
            taken.add(cand.key)
            if f.slot.box != slot.box:
                balance.moved(slot.box, f.slot.box)
            counted = {c: n for (c, _), n in zip(cand.combos, cand.counted, strict=True)}
            return (fig, balance.commit(choice[1], counted)), extra
    raise GenerationError(
        f"no usable {slot.side} figure of area {slot.area} in a {slot.box[0]}x{slot.box[1]} box "
        f"for {_slot_name(slot, figures)}, nor of any other area and box of the profile"
    )


def _slot_name(slot: Slot, figures: int) -> str:
    """``template 7`` (``template 7, figure 2`` on cards of several figures a side)."""
    if figures == 1:
        return f"template {slot.index + 1}"
    return f"template {slot.index // figures + 1}, figure {slot.index % figures + 1}"


def _rng(task: Task, candidate: int) -> Random:
    """The random draws of a slot's candidate: the same whatever was tried before."""
    slot = task.slot
    return Random(f"{task.seed}:draw:{slot.side}:{slot.index}:{candidate}")


def _rounds(task: Task, first: Found, extra: list[Found], balance: _Balance) -> Iterator[Found]:
    """The slot's search, further rounds run here (kept in ``extra``), then other layouts.

    A small box nearly filled holds few distinct figures (4x4 with 15 cells: one; 4x4 with 13
    and a one-cell end: a handful), so a slot whose own area and box are exhausted first
    moves to the likeliest other box of its area with all its wishes, while the set's box
    counts stay near the profile's (``_Balance.may_move``); then drops its one-cell end and
    symmetry, then its other planned shapes, then borrows the other pairs of its target,
    likeliest first; last, it takes any split of one-tiling and other combinations (custom
    pieces and sizes can leave too few figures for the drawn split).
    """
    yield first
    for r in range(1, EXTRA_ROUNDS + 1):
        if (extra[-1] if extra else first).exhausted:
            break  # every figure of this area and box has been seen: a new seed finds no other
        extra.append(search(dataclasses.replace(task, round=r)))
        yield extra[-1]
    slot = task.slot
    # the likeliest other box of the area only: the rare ones (easy 3x5, 2 %) would double
    likeliest = max(
        ((w, b) for (a, b), w in task.others if a == slot.area and b != slot.box), default=None
    )
    if (slot.taper or slot.shapes) and likeliest and balance.may_move(slot.box, likeliest[1]):
        moved = dataclasses.replace(slot, box=likeliest[1])
        extra.append(search(dataclasses.replace(task, slot=moved, round=EXTRA_ROUNDS + 1)))
        yield extra[-1]
    # the one-cell end and the symmetry first (few figures have them), then the other shapes
    plain = dataclasses.replace(slot, taper=None, symmetric=False)
    for relaxed in (plain, dataclasses.replace(plain, shapes=())):
        if relaxed != slot:
            slot = relaxed
            extra.append(search(dataclasses.replace(task, slot=slot, round=EXTRA_ROUNDS + 1)))
            yield extra[-1]
    for loose in (False, True):
        if loose:
            slot = dataclasses.replace(slot, loose=True)
            extra.append(search(dataclasses.replace(task, slot=slot, round=EXTRA_ROUNDS + 2)))
            yield extra[-1]
        for (area, box), _ in sorted(task.others, key=lambda pw: -pw[1]):
            if (area, box) != (slot.area, slot.box):
                moved = dataclasses.replace(slot, area=area, box=box)
                r = EXTRA_ROUNDS + 1 + 2 * loose
                extra.append(search(dataclasses.replace(task, slot=moved, round=r)))
                yield extra[-1]
