# Newcomer commands: `make play` starts a game against the computer, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml setup.py engine/twilight/_movegen_c.pyx engine/twilight/_core_c.pyx ai/_tree_c.pyx
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/realpolitik play twilight

test: $(STAMP)
	$(BIN)/python -m pytest tests bench --benchmark-disable
	REALPOLITIK_PURE=1 REALPOLITIK_CHECK_LEGAL=1 $(BIN)/python -m pytest tests/core tests/twilight tests/ai

bench: $(STAMP)
	$(BIN)/python -m pytest bench --benchmark-only

clean:
	rm -rf $(VENV) build *.egg-info
