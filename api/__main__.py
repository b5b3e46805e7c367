"""``python -m ubongo``: the ``ubongo`` command."""

from ubongo.cli import main

main(prog_name="ubongo")
