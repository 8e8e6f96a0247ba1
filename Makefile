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

demo: $(STAMP)
	$(BIN)/designlab sweep variants/rakshasa variants/fifth-challenge variants/raiding-duel --workers $(WORKERS)

bench: $(STAMP)
	$(BIN)/python -m designlab.bench

schema: $(STAMP)
	for g in rakshasa fifth-challenge raiding-duel; do $(BIN)/designlab schema $$g > /dev/null; done

clean:
	rm -rf $(VENV) results reports/*/ reports/index.html .pytest_cache .hypothesis
