"""The optional compiled search core; everything else about the build is in pyproject.toml.

``optional=True``: where no C compiler is present (or the build fails) setuptools warns and the
install goes on without ``solver._core``, and the pure-Python engine is used.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("solver._core", ["solver/_core.c"], optional=True)])
