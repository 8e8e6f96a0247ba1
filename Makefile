# designlab: `make demo` runs the bundled sweeps and writes the reports; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
WORKERS ?= 2

.PHONY: install test demo bench schema clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test,cluster]"
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

# Each game's folder under variants/ (schema/ holds JSON only) and its base variant: the folder's first
# base*.yaml. No game is named here: a game's demo line-up is its spec's ladder_bots and persona grid.
GAME_DIRS := $(filter-out variants/schema/,$(sort $(wildcard variants/*/)))
BASES     := $(foreach d,$(GAME_DIRS),$(firstword $(sort $(wildcard $(d)base*.yaml))))

# A ladder of the fast bots and the persona meta-game per game first, so each balance report's
# "Bot strength" section has them (ISMCTS, about 1.5-3 CPU s a game, is left to a plain `designlab ladder`).
demo: $(STAMP)
	for f in $(BASES); do $(BIN)/designlab ladder $$f -n 200 -q -w $(WORKERS) --game-bots || exit 1; done
	for f in $(BASES); do $(BIN)/designlab meta $$f -n 200 -q -w $(WORKERS) || exit 1; done
	for f in $(BASES); do $(BIN)/designlab skill $$f -n 400 --search-games 30 --search 'ismcts(iterations=12)' -q -w $(WORKERS) || exit 1; done
	$(BIN)/designlab sweep $(GAME_DIRS:%/=%) --workers $(WORKERS)

bench: $(STAMP)
	$(BIN)/python -m designlab.bench

schema: $(STAMP)
	$(BIN)/designlab schema --all > /dev/null

clean:
	rm -rf $(VENV) results reports/*/ reports/index.html .pytest_cache .hypothesis
