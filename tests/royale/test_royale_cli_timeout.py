"""``solve royale`` on grids beyond the proven-fast sizes: a default time limit, and no unproven par."""

from __future__ import annotations

from arcade.cli import main
from arcade.games.royale import cli as royale_cli
from arcade.games.royale.logic import Level


def test_default_timeout_only_beyond_the_proven_fast_sizes():
    fast = Level(tuple((0,) * 101 for _ in range(101)))
    slow = Level(tuple((0,) * 102 for _ in range(101)))
    assert royale_cli.default_timeout(fast) is None
    assert royale_cli.default_timeout(slow) == royale_cli.DEFAULT_TIMEOUT


def test_a_grid_past_the_limit_prints_the_best_route_marked_inexact(monkeypatch, capsys):
    monkeypatch.setattr(royale_cli, "PROVEN_FAST_CELLS", 0)
    monkeypatch.setattr(royale_cli, "DEFAULT_TIMEOUT", 1e-9)
    assert main(["solve", "royale", "17-grand-royale-51x51"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("loot ") and "exact no" in out


def test_generate_never_writes_an_unproven_par(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(royale_cli, "PROVEN_FAST_CELLS", 0)
    monkeypatch.setattr(royale_cli, "DEFAULT_TIMEOUT", 1e-9)
    target = tmp_path / "grid.txt"
    assert main(["generate", "royale", "--size", "51", "--density", "0.3", "--seed", "4", "--par",
                 "-o", str(target)]) == 2
    assert "no proven par" in capsys.readouterr().err and not target.exists()
