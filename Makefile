# Puzzle Arcade -- the two commands of the quick start, and a few helpers.
#   make run              create .venv, install the game, open the menu
#   make test             create .venv, install with test extras, run lint, import contracts and the whole suite headless
#                         (then Tron's tests again without the numba compiler)
#   make install-desktop  add a menu entry and icon for this checkout (freedesktop: ~/.local/share)
#   make uninstall-desktop  remove them again
#   make lint             ruff and the import contracts only
#   make bench            the speed figures (python -m arcade bench)
#   make screenshot       redraw docs/menu.png headless at 1280x800
#   make clean            remove .venv and the tools' caches
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
# Made only once the venv has a working pip: Debian without python3-venv creates .venv/bin/python
# and then fails, and a target on that file alone would be taken for a finished venv.
VENV_OK := $(VENV)/.venv-ok
DATA_HOME ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)

.PHONY: run test lint bench screenshot clean install-desktop uninstall-desktop

$(VENV_OK):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null || \
	  { echo "Puzzle Arcade needs Python 3.11 or newer; run e.g. 'make PYTHON=python3.12 $(MAKECMDGOALS)'"; exit 1; }
	@if [ -e $(VENV) ] && ! $(PY) -m pip --version >/dev/null 2>&1; then \
	  echo "removing the half-made $(VENV) (it has no working pip)"; rm -rf $(VENV); fi
	@[ -e $(PY) ] || { echo "creating the virtual environment $(VENV) (first run only)"; \
	  $(PYTHON) -m venv $(VENV) >/dev/null 2>&1; } || true
	@$(PY) -m pip --version >/dev/null 2>&1 || { rm -rf $(VENV); \
	  echo "could not create a virtual environment with pip: install the venv module (Debian/Ubuntu:" \
	       "'sudo apt-get install $$($(PYTHON) -c 'import sys; print(f"python3.{sys.version_info[1]}-venv")' \
	       2>/dev/null || echo python3-venv)') and run make again"; exit 1; }
	@$(PY) -m pip install --quiet --upgrade pip
	@touch $@

# The `fast` extra (numba) compiles the Tron bot's search; where no wheel exists the game runs
# without it (pure Python). Compiling takes 10-40 s once and is cached on disk next to kernel.py,
# keyed on that file: an update of it is compiled again here, not in the game's first round
# against the Strongest bot. Each step says what it does and that it is once: the first `make run`
# printed two pip commands and then nothing for 40 s.
WARM_TRON := $(PY) -c 'from arcade.games.tron.kernel import ACCELERATED, warm_up; warm_up(); \
  print("  Tron bot:", "compiled and cached" if ACCELERATED else "pure Python (numba not installed)")'

$(VENV)/.installed-run: pyproject.toml | $(VENV_OK)
	@echo "installing Puzzle Arcade and its dependencies into $(VENV) (when pyproject.toml changes; about 20 s)"
	@$(PY) -m pip install --quiet -e '.[fast]' || $(PY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.tron-compiled: arcade/games/tron/kernel.py pyproject.toml | $(VENV_OK)
	@echo "compiling the Tron bot's search (once, and after an update of it; 10-40 s)"
	@$(WARM_TRON)
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV_OK)
	@echo "installing Puzzle Arcade with the test tools into $(VENV) (when pyproject.toml changes)"
	@$(PY) -m pip install --quiet -e '.[test,fast]' || $(PY) -m pip install --quiet -e '.[test]'
	@touch $(VENV)/.installed-run $@

run: $(VENV)/.installed-run $(VENV)/.tron-compiled
	$(PY) -m arcade

lint: $(VENV)/.installed-test $(VENV)/.tron-compiled
	$(BIN)/ruff check arcade tests main.py
	$(BIN)/lint-imports

# The whole suite, then Tron's tests again without numba's compiler: the pure-Python path the
# game falls back to where numba is missing must pass the same tests.
test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q
	ARCADE_NO_JIT=1 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -p no:cacheprovider tests/tron

bench: $(VENV)/.installed-run
	$(PY) -m arcade bench

screenshot: $(VENV)/.installed-run
	$(PY) -m arcade --screenshot docs/menu.png --size 1280x800

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info

# A menu entry for this checkout's venv (Exec is its absolute path), and the icon drawn by arcade/ui/icon.py.
install-desktop: $(VENV)/.installed-run
	install -d $(DATA_HOME)/applications $(DATA_HOME)/icons/hicolor/256x256/apps
	sed 's|^Exec=.*|Exec=$(abspath $(BIN))/puzzle-arcade|' desktop/puzzle-arcade.desktop \
	  > $(DATA_HOME)/applications/puzzle-arcade.desktop
	install -m 644 assets/puzzle-arcade.png $(DATA_HOME)/icons/hicolor/256x256/apps/puzzle-arcade.png
	@echo "installed: $(DATA_HOME)/applications/puzzle-arcade.desktop (remove with 'make uninstall-desktop')"

uninstall-desktop:
	rm -f $(DATA_HOME)/applications/puzzle-arcade.desktop $(DATA_HOME)/icons/hicolor/256x256/apps/puzzle-arcade.png
