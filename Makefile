# Newcomer commands: `make play` starts a game against the computer, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYX := $(wildcard engine/*/*.pyx ai/*.pyx)
PYTEST := $(BIN)/python -m pytest -p no:cacheprovider -n auto --dist worksteal
# The pure pass and the wheel check run beside the main pass (`make test`): one worker each.
PYTEST_ONE := $(BIN)/python -m pytest -p no:cacheprovider

# Python writes its byte code here even where the environment says not to
# (PYTHONDONTWRITEBYTECODE): without it every process the tests start (each CLI call, each
# pytest worker, each pass) compiles the whole package and its dependencies again, and pytest
# rewrites every test module again in each pass. The files go to __pycache__ folders that git
# ignores.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: play test test-main test-pure ray-test fuzz check lint typecheck wheel-check bench golden install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The dev tools and the optional OpenSpiel/PettingZoo adapters (CI runs their tests too).
$(STAMP): $(BIN)/python pyproject.toml setup.py $(PYX)
	$(BIN)/python -m pip install --quiet -e '.[dev,interop]'
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/realpolitik play twilight --seat USSR

# Every test, in three parts that run side by side (`make -j`, each part's output printed whole
# when it ends): the main pass (every test, in parallel; the OpenSpiel and PettingZoo adapters'
# too, installed by the interop extra), the pure pass (the core, Twilight and AI suites again
# against the pure-Python reference) and the wheel check (the installed wheel). Run one after
# the other they left a core idle for about a third of the time (tests waiting on the processes
# they start, pip unpacking); side by side the other parts fill it.
# The pure pass leaves out what does not depend on REALPOLITIK_PURE: the other games' random
# conformance games, the import and package checks, and the tests marked main_pass_only
# (fitting and tuning weights, reviewing a game: the main pass runs them). The lockstep
# differential (tests/twilight/test_compiled_differential.py) plays both implementations
# side by side whatever REALPOLITIK_PURE says, so it runs once, in the pure pass, where
# REALPOLITIK_CHECK_LEGAL also checks the pure side's legal-action cache at every step.
PURE_PASS_SKIP := not (test_conformance and (ideology or invasion or waronterror)) \
	and not test_imports and not test_package and not test_self_contained

test: $(STAMP)
	@$(MAKE) --no-print-directory -j 3 --output-sync=target test-main test-pure wheel-check

test-main: $(STAMP)
	$(PYTEST) tests bench --benchmark-disable --ignore=tests/twilight/test_compiled_differential.py \
		-m "not ray and not ray_cluster"

test-pure: $(STAMP)
	REALPOLITIK_PURE=1 REALPOLITIK_CHECK_LEGAL=1 $(PYTEST_ONE) tests/core tests/twilight tests/ai \
		-k "$(PURE_PASS_SKIP)" -m "not main_pass_only"

# The Ray backend (tests/tournament/test_ray.py on a private local Ray, marker ray, and
# tests/tournament/test_ray_cluster.py on a real two-node cluster that the test starts with
# `ray start` on this machine and stops by process id, marker ray_cluster; docs/cluster.md):
# each starts a Ray runtime of its own, which costs more processor time than the tests
# themselves, so they are left out of `make test`; CI runs this after `make test`.
ray-test: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -m "ray or ray_cluster" tests/tournament/test_ray.py \
		tests/tournament/test_ray_cluster.py

# The fuzz suite's long profile (many more examples, fresh randomness each run): the nightly kind
# of run. `make test` runs the same tests with the fast, repeatable profile. See docs/reliability.md.
fuzz: $(STAMP)
	REALPOLITIK_FUZZ=1 $(PYTEST) tests/fuzz

# Formatter, linter and type checker (CI runs this before the tests; so does pre-commit).
check: lint typecheck

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy finds the packages under their installed names in src/ (the links of setup.py).
typecheck: $(STAMP)
	MYPYPATH=src $(BIN)/mypy --config-file pyproject.toml \
		-p realpolitik.engine -p realpolitik.ai -p realpolitik.cli -p realpolitik.bench \
		-p realpolitik.interop

# Build the wheel, install it alone in a fresh environment and run the core suite against it
# (from a folder outside the repository, so nothing but the installed package can be imported).
# The wheel is installed without the interop extra: the adapter tests that need OpenSpiel or
# PettingZoo skip there, the rest (the observation encoding; the core never importing the
# adapters) run against the wheel, which must ship realpolitik.interop.
# The core suite plays 5 random games of every game at every player count there
# (REALPOLITIK_CONFORMANCE_GAMES): what it proves is that the installed package plays every
# game to the end; the main pass of `make test` plays the full count. --no-compile: the
# dependencies' modules are byte-compiled when imported, not all of them at install. The new
# environment has no pip of its own: the project's pip installs into it (--python).
wheel-check: $(STAMP)
	rm -rf build/wheel build/wheel-venv
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir build/wheel .
	$(PYTHON) -m venv --without-pip build/wheel-venv
	$(BIN)/python -m pip --python build/wheel-venv/bin/python install --quiet --no-compile \
		--disable-pip-version-check build/wheel/realpolitik-*.whl pytest pytest-xdist hypothesis
	cd build && wheel-venv/bin/realpolitik games
	cd build && ! wheel-venv/bin/python -c 'import engine' 2>/dev/null
	cd build && REALPOLITIK_CONFORMANCE_GAMES=5 wheel-venv/bin/python -m pytest -p no:cacheprovider -q \
		../tests/core ../tests/interop

# Rewrite the golden data (tests/golden/data, docs/transcript.md) from the registered games;
# a commit that changes them says so (docs/architecture.md).
golden: $(STAMP)
	$(BIN)/python -m tests.golden.generate

bench: $(STAMP)
	$(BIN)/python -m pytest bench --benchmark-only

clean:
	rm -rf $(VENV) build dist *.egg-info
