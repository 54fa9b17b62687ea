"""The framework's stepped walk: plays a beat a step, holds on the last, wraps; stepping pauses."""

from __future__ import annotations

from arcade.ui.stepper import SteppedWalk


def test_it_plays_holds_on_the_last_step_and_starts_again():
    walk = SteppedWalk(3, 1.0)
    seen = [walk.index]
    for _ in range(6):
        walk.update(0.5)
        walk.update(0.6)
        seen.append(walk.index)
    assert seen == [0, 1, 2, 2, 0, 1, 2]


def test_stepping_pauses_and_wraps():
    walk = SteppedWalk(4, 1.0)
    assert walk.step(-1) and walk.index == 3 and not walk.playing
    assert not walk.update(10.0) and walk.index == 3
    walk.first()
    assert walk.index == 0
    walk.last()
    assert walk.index == 3
    walk.toggle()
    assert walk.playing and walk.clock == 0.0
    walk.update(1.9)
    assert walk.index == 3  # the last step holds two beats
    walk.update(0.2)
    assert walk.index == 0
