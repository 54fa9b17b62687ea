"""Packaging: what the wheel and the sdist carry, and the installed wheel run from outside the checkout.

Also the first-run pieces a distributor or a new user meets: README links that work on a
package index, the desktop entry, the icon, one version source, and the Makefile's
refusal of a half-made venv.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import arcade

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    (found,) = out.glob("puzzle_arcade-*.whl")
    return found


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sdist")
    result = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(out)],
                            capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    (found,) = out.glob("puzzle_arcade-*.tar.gz")
    return found


def test_wheel_contains_licences_assets_and_levels(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "arcade/assets/fonts/DejaVuSans.ttf" in names
    assert "arcade/assets/puzzle-arcade.png" in names
    assert "arcade/levels/README.md" in names
    assert "arcade/levels/tron/README.md" in names
    assert any(n.startswith("arcade/core/") for n in names)
    assert not any(n.startswith("tests/") for n in names)
    info = f"puzzle_arcade-{arcade.__version__}.dist-info"
    for licence in ("LICENSE", "LICENSES/Apache-2.0.txt", "assets/fonts/LICENSE-DejaVu.txt"):
        assert f"{info}/licenses/{licence}" in names
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert f"Version: {arcade.__version__}\n" in metadata
    assert "License-Expression: MIT AND Apache-2.0 AND Bitstream-Vera" in metadata
    assert "Project-URL: Repository, " in metadata and "Classifier: Topic :: Games/Entertainment" in metadata
    entry_points = zipfile.ZipFile(wheel).read(f"{info}/entry_points.txt").decode()
    assert "[console_scripts]\npuzzle-arcade = arcade.cli:main" in entry_points
    assert "[gui_scripts]\npuzzle-arcade-gui = arcade.cli:main" in entry_points


def test_sdist_contains_licences_docs_levels_assets_and_the_desktop_entry(sdist):
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    for name in ("LICENSE", "LICENSES/Apache-2.0.txt", "README.md", "Makefile", "docs/hashi.md", "docs/menu.png",
                 "levels/README.md", "assets/puzzle-arcade.png", "assets/fonts/LICENSE-DejaVu.txt",
                 "desktop/puzzle-arcade.desktop", "tests/test_packaging.py"):
        assert name in names, name


def test_the_version_is_written_once():
    assert "version" not in PYPROJECT["project"] and PYPROJECT["project"]["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "arcade/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+", arcade.__version__)


def test_readme_links_are_absolute_into_the_repository_and_name_files_that_exist():
    """Relative links break on a package index; absolute ones must still point at real files."""
    repo = PYPROJECT["project"]["urls"]["Repository"].rstrip("/")
    owner_name = repo.removeprefix("https://github.com/")
    readme = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)\s]+)\)", readme)
    local = [t for t in targets if not re.match(r"[a-z]+:", t) and not t.startswith("#")]
    assert local == [], f"relative links break on a package index: {local}"
    ours = [t for t in targets if owner_name in t]
    assert any(t.endswith(".png") for t in ours) and any(t.endswith(".md") for t in ours)
    for target in ours:
        path = re.sub(rf"^https://(raw\.githubusercontent\.com/{owner_name}/main|github\.com/{owner_name}/blob/main)/",
                      "", target)
        assert path != target, f"{target} is neither a raw file nor a blob of {repo}"
        path = path.split("#", 1)[0]  # a link to a heading names the file before the '#'
        assert (ROOT / path).is_file(), f"{target} names {path}, which is not in the checkout"


def test_desktop_entry_names_the_program_and_an_icon_that_exists():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(ROOT / "desktop" / "puzzle-arcade.desktop")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Exec"] == "puzzle-arcade"
    assert section["Terminal"] == "false" and "Game;" in section["Categories"]
    assert (ROOT / "assets" / f"{section['Icon']}.png").is_file()
    assert section["StartupWMClass"] == os.environ.get("SDL_VIDEO_X11_WMCLASS", "puzzle-arcade")


def test_the_committed_icon_is_what_the_drawing_code_makes():
    import pygame

    from arcade.ui.icon import ICON_NAME, draw_icon

    committed = pygame.image.load(str(ROOT / "assets" / ICON_NAME))
    drawn = draw_icon(256)
    assert committed.get_size() == drawn.get_size() == (256, 256)
    same = sum(committed.get_at((x, y)) == drawn.get_at((x, y)) for x in range(0, 256, 8) for y in range(0, 256, 8))
    assert same == 32 * 32


def needs(condition: bool, reason: str) -> None:
    """Skip on a developer's box that lacks ``reason``; in CI (which runs ``make test``) that is a failure."""
    if not condition:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run this test: {reason}")
        pytest.skip(reason)


def test_make_install_desktop_puts_the_entry_and_icon_in_the_data_home(tmp_path):
    needs(shutil.which("make") is not None, "make is not installed")
    needs((ROOT / ".venv" / ".installed-run").exists(), "needs the checkout's .venv (make run or make test first)")
    result = subprocess.run(["make", "-s", "install-desktop", f"DATA_HOME={tmp_path}"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    entry = (tmp_path / "applications" / "puzzle-arcade.desktop").read_text()
    assert f"Exec={ROOT / '.venv' / 'bin' / 'puzzle-arcade'}\n" in entry
    assert (tmp_path / "icons" / "hicolor" / "256x256" / "apps" / "puzzle-arcade.png").is_file()


FAKE_PYTHON_WITHOUT_ENSUREPIP = """#!/bin/sh
# Debian's python3 without python3-venv: "-m venv DIR" leaves DIR/bin/python behind, then fails.
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  mkdir -p "$3/bin"; printf '#!/bin/sh\\nexit 1\\n' > "$3/bin/python"; chmod +x "$3/bin/python"
  echo "The virtual environment was not created successfully because ensurepip is not available." >&2
  exit 1
fi
exec {python} "$@"
"""


def test_make_removes_a_half_made_venv_and_says_what_to_install(tmp_path):
    needs(shutil.which("make") is not None, "make is not installed")
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    fake = tmp_path / "python3"
    fake.write_text(FAKE_PYTHON_WITHOUT_ENSUREPIP.format(python=sys.executable))
    fake.chmod(0o755)
    for attempt in ("fresh", "left over from an earlier failure"):
        if attempt != "fresh":
            (tmp_path / ".venv" / "bin").mkdir(parents=True)
            (tmp_path / ".venv" / "bin" / "python").write_text("#!/bin/sh\nexit 1\n")
            (tmp_path / ".venv" / "bin" / "python").chmod(0o755)
        result = subprocess.run(["make", "-s", "run", f"PYTHON={fake}"], cwd=tmp_path, capture_output=True,
                                text=True, timeout=60)
        assert result.returncode != 0
        assert "apt-get install python3." in result.stdout and "-venv" in result.stdout, result.stdout
        assert not (tmp_path / ".venv").exists(), attempt
        if attempt != "fresh":
            assert "removing the half-made .venv" in result.stdout


def test_installed_wheel_finds_its_resources(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    code = (
        "import arcade\n"
        "from arcade.services import resources\n"
        "print(arcade.__file__)\n"
        "print(resources.assets_dir())\n"
        "print(resources.levels_dir())\n"
    )
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin", "PUZZLE_ARCADE_HOME": str(tmp_path / "home"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    package, assets, levels = result.stdout.split()
    assert Path(package) == target / "arcade" / "__init__.py"
    assert Path(assets) == target / "arcade" / "assets" and (Path(assets) / "fonts").is_dir()
    assert Path(levels) == target / "arcade" / "levels"

    def run(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "arcade", *argv], capture_output=True, text=True,
                              cwd=tmp_path, env=env, timeout=120)

    version = run("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"puzzle-arcade {arcade.__version__}"
    shot = run("--screenshot", "menu.png", "--frames", "1", "--size", "640x400")
    assert shot.returncode == 0, shot.stderr
    assert (tmp_path / "menu.png").stat().st_size > 1000
    solved = run("solve", "royale", "01-seed-14x20")
    assert solved.returncode == 0 and solved.stdout.startswith("loot 6\n"), solved.stderr


FAKE_PYTHON_LOGGING = """#!/bin/sh
# A python3 whose venv's python only writes down what it was asked to run.
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  mkdir -p "$3/bin"; printf '#!/bin/sh\\necho "$*" >> {log}\\n' > "$3/bin/python"; chmod +x "$3/bin/python"
  exit 0
fi
exec {python} "$@"
"""


def test_make_run_sets_up_once_says_each_step_and_compiles_tron_again_only_when_its_search_changes(tmp_path):
    """The first ``make run`` printed two pip commands and then nothing for 40 s (installing, then
    numba compiling Tron's search); a later one must start the game at once, and an update of the
    search's code (numba's cache is keyed on that file) is compiled in make, not in the first round."""
    needs(shutil.which("make") is not None, "make is not installed")
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    kernel = tmp_path / "arcade" / "games" / "tron" / "kernel.py"
    kernel.parent.mkdir(parents=True)
    kernel.write_text("")
    log = tmp_path / "calls.log"
    fake = tmp_path / "python3"
    fake.write_text(FAKE_PYTHON_LOGGING.format(python=sys.executable, log=log))
    fake.chmod(0o755)

    def make_run() -> tuple[str, list[str]]:
        log.write_text("")
        result = subprocess.run(["make", "-s", "run", f"PYTHON={fake}"], cwd=tmp_path, capture_output=True,
                                text=True, timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout, log.read_text().splitlines()

    said, ran = make_run()
    assert "creating the virtual environment" in said and "installing Puzzle Arcade" in said
    assert "compiling the Tron bot's search" in said
    assert any("pip install" in call and "-e .[fast]" in call for call in ran)
    assert any("warm_up()" in call for call in ran) and ran[-1] == "-m arcade"
    said, ran = make_run()
    assert said.strip() == "" and ran == ["-m arcade"]  # nothing set up again, nothing said
    os.utime(kernel, (kernel.stat().st_mtime + 10,) * 2)  # a pull changed the search
    said, ran = make_run()
    assert "compiling the Tron bot's search" in said and "installing" not in said
    assert not any("pip install" in call for call in ran) and any("warm_up()" in call for call in ran)
