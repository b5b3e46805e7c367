"""The ``ubongo`` command line: a thin layer over the library packages.

Exit codes: 0 success; 1 a failure the user can act on (bad input file, unsolvable
combination, invalid session record, time limit reached); 2 usage error.
"""

from __future__ import annotations

import click

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(package_name="ubongo-lab")
def main() -> None:
    """Solve, verify and design Ubongo puzzles; score recorded game sessions.

    \b
    Exit codes: 0 success; 1 a failure you can act on (bad input, an unsolvable
    combination, an invalid session record, a time limit); 2 usage error.
    Shell completion: eval "$(_UBONGO_COMPLETE=bash_source ubongo)"
    """


# --- scoring commands (scoring/cli.py) are registered below ---
from scoring.cli import score, simulate  # noqa: E402

main.add_command(score)
main.add_command(simulate)

if __name__ == "__main__":
    main()
