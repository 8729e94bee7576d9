# Newcomer commands: `make play` starts a game against the computer, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYX := $(wildcard engine/*/*.pyx ai/*.pyx)
PYTEST := $(BIN)/python -m pytest -p no:cacheprovider -n auto

.PHONY: play test ray-cluster-test fuzz check lint typecheck wheel-check bench golden install clean

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

# Every test (in parallel; the OpenSpiel and PettingZoo adapters' too, installed by the
# interop extra), then the core, Twilight and AI suites again against the pure-Python
# reference, then the installed wheel.
# The pure pass leaves out what does not depend on REALPOLITIK_PURE: the other games' random
# conformance games, the import and package checks, and the tests marked main_pass_only
# (fitting and tuning weights, reviewing a game: the main pass runs them). The lockstep
# differential (tests/twilight/test_compiled_differential.py) plays both implementations
# side by side whatever REALPOLITIK_PURE says, so it runs once, in the pure pass, where
# REALPOLITIK_CHECK_LEGAL also checks the pure side's legal-action cache at every step.
PURE_PASS_SKIP := not (test_conformance and (ideology or invasion or waronterror)) \
	and not test_imports and not test_package and not test_self_contained

test: $(STAMP)
	$(PYTEST) tests bench --benchmark-disable --ignore=tests/twilight/test_compiled_differential.py \
		-m "not ray_cluster"
	REALPOLITIK_PURE=1 REALPOLITIK_CHECK_LEGAL=1 $(PYTEST) tests/core tests/twilight tests/ai \
		-k "$(PURE_PASS_SKIP)" -m "not main_pass_only"
	$(MAKE) --no-print-directory wheel-check

# The Ray backend against a real two-node cluster that the test starts with `ray start` on this
# machine and stops by process id (tests/tournament/test_ray_cluster.py, docs/cluster.md):
# slow, so left out of `make test`; CI runs it after `make test`.
ray-cluster-test: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -m ray_cluster tests/tournament/test_ray_cluster.py

# The fuzz suite's long profile (many more examples, fresh randomness each run): the nightly kind
# of run. `make test` runs the same tests with the fast, repeatable profile. See docs/reliability.md.
fuzz: $(STAMP)
	REALPOLITIK_FUZZ=1 $(PYTEST) tests/fuzz

# Formatter, linter and type checker (CI runs this before the tests; so does pre-commit).
check: lint typecheck

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy sees the packages under their installed names through a link tree (it cannot follow
# the editable install's package_dir mapping).
typecheck: $(STAMP)
	rm -rf build/typecheck && mkdir -p build/typecheck/realpolitik
	for d in engine ai cli bench interop; do ln -s ../../../$$d build/typecheck/realpolitik/$$d; done
	cd build/typecheck && MYPYPATH=. ../../$(BIN)/mypy --config-file ../../pyproject.toml \
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
# dependencies' modules are byte-compiled when imported, not all of them at install.
wheel-check: $(STAMP)
	rm -rf build/wheel build/wheel-venv
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir build/wheel .
	$(PYTHON) -m venv build/wheel-venv
	build/wheel-venv/bin/python -m pip install --quiet --no-compile --disable-pip-version-check \
		build/wheel/realpolitik-*.whl pytest pytest-xdist hypothesis
	cd build && wheel-venv/bin/realpolitik games
	cd build && ! wheel-venv/bin/python -c 'import engine' 2>/dev/null
	cd build && REALPOLITIK_CONFORMANCE_GAMES=5 wheel-venv/bin/python -m pytest -p no:cacheprovider -q \
		-n auto ../tests/core ../tests/interop

# Rewrite the golden data (tests/golden/data, docs/transcript.md) from the registered games;
# a commit that changes them says so (docs/architecture.md).
golden: $(STAMP)
	$(BIN)/python -m tests.golden.generate

bench: $(STAMP)
	$(BIN)/python -m pytest bench --benchmark-only

clean:
	rm -rf $(VENV) build dist *.egg-info
