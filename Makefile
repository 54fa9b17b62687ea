# Puzzle Arcade -- the two commands of the quick start, and a few helpers.
#   make run    create .venv, install the game, open the menu
#   make test   create .venv, install with test extras, run lint, import contracts and the whole suite headless
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python

.PHONY: run test lint bench screenshot clean

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || \
	  { echo "Puzzle Arcade needs Python 3.11 or newer; run e.g. 'make PYTHON=python3.12 $(MAKECMDGOALS)'"; exit 1; }
	@$(PYTHON) -m venv $(VENV) || \
	  { echo "could not create a virtual environment: on Debian/Ubuntu run 'sudo apt-get install python3-venv'"; exit 1; }
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(VENV)/.installed-run $@

run: $(VENV)/.installed-run
	$(PY) -m arcade

lint: $(VENV)/.installed-test
	$(BIN)/ruff check arcade tests main.py
	$(BIN)/lint-imports

test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q

bench: $(VENV)/.installed-run
	$(PY) -m arcade bench

screenshot: $(VENV)/.installed-run
	$(PY) -m arcade --screenshot docs/menu.png --size 1280x800

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
