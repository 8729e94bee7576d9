"""Install the five top-level folders as one package, ``realpolitik``, and build the compiled
Twilight engine (move generator, core) and the compiled search tree; the rest is in
pyproject.toml.

``engine/``, ``ai/``, ``cli/``, ``bench/`` and ``interop/`` stay where they are in the repository
and install as ``realpolitik.engine``, ``realpolitik.ai``, ``realpolitik.cli``,
``realpolitik.bench`` and ``realpolitik.interop`` (``package_dir`` mapping), so no generic
top-level name lands in site-packages. ``realpolitik`` itself is a namespace package (it has no
files of its own). ``interop`` needs the optional extra ``realpolitik[interop]`` (OpenSpiel,
PettingZoo); nothing else imports it.

The extensions are optional at run time (each game's ``movegen`` and ``ai.tree`` fall back to
the pure-Python references), but ``pip install .`` compiles them on a machine with a C compiler.
"""

import os

from Cython.Build import cythonize
from setuptools import Extension, find_namespace_packages, setup
from setuptools.command.build_ext import build_ext

TOP = ("engine", "ai", "cli", "bench", "interop")

packages: list[str] = []
package_dir: dict[str, str] = {}
for top in TOP:
    package_dir[f"realpolitik.{top}"] = top
    packages.append(f"realpolitik.{top}")
    # namespace discovery: data-only folders (ai/data, a data set's subfolder) are packages too
    packages.extend(
        f"realpolitik.{top}.{sub}" for sub in find_namespace_packages(top, exclude=["*__pycache__*"])
    )

# No debug information (Python's own CFLAGS carry -g): the compiled core's object file is 7 times
# smaller without it and compiles in about three quarters of the time; tracebacks and profiles
# name the Cython functions either way.
NO_DEBUG = ["-g0"]
# no fused multiply-add where doubles must equal the Python reference's
NO_FMA = ["-ffp-contract=off"]


class ParallelBuildExt(build_ext):
    """Compile the extensions side by side, one per core, unless ``--parallel`` says otherwise."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1


setup(
    cmdclass={"build_ext": ParallelBuildExt},
    packages=packages,
    package_dir=package_dir,
    package_data={
        "": ["py.typed", "data/*.csv", "data/*.toml", "data/*.md", "data/*.json", "data/rulebook/*.csv"]
    },
    exclude_package_data={"": ["*.c"]},
    ext_modules=cythonize(
        [
            Extension(
                "realpolitik.engine.twilight._movegen_c",
                ["engine/twilight/_movegen_c.pyx"],
                extra_compile_args=NO_DEBUG,
            ),
            Extension(
                "realpolitik.engine.twilight._core_c",
                ["engine/twilight/_core_c.pyx"],
                extra_compile_args=NO_DEBUG + NO_FMA,
            ),
            Extension("realpolitik.ai._tree_c", ["ai/_tree_c.pyx"], extra_compile_args=NO_DEBUG + NO_FMA),
        ],
        compiler_directives={"language_level": "3"},
        nthreads=os.cpu_count() or 1,
    ),
)
