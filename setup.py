"""The optional compiled parts (the search core, the scoring replay); everything else about the
build is in pyproject.toml.

``optional=True``: where no C compiler is present (or the build fails) setuptools warns and the
install goes on without ``solver._core`` or ``scoring._fast``, and the Python code is used.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("solver._core", ["solver/_core.c"], optional=True),
        Extension("scoring._fast", ["scoring/_fast.c"], optional=True),
    ]
)
