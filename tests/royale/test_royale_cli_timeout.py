"""``solve royale``'s default time limit on every grid, its note while it searches, and no unproven par."""

from __future__ import annotations

from arcade.cli import main
from arcade.games.royale import cli as royale_cli


def test_a_grid_of_any_size_gets_the_default_limit(monkeypatch, capsys):
    """Grids up to 101x101 had no limit, "proven fast" by the bench's seeded grids: a held-out
    101x101 grid at 10 % loot searched for over a minute without a word. The bundled 51x51 grid,
    under a limit already past, prints the best route found, marked."""
    monkeypatch.setattr(royale_cli, "DEFAULT_TIMEOUT", 1e-9)
    assert main(["solve", "royale", "17-grand-royale-51x51"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("loot ") and "exact no" in out


def test_a_long_search_says_on_stderr_that_it_goes_on_and_until_when(monkeypatch, capsys):
    monkeypatch.setattr(royale_cli, "NOTE_AFTER", 0.0)
    assert main(["solve", "royale", "17-grand-royale-51x51", "--timeout", "60"]) == 0
    captured = capsys.readouterr()
    assert "still searching; the best route found comes by 60 s" in captured.err
    assert captured.out.startswith("loot ")


def test_a_grid_past_the_limit_prints_the_best_route_marked_inexact(monkeypatch, capsys):
    monkeypatch.setattr(royale_cli, "DEFAULT_TIMEOUT", 1e-9)
    assert main(["solve", "royale", "17-grand-royale-51x51"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("loot ") and "exact no" in out


def test_generate_never_writes_an_unproven_par(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(royale_cli, "DEFAULT_TIMEOUT", 1e-9)
    target = tmp_path / "grid.txt"
    assert main(["generate", "royale", "--size", "51", "--density", "0.3", "--seed", "4", "--par",
                 "-o", str(target)]) == 2
    assert "no proven par" in capsys.readouterr().err and not target.exists()
