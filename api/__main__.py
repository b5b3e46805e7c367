"""``python -m ubongo``: the ``ubongo`` command."""

from ubongo.cli import run

run(prog_name="ubongo")
