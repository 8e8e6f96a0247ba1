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

# A ladder of the fast bots and the persona meta-game per game first, so each balance report's
# "Bot strength" section has them (ISMCTS, about 1.5-3 CPU s a game, is left to a plain `designlab ladder`).
demo: $(STAMP)
	$(BIN)/designlab ladder variants/rakshasa/base.yaml -n 200 -q -w $(WORKERS) -b random -b heuristic -b honest -b bluffer -b suspicious
	$(BIN)/designlab ladder variants/fifth-challenge/base-2p.yaml -n 200 -q -w $(WORKERS) -b random -b heuristic -b cautious -b reckless -b harasser
	$(BIN)/designlab ladder variants/raiding-duel/base.yaml -n 200 -q -w $(WORKERS) -b random -b heuristic -b greedy -b spoiler
	for f in rakshasa/base fifth-challenge/base-2p raiding-duel/base; do $(BIN)/designlab meta variants/$$f.yaml -n 200 -q -w $(WORKERS) || exit 1; done
	$(BIN)/designlab sweep variants/rakshasa variants/fifth-challenge variants/raiding-duel --workers $(WORKERS)

bench: $(STAMP)
	$(BIN)/python -m designlab.bench

schema: $(STAMP)
	for g in rakshasa fifth-challenge raiding-duel; do $(BIN)/designlab schema $$g > /dev/null; done

clean:
	rm -rf $(VENV) results reports/*/ reports/index.html .pytest_cache .hypothesis
