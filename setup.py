"""Build the compiled Twilight engine (move generator, core) and the compiled search tree;
everything else is in pyproject.toml.

The extensions are optional at run time (``engine.twilight.movegen`` and ``ai.tree`` fall back to
the pure-Python references), but ``pip install .`` compiles them on a machine with a C compiler.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [
            Extension("engine.twilight._movegen_c", ["engine/twilight/_movegen_c.pyx"]),
            # no fused multiply-add: the evaluator's doubles must equal the Python reference's
            Extension("engine.twilight._core_c", ["engine/twilight/_core_c.pyx"], extra_compile_args=["-ffp-contract=off"]),
            Extension("ai._tree_c", ["ai/_tree_c.pyx"], extra_compile_args=["-ffp-contract=off"]),
        ],
        compiler_directives={"language_level": "3"},
    )
)
