# designlab: `make demo` runs the bundled sweeps and writes the reports; `make test` runs the suite.
# `make install` installs the versions pinned in constraints.txt; `make lock` refreshes that file.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
WORKERS ?= 2

LOCK_VENV := .lock-venv
EXAMPLE       := examples/goofspiel
EXAMPLE_STAMP := $(VENV)/.example-installed

.PHONY: install lock lint test example demo bench schema clean

# constraints.txt pins every package a fresh install gets, so a new release of a dependency
# cannot change or break a fresh clone.
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e ".[test,cluster]"
	touch $(STAMP)

install: $(STAMP)

# Resolve pyproject.toml's dependencies and every extra afresh in a throwaway venv (the newest
# versions its ranges allow) and pin all of them, transitive ones too, in constraints.txt.
# Run it after changing a dependency in pyproject.toml and commit both files together.
lock:
	rm -rf $(LOCK_VENV)
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install -q --upgrade pip
	$(LOCK_VENV)/bin/python -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
	  print(*p["dependencies"], *(r for extra in p.get("optional-dependencies", {}).values() for r in extra), sep="\n")' \
	  > $(LOCK_VENV)/requirements.in
	$(LOCK_VENV)/bin/python -m pip install -q -r $(LOCK_VENV)/requirements.in
	{ echo "# Every package a fresh install of designlab gets, all extras included; written by \`make lock\`, do not edit."; \
	  echo "# Resolved on Python $$($(LOCK_VENV)/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \`make install\` installs with -c constraints.txt."; \
	  $(LOCK_VENV)/bin/python -m pip freeze; } > constraints.txt
	rm -rf $(LOCK_VENV)

lint: $(STAMP)
	$(BIN)/ruff check designlab tests

# The suite runs with the example plugin installed, so it also checks that a game from another
# distribution leaves the bundled games, the registry and the CLI working; then the example's own checks.
test: $(EXAMPLE_STAMP)
	$(BIN)/ruff check designlab tests
	$(BIN)/python -m pytest
	$(MAKE) --no-print-directory example

# The example game plugin (examples/goofspiel), installed beside designlab as a designer's own game would be
# (pip install -e; its entry point registers it), then its lint, its own tests (conformance included) and one
# of its sweeps played into a report, with few games: this checks the path, not the balance.
$(EXAMPLE_STAMP): $(STAMP) $(EXAMPLE)/pyproject.toml
	$(BIN)/python -m pip install -q --no-deps -e $(EXAMPLE)
	touch $(EXAMPLE_STAMP)

example: $(EXAMPLE_STAMP)
	$(BIN)/ruff check $(EXAMPLE)
	$(BIN)/python -m pytest $(EXAMPLE)/tests -p no:cacheprovider
	$(BIN)/designlab sweep $(EXAMPLE)/variants/cards-per-suit-sweep.yaml -n 100 -w 1 -q \
	  --results results/example --reports reports/example

# Each game's folder under variants/ (schema/ holds JSON only) and its base variant: the folder's first
# base*.yaml. No game is named here: a game's demo line-up is its spec's ladder_bots and persona grid.
GAME_DIRS := $(filter-out variants/schema/,$(sort $(wildcard variants/*/)))
BASES     := $(foreach d,$(GAME_DIRS),$(firstword $(sort $(wildcard $(d)base*.yaml))))

# A ladder of the fast bots and the persona meta-game per game first, so each balance report's
# "Bot strength" section has them (ISMCTS, about 1.5-3 CPU s a game, is left to a plain `designlab ladder`).
# The meta-game's exploitability check plays its best response search (about 1.4 CPU s a Rakshasa game)
# 20 games per opponent and step, not the command's default 40, to keep the demo's length in bounds.
demo: $(STAMP)
	for f in $(BASES); do $(BIN)/designlab ladder $$f -n 200 -q -w $(WORKERS) --game-bots || exit 1; done
	for f in $(BASES); do $(BIN)/designlab meta $$f -n 200 --search-games 20 -q -w $(WORKERS) || exit 1; done
	for f in $(BASES); do $(BIN)/designlab skill $$f -n 400 --search-games 30 --search 'ismcts(iterations=12)' -q -w $(WORKERS) || exit 1; done
	$(BIN)/designlab sweep $(GAME_DIRS:%/=%) --workers $(WORKERS)

bench: $(STAMP)
	$(BIN)/python -m designlab.bench

schema: $(STAMP)
	$(BIN)/designlab schema --all > /dev/null

clean:
	rm -rf $(VENV) $(LOCK_VENV) results reports/*/ reports/index.html .pytest_cache .hypothesis
