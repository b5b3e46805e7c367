"""Lazy exports for a package's ``__init__`` (PEP 562): each public name is imported from its
home module when first asked for.

Start-up time is mostly imports, and every ``ubongo.*`` import, the ``ubongo`` command's too, runs
the ``__init__`` of each package on its way: a package that imported all its submodules eagerly
would make ``ubongo --version`` pay for the engines. This module imports only ``sys`` and
``types`` (both loaded before any of our code), so that any package, ``ubongo`` itself included,
can use it without loading anything else.

A public name may be the name of a submodule too (``ubongo.solver.analyze`` is a function, and
its home module's name): once the submodule loads, the import system binds it on the package
under that name, which would hide the function. The package's class keeps the public name, as
an eager ``from .analyze import analyze`` did; the submodule stays in ``sys.modules``.
"""

from __future__ import annotations

import sys
import types

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers know it)
if TYPE_CHECKING:
    from collections.abc import Callable


def exports(
    package: str, homes: dict[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``, whose public names live in ``homes`` (name ->
    module): ``__getattr__, __dir__ = exports(__name__, HOMES)`` at the package's top level."""

    def attribute(name: str) -> object:
        """The public ``name``, imported from its home once and then kept in the package."""
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    def names() -> list[str]:
        """The package's own names and its public ones, so help() and completion see them."""
        return sorted({*vars(sys.modules[package]), *homes})

    home_of = homes.get

    class Package(types.ModuleType):
        def __setattr__(self, name: str, value: object) -> None:
            if isinstance(value, types.ModuleType) and home_of(name) == value.__name__:
                return  # the import system binding a submodule over the public name
            super().__setattr__(name, value)

    sys.modules[package].__class__ = Package
    return attribute, names
