"""Packaging: the wheel carries assets/ and levels/, and the resources helper finds them once installed."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


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


def test_wheel_contains_assets_and_levels(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "arcade/assets/fonts/DejaVuSans.ttf" in names
    assert "arcade/levels/README.md" in names
    assert any(n.startswith("arcade/core/") for n in names)
    assert not any(n.startswith("tests/") for n in names)


def test_installed_wheel_finds_its_resources(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    code = (
        "from arcade.services import resources\n"
        "print(resources.assets_dir())\n"
        "print(resources.levels_dir())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                            env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assets, levels = result.stdout.split()
    assert Path(assets) == target / "arcade" / "assets" and (Path(assets) / "fonts").is_dir()
    assert Path(levels) == target / "arcade" / "levels"
