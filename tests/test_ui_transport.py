"""The framework's replay transport (arcade/ui/transport.py), without a game: Tron's replay bar and
Runway's command row both use these buttons and this scrub, so their behaviour is pinned here once."""

from __future__ import annotations

import pygame

from arcade.ui.transport import PlayerButtons, ReplayBar, Scrub, SpeedButtons, Timeline


def ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


def click(target, pos, *args):
    took = target.handle(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), *args)
    return target.handle(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1), *args) or took


class Replay:
    """A stand-in game: a position on a history of ``length`` turns."""

    def __init__(self, length: int) -> None:
        self.index, self.length, self.playing = 0, length, False

    def seek(self, turn: int) -> None:
        assert 0 <= turn <= self.length, turn
        self.index = turn

    def step(self, delta: int) -> None:
        self.index = max(0, min(self.index + delta, self.length))

    def toggle(self) -> None:
        self.playing = not self.playing


def bar_over(game: Replay, app) -> ReplayBar:
    bar = ReplayBar(game.seek, game.toggle, game.step)
    bar.layout(pygame.Rect(10, 100, 700, ReplayBar.HEIGHT))
    bar.draw(app.screen, app.theme, game.index, game.length, playing=game.playing)
    return bar


def test_a_click_on_the_timeline_goes_to_the_turn_under_it_and_a_drag_follows_clamped(app):
    game = Replay(20)
    bar = bar_over(game, app)
    timeline, y = bar.timeline, bar.timeline.track.centery
    assert timeline.span == 20 and not timeline.rect.colliderect(bar.buttons["end"].rect)
    for turn in (0, 7, 13, 20):
        assert click(bar, (round(timeline.x_of(turn)), y)) and game.index == turn
    assert bar.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(round(timeline.x_of(5)), y), button=1)) and game.index == 5
    assert bar.handle(ev(pygame.MOUSEMOTION, pos=(round(timeline.x_of(9)), y), rel=(1, 0), buttons=(1, 0, 0)))
    assert game.index == 9
    # Dragged past either end, or off the bar altogether, the turn holds at the record's ends.
    bar.handle(ev(pygame.MOUSEMOTION, pos=(timeline.rect.right + 300, y + 200), rel=(1, 0), buttons=(1, 0, 0)))
    assert game.index == 20
    bar.handle(ev(pygame.MOUSEMOTION, pos=(0, y), rel=(-1, 0), buttons=(1, 0, 0)))
    assert game.index == 0
    assert bar.handle(ev(pygame.MOUSEBUTTONUP, pos=(round(timeline.x_of(3)), y), button=1)) and game.index == 3
    assert not bar.dragging
    # Once released, motion over the bar no longer seeks.
    assert not bar.handle(ev(pygame.MOUSEMOTION, pos=(round(timeline.x_of(11)), y), rel=(1, 0), buttons=(0, 0, 0)))
    assert game.index == 3


def test_a_scrub_clamps_to_the_recorded_turns_of_a_longer_axis():
    """Runway's axis runs past the history (the plan ahead): a click there goes to the last recorded turn."""
    turns: list[int] = []
    timeline = Timeline(50)
    timeline.rect = pygame.Rect(0, 0, 600, 32)
    timeline.fit(4)  # a race still running: the axis has room ahead, to 10
    scrub = Scrub(timeline, turns.append)
    assert timeline.span == 10
    assert click(scrub, (round(timeline.x_of(8)), 16), 4) and turns[-1] == 4
    assert not click(scrub, (300, 200), 4)  # below the timeline: not the scrub's
    assert scrub.turn_at(round(timeline.x_of(2)), 4) == 2


def test_the_player_buttons_act_and_grey_the_ends(app):
    game = Replay(6)
    bar = bar_over(game, app)
    buttons = bar.buttons
    assert not buttons["start"].is_enabled() and not buttons["back"].is_enabled()
    assert buttons["step"].is_enabled() and buttons["end"].is_enabled()
    click(bar, buttons["back"].rect.center)
    assert game.index == 0  # greyed: nothing happens
    click(bar, buttons["step"].rect.center)
    assert game.index == 1
    click(bar, buttons["end"].rect.center)
    assert game.index == 6
    bar.draw(app.screen, app.theme, game.index, game.length, playing=game.playing)
    assert buttons["start"].is_enabled() and not buttons["step"].is_enabled() and not buttons["end"].is_enabled()
    click(bar, buttons["back"].rect.center)
    assert game.index == 5
    click(bar, buttons["start"].rect.center)
    assert game.index == 0
    click(bar, buttons["play"].rect.center)
    bar.draw(app.screen, app.theme, game.index, game.length, playing=game.playing)
    assert game.playing and buttons["play"].toggled
    assert bar.tooltip(buttons["play"].rect.center) == "Play / pause [Space]"
    assert "drag" in bar.tooltip(bar.timeline.track.center)


def test_step_on_stays_lit_past_the_record_when_the_game_makes_more_turns():
    """Runway's ▶ at the history's end plays the AI's next turn: lit while the race runs; ⏭ greys."""
    player = PlayerButtons({name: lambda: None for name in ("start", "back", "play", "step", "end")},
                           {"play": "Let the AI drive"})
    player.update(4, 4, playing=False, more=True)
    assert player["step"].is_enabled() and not player["end"].is_enabled() and player["back"].is_enabled()
    player.update(4, 4, playing=False)
    assert not player["step"].is_enabled()
    right = player.layout(0, 0, 40, 30)
    assert right == 5 * 40 + 4 * 4 and player.tooltip((100, 10)) == "Let the AI drive"


def test_the_speed_label_has_room_for_its_widest_speed_and_a_gap_to_each_button(app):
    """Runway's label was sized for "32 turns/s": "0.5 turns/s" is wider and touched the +."""
    speeds = SpeedButtons({"slower": lambda: None, "faster": lambda: None}, {"slower": "s", "faster": "f"},
                          "turns/s", (0.5, 1, 2, 32))
    font = app.theme.font(13)
    right = speeds.layout(100, 10, 30, font, 6)
    minus, plus, label = speeds.buttons["slower"].rect, speeds.buttons["faster"].rect, speeds.label_rect
    assert minus.right + 6 == label.left and label.right + 6 == plus.left and plus.right == right
    assert all(font.size(speeds.text(v))[0] <= label.width for v in speeds.speeds)
    assert speeds.width(font, 30, 6) == right - 100
    speeds.layout(100, 10, 30, font, 6, label=False)
    assert speeds.label_rect.width == 0 and speeds.buttons["faster"].rect.left == 100 + 30 + 6


def test_the_speed_buttons_grey_at_the_ends_of_the_speeds_and_a_click_there_does_nothing(app):
    """At 0.5 turns/s a click on − only repeated the toast "Speed: 0.5 per second"."""
    clicks: list[str] = []
    speeds = SpeedButtons({"slower": lambda: clicks.append("slower"), "faster": lambda: clicks.append("faster")},
                          {"slower": "s", "faster": "f"}, "turns/s", (0.5, 1, 2, 32))
    speeds.layout(100, 10, 30, app.theme.font(13), 6)
    surface = pygame.Surface((400, 60))
    minus, plus = speeds.buttons["slower"], speeds.buttons["faster"]

    def click(button) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            button.handle(pygame.event.Event(kind, button=1, pos=button.rect.center))

    speeds.draw(surface, app.theme, 13, 0.5)
    assert not minus.is_enabled() and plus.is_enabled()
    click(minus)
    click(plus)
    assert clicks == ["faster"]
    speeds.draw(surface, app.theme, 13, 32)
    assert minus.is_enabled() and not plus.is_enabled()
    speeds.draw(surface, app.theme, 13, 2)
    assert minus.is_enabled() and plus.is_enabled()


def test_a_timeline_drag_whose_release_was_lost_stops_seeking(app):
    """The release can go missing (the focus taken mid-drag): the bare pointer then went on seeking
    over the bar. The focus lost, or a motion with the button up, ends the drag."""
    game = Replay(20)
    bar = bar_over(game, app)
    timeline, y = bar.timeline, bar.timeline.track.centery
    for lost in (ev(pygame.WINDOWFOCUSLOST), None):
        bar.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(round(timeline.x_of(5)), y), button=1))
        if lost is not None:
            bar.handle(lost)
        bar.handle(ev(pygame.MOUSEMOTION, pos=(round(timeline.x_of(12)), y), rel=(1, 0), buttons=(0, 0, 0)))
        assert game.index == 5 and not bar.dragging
