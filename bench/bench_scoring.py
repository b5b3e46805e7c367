"""Sessions scored per second by each engine, in process: ``python bench/bench_scoring.py``.

Records come from each engine's ``simulate`` where it has one (Ubongo, Jaipur), else from a
generator here (Jambo, Amul); every record is checked valid before timing. Two figures per
game, measured in the same run: the engine alone (``score(parse(record))``) and the whole
record path of ``ubongo score`` without I/O (``records.evaluate``: envelope checks, engine
lookup, result); for the games with a one-pass ``fast_score`` (Ubongo, Jaipur) that too, and
its speed-up over ``score(parse(record))``. Then, for those games, where a session of
``ubongo score --jsonl`` spends its time (microseconds per session): reading the line
(``json.loads``), ``records.evaluate``, the result object (``report.result_json``) and its
JSON line (``cli._common.json_line``), and against their sum the whole one-pass lane that
``score --jsonl`` takes for such records (``report.block_lines``: reading, the compiled or
Python replay, the line). Best of ``--repeat`` runs. Targets are printed beside
the figures, never enforced: the machine is shared and noisy. ``--smoke`` runs a tiny N once,
for CI.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from ubongo.cli._common import json_line
from ubongo.scoring.records import SEATS, Entry, evaluate, scorer
from ubongo.scoring.report import block_lines, result_json

Record = dict[str, Any]
TARGETS = {"ubongo": 10_000, "jaipur": 10_000}
JAMBO_WARES = ("jewelry", "hides", "tea", "silk", "fruit", "salt")
JAMBO_CARDS = {1: (3, 10), 2: (4, 11), 3: (5, 12)}  # distinct wares on a card -> price


def jambo_record(players: int, rng: random.Random) -> Record:
    """A legal Jambo ledger: trades of 3-ware cards and bank gold until someone reaches 60."""
    names = [f"P{i}" for i in range(1, players + 1)]
    gold = dict.fromkeys(names, 20)
    turns: list[Record] = []
    trigger: int | None = None
    while trigger is None or len(turns) <= trigger + 1:
        name = names[len(turns) % 2]
        turn, gained = _jambo_turn(name, rng)
        turns.append(turn)
        gold[name] += gained
        if trigger is None and gold[name] >= 60:
            trigger = len(turns) - 1
        if len(turns) > 200:
            break
    return {"game": "jambo", "players": names, "turns": turns}


def _jambo_turn(name: str, rng: random.Random) -> tuple[Record, int]:
    """One turn: buy a 3-ware card from the supply and sell it again, maybe some bank gold."""
    kinds = rng.choice([3, 2, 1])
    picked = rng.sample(JAMBO_WARES, kinds)
    wares = (picked * 3)[:3] if kinds != 2 else [picked[0], picked[0], picked[1]]
    buy, sell = JAMBO_CARDS[kinds]
    bank = rng.randint(0, 3)
    events: list[Record] = [{"buy": wares, "price": buy}, {"sell": wares}]
    if bank:  # the Weapons give exactly 2; other amounts are free ledger entries
        events.append({"gold": bank, "card": "weapons"} if bank == 2 else {"gold": bank})
    used = rng.randint(2, 5)
    return {"player": name, "actions_used": used, "events": events}, sell - buy + bank + (used <= 3)


def amul_record(players: int, rng: random.Random) -> Record:
    """A legal Amul final position: every card given with its values, no catalog needed."""
    return {
        "game": "amul",
        "players": [
            {"name": f"P{i}", "cards": [_amul_card(i, c, rng) for c in range(rng.randint(5, 15))]}
            for i in range(1, players + 1)
        ],
    }


def _amul_card(player: int, index: int, rng: random.Random) -> Record:
    """One card with random points and symbols."""
    card: Record = {"name": f"card-{player}-{index}", "points": rng.randint(-2, 6)}
    for symbol in ("arab", "mongol", "military"):
        if rng.random() < 0.3:
            card[symbol] = rng.randint(1, 2)
    if rng.random() < 0.1:
        card["pick_order"] = rng.choice("ABCDEFGH")
    return card


GENERATORS: dict[str, Callable[[int, random.Random], Record]] = {
    "jambo": jambo_record,
    "amul": amul_record,
}


def records(game: str, count: int) -> list[Record]:
    """``count`` valid records of ``game``, the same every run."""
    generate = getattr(scorer(game), "simulate", None) or GENERATORS[game]
    low, high = SEATS[game]
    found = []
    for k in range(count):
        rng = random.Random(f"bench:{game}:{k}")
        found.append(generate(rng.randint(low, high), rng))
    for k, record in enumerate(found):
        outcome = evaluate(Entry(f"{game}[{k}]", record))
        if outcome is None or not outcome.valid:
            problems = outcome.problems if outcome else ()
            sys.exit(f"bench: generated {game} record {k} is invalid: {problems}")
    return found


def best_seconds(run: Callable[[], object], repeat: int) -> float:
    """Seconds of the fastest of ``repeat`` runs of ``run``."""
    fastest = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def best_rate(run: Callable[[], object], count: int, repeat: int) -> float:
    """Sessions per second of the fastest of ``repeat`` runs of ``run``."""
    return count / best_seconds(run, repeat)


def measure(game: str, count: int, repeat: int) -> tuple[float, float, float | None]:
    """(engine alone, whole record path, one pass or None) sessions per second for ``game``."""
    module: Any = scorer(game)
    batch = records(game, count)
    entries = [Entry(f"{game}[{k}]", r) for k, r in enumerate(batch)]
    fast = getattr(module, "fast_score", None)

    def engine_only() -> None:
        for record in batch:
            module.score(module.parse(record))

    def record_path() -> None:
        for entry in entries:
            evaluate(entry)

    def one_pass() -> None:
        for record in batch:
            fast(record)

    if fast is not None and any(fast(record) is None for record in batch):
        sys.exit(f"bench: a simulated {game} record missed the one-pass path")
    alone = best_rate(engine_only, count, repeat)
    return alone, best_rate(record_path, count, repeat), fast and best_rate(one_pass, count, repeat)


def stages(game: str, count: int, repeat: int) -> dict[str, float]:
    """Microseconds per session of each stage of ``ubongo score --jsonl`` (no file I/O), timed
    session by session as the command streams them: nothing is kept, as nothing is there
    (a list of every result would make the garbage collector's full passes the largest cost)."""
    lines = [json.dumps(record) for record in records(game, count)]
    names = ("json.loads", "evaluate", "result_json", "json_line")
    best = dict.fromkeys(names, float("inf"))
    clock = time.perf_counter
    for _ in range(repeat):
        spent = dict.fromkeys(names, 0.0)
        for line in lines:
            start = clock()
            record = json.loads(line)
            parsed = clock()
            outcome = evaluate(Entry("bench", record))
            scored = clock()
            document = result_json(outcome) if outcome is not None else {}
            built = clock()
            json_line(document)
            spent["json.loads"] += parsed - start
            spent["evaluate"] += scored - parsed
            spent["result_json"] += built - scored
            spent["json_line"] += clock() - built
        best = {name: min(best[name], spent[name]) for name in names}
    numbered = list(enumerate(lines, 1))
    lane = min(_timed(lambda: block_lines("bench", numbered)) for _ in range(repeat))
    return {
        **{name: seconds / count * 1e6 for name, seconds in best.items()},
        LANE: lane / count * 1e6,
    }


LANE = "one-pass lane"
"""The stage of ``stages`` that is no part of the long way: ``report.block_lines`` whole."""


def _timed(work: Callable[[], object]) -> float:
    """Seconds ``work`` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every game and print one line per game, then the stages of two."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=2000, help="sessions per game")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best counts")
    parser.add_argument("--smoke", action="store_true", help="tiny N, one run (CI)")
    args = parser.parse_args(argv)
    count, repeat = (20, 1) if args.smoke else (args.sessions, args.repeat)
    print(f"{count} sessions per game, best of {repeat}; sessions scored per second")
    print(f"{'game':8} {'engine':>10} {'+records':>10} {'one pass':>10} {'speed-up':>9}  target")
    for game in ("ubongo", "jaipur", "jambo", "amul"):
        alone, whole, fast = measure(game, count, repeat)
        target = TARGETS.get(game)
        best = max(alone, fast or 0)
        verdict = "-" if target is None else f">= {target:,}  {'ok' if best >= target else 'BELOW'}"
        one = f"{fast:>10,.0f} {fast / alone:>8.1f}x" if fast else f"{'-':>10} {'-':>9}"
        print(f"{game:8} {alone:>10,.0f} {whole:>10,.0f} {one}  {verdict}")
    print("microseconds per session, by stage of `ubongo score --jsonl` (no file I/O)")
    for game in ("ubongo", "jaipur"):
        cost = stages(game, count, repeat)
        lane = cost.pop(LANE)
        long_way = sum(cost.values())
        parts = "  ".join(f"{name} {us:.1f}" for name, us in cost.items())
        print(
            f"{game:8} {parts}  long way {long_way:.1f} ({1e6 / long_way:,.0f}/s); "
            f"one-pass lane {lane:.1f} ({1e6 / lane:,.0f}/s)"
        )


if __name__ == "__main__":
    main()
