"""The optional compiled parts (the search core, the scoring replay); everything else about the
build is in pyproject.toml.

``optional=True``: where no C compiler is present (or the build fails) setuptools warns and the
install goes on without ``ubongo.solver._core`` or ``ubongo.scoring._fast``, and the Python code
is used.

Build files go to a temporary folder, not ``build/`` and ``*.egg-info`` in the source tree: the
README's set-up commands leave the checkout as it was (an editable install adds only the
compiled cores beside their sources, where the editable package finds them).
"""

import atexit
import shutil
import tempfile

from setuptools import Extension, setup

scratch = tempfile.mkdtemp(prefix="ubongo-build-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)
setup(
    ext_modules=[
        Extension("ubongo.solver._core", ["solver/_core.c"], optional=True),
        Extension("ubongo.scoring._fast", ["scoring/_fast.c"], optional=True),
    ],
    options={"build": {"build_base": scratch}, "egg_info": {"egg_base": scratch}},
)
