"""Time ``ubongo generate`` in process: ``python bench/bench_generator.py``.

Generates a complete set (36 templates by default) on one core and on a process pool of
``--workers`` processes, in the same run, and reports for each: wall time, candidate figures
carved per second, figures analysed and the mean ``solver.analyze`` time per figure, and the
time spent searching (parallel) versus selecting (serial). Best of ``--repeat`` runs. Every
run's output is checked byte-identical to the first, whatever the workers. The target (a
complete set in 30 s on one core) is printed beside the figure, never enforced: the machine is
shared and noisy. ``--smoke`` generates 2 templates once, for CI.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from ubongo.generator import Options, Report, generate

TARGET_SECONDS = 30.0


def run(opts: Options, workers: int) -> tuple[str, Report]:
    """One generation: the set as written by the command, and its report."""
    if workers == 1:
        ps, report = generate(opts)
    else:
        with ProcessPoolExecutor(workers) as ex:
            ps, report = generate(opts, ex)
    return json.dumps(ps.to_json(), indent=1) + "\n", report


def line(label: str, r: Report, wall: float) -> str:
    """One row of the report."""
    per_fig = 1000 * r.analyse_seconds / r.analysed if r.analysed else 0.0
    return (
        f"{label:<12}{wall:>8.2f} s{r.tried / r.search_seconds:>12.0f}{r.analysed:>10}"
        f"{per_fig:>12.2f} ms{r.search_seconds:>10.2f} s{r.seconds - r.search_seconds:>10.2f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--templates", type=int, default=36)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--smoke", action="store_true", help="2 templates, once (CI)")
    args = ap.parse_args(argv)
    templates, repeat = (2, 1) if args.smoke else (args.templates, args.repeat)
    opts = Options(templates=templates, seed=args.seed)
    print(f"{templates} templates, seed {args.seed}, best of {repeat}")
    print(
        f"{'':<12}{'wall':>10}{'figures/s':>12}{'analysed':>10}{'analyse/fig':>15}"
        f"{'search':>12}{'select':>12}"
    )
    first: str | None = None
    best: dict[int, float] = {}
    for workers in (1, args.workers) if args.workers > 1 else (1,):
        reports = []
        for _ in range(repeat):
            text, report = run(opts, workers)
            first = first or text
            if text != first:
                print(f"output with {workers} workers differs from the first run", file=sys.stderr)
                return 1
            reports.append(report)
        r = min(reports, key=lambda x: x.seconds)
        best[workers] = r.seconds
        print(line(f"{workers} worker{'s' if workers > 1 else ''}", r, r.seconds))
    print(f"target: a complete set in <= {TARGET_SECONDS:.0f} s on one core: {best[1]:.2f} s")
    if len(best) > 1:
        print(f"speed-up with {args.workers} workers: {best[1] / best[args.workers]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
