"""The Tron benchmark measures the bot as it plays: the same share of the budget for its search."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from arcade.games.tron import benchmark
from arcade.games.tron.ai import StrongestBot


@pytest.mark.parametrize("compiled", [True, False])
def test_the_search_speed_figures_give_each_search_the_share_it_has_in_play(monkeypatch, capsys, compiled):
    """The benchmark stopped both searches at 85 % of the budget while the compiled one plays to 90 %:
    its depth and nodes per second were reported for a shorter search than the one that plays."""
    given: list[float] = []
    real = StrongestBot.decide

    def decide(self, board, deadline):
        given.append(deadline)
        return real(self, board, time.perf_counter() + 0.005)

    monkeypatch.setattr(benchmark, "time", SimpleNamespace(perf_counter=lambda: 1000.0))  # the bench's clock
    monkeypatch.setattr(StrongestBot, "decide", decide)
    benchmark._search_speed(True, 100.0, "search", compiled)
    share = StrongestBot(compiled=compiled).search_share
    assert given and all(d == pytest.approx(1000.0 + share * 0.1) for d in given), (given, share)
    assert f"deadline at {share:.0%}" in capsys.readouterr().out
