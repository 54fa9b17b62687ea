"""A new Tron match (ui): from the setup, a rematch, another map, a tournament, and asking first.

Each throws the match being played away, so each asks once mid-match and abandons the save; the
setup's choices are remembered for the next start. A mixin of
:class:`~arcade.games.tron.view.scene.TronScene` apart from the rounds (:mod:`.rounds`), which only
play the match these start.

It reads and sets the scene's ``setup``, ``match``, ``seed``, ``map_ref``, ``round_log``,
``viewer``, ``console``, ``painter`` and ``phase``; it starts the runners (:mod:`.seats`) and the
first round (:mod:`.rounds`), and says through its ``say_note``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arcade.core.errors import ArcadeError
from arcade.core.game import LevelEntry
from arcade.core.registry import Binding
from arcade.games.tron import maps
from arcade.games.tron.controller import Match
from arcade.games.tron.view.paint import BoardPainter
from arcade.games.tron.view.setup import FRESH_MAPS, MatchSetup, SetupScene
from arcade.ui.scene import Scene

#: What the setup's Start asks about mid-match (see :meth:`GameScene.forget_discard_question`).
NEW_MATCH = "new match"


#: Said to a key that would start another match (O, L, F5, their buttons) in a tournament's round
#: watched over its table: O there opened a setup whose Start made the viewer a new match on top of
#: the table. The table takes no such key either (Esc leaves it), so the way is through it.
OVER_TABLE = "A tournament's round, watched over its table: Esc goes back to the table, Esc there to the game."


class NewMatchMixin:
    """Starting a match over: setup, rematch, another map, a tournament (see the module's docstring)."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    app: Any
    session: Any
    match: Any
    setup: MatchSetup
    seed: int
    viewer: Any
    console: Any
    #: The last tournament's table (see :meth:`open_last_tournament`), None before one.
    last_table: Any = None
    view: Any
    saved_replays_picker: Any
    from_table: bool
    PASSED_DOWN: frozenset[str]

    @property
    def starts_matches(self) -> bool:
        """The keys that start another match (O, L, F5) act here: not in a tournament's round
        opened from its table (see :data:`OVER_TABLE`), listed there neither in the keys table nor
        lit on the toolbar. A saved replay over a game passes them down to the game instead
        (``ReplaysMixin.passes_down``); under a round is the table, which takes no such key."""
        return not self.from_table

    def run_binding(self, binding: Binding) -> None:
        """Refuse, in one line, a key that would start another match over a tournament's table."""
        if not self.starts_matches and (binding.discards or binding.action in self.PASSED_DOWN):
            self.say(OVER_TABLE, "warning")
            return
        super().run_binding(binding)  # type: ignore[misc]

    def load_entry(self, entry: LevelEntry) -> None:
        """A map picked with L is the setup's map from then on, as if chosen on the setup's Map row
        (the same list): the setup kept saying "Random map (new each match)" and its Start left the
        map just picked, and the row "A map with scattered walls -- a new one every match" gave one
        map that every later match replayed. Saved replays and broken rows go to the framework."""
        if entry.group == "replays" or entry.error:
            super().load_entry(entry)
            return
        self.new_match(replace(self.setup, map=entry.id))

    def new_match(self, setup: MatchSetup) -> None:
        """Start a match from ``setup``: maybe a new map, new bots; the old match is abandoned."""
        assert self.app is not None
        try:
            level, map_id = self.front.open_level(setup.map)
        except ArcadeError as exc:  # a map file that broke since it was listed
            self.refuse(f"Cannot open map {setup.map}: {exc}")
            return
        self.setup = setup
        self.speed.set(setup.speed)
        self.app.game_settings("tron")["setup"] = setup.to_dict()
        self.app.save_settings()
        seed = maps.seed_of(map_id)
        if seed is None:
            seed = self.seed
        self.change_level(level, map_id, seed=seed)

    def level_changed(self) -> None:
        """A new map (setup, picker): a fresh match on it, the board and the bots rebuilt. The old
        match is over by the player's choice, so its save goes (see ``GameScene.abandon_save``)."""
        self.abandon_save()  # not while a replay file is on screen: owns_save says so
        self.viewer = None  # a replay file being watched gives way to a real match
        level = self.session.level
        if self.setup.map not in FRESH_MAPS:
            self.setup = replace(self.setup, map=self.session.level_id)
        self.map_ref = self.session.level_id
        self.seed = self.session.seed
        self.match = Match(self.setup.mode, self.setup.seats(), self.setup.best_of)
        self.round_log = []
        self.phase = "countdown"
        seated = any(":" in who for who in self.match.seats)
        if seated != self.console.shown:
            # A program seat: show what it writes to stderr. None: the console only ever says
            # "Only outside programs write here." -- it stayed from the last match with a program,
            # a third of the window beside a board of built-in bots (a relaunch had it closed).
            self.console.shown = seated
            self.relayout()
        if level.width != self.view.cols or level.height != self.view.rows:
            self.view.resize_grid(level.height, level.width)
        if self.app is not None:
            self.painter = BoardPainter(level, self.view, self.app.theme)
            self.start_runners()
            self.begin_round()

    def refuse_in_viewer(self) -> bool:
        """A replay file is only watched: a new round or rematch needs a match (O sets one up)."""
        if self.viewer is None:
            return False
        self.say("This is a replay file — O sets up a match to play, Esc the menu.", "warning")
        return True

    def rematch(self) -> None:
        if self.refuse_in_viewer():
            return
        self.stop_replay()
        self.abandon_save()  # Continue offered the old match after a rematch left before its first tick
        setup = self.setup
        seated = self.match.seats
        self.match = Match(setup.mode, setup.seats(), setup.best_of)
        if self.match.seats != seated:
            # The bots had changed sides (every round of bot vs bot): the runners follow the seats,
            # or the header named one bot on the cycle the other drove.
            self.start_runners()
        self.round_log = []
        self.session.replace_level(self.session.level, seed=self.seed, level_id=self.session.level_id)
        self.begin_round()
        self.toast.show("Rematch: the score is back to 0 : 0", "info")

    def open_setup(self) -> None:
        assert self.app is not None
        self.forget_discard_question(NEW_MATCH)  # a Start asked about in an earlier visit is not this one's
        panel = SetupScene(self.setup, self.new_match, confirm=self.confirm_new_match,
                           on_cancel=lambda: self.forget_discard_question(NEW_MATCH),
                           on_tournament=self.open_tournament, on_replays=lambda: self.replays_over(panel))
        self.app.push(panel)

    def replays_over(self, panel: SetupScene) -> None:
        """The map list's *Saved replays* row: L's list (each file's map, players and end, a damaged
        one's reason), whose replay the framework shows over the setup (Esc comes back to the panel
        as the player left it); what the list cannot do is said in the panel."""
        assert self.app is not None
        opened = self.saved_replays_picker(refuse=lambda line: panel.tell(line, "error"))
        if isinstance(opened, str):
            panel.tell(opened)
        else:
            self.app.push(opened)

    def open_tournament(self, setup: MatchSetup) -> Scene | str:
        """The setup's Tournament: its table over the game (the match underneath stays as it was), or
        the one line ``tournament tron`` would refuse it with. The choices are kept for next time,
        the match's own mode with them."""
        from arcade.core.rng import new_seed
        from arcade.games.tron.tournament_run import TournamentRun
        from arcade.games.tron.view.tournament import TournamentScene

        assert self.app is not None
        try:
            # A fresh seed: the setup's "Random map (new each match)" (and "3 random maps") drew the
            # same maps in every tournament, from the CLI's default seed (whose --seed repeats a run).
            run = TournamentRun.create(setup.entrant_specs(), setup.tourney_maps, setup.map,
                                       setup.games, setup.bot_ms, seed=new_seed())
        except ArcadeError as exc:
            return str(exc)
        self.setup = replace(setup, mode=self.setup.mode)
        self.app.game_settings("tron")["setup"] = self.setup.to_dict()
        self.app.save_settings()
        table = TournamentScene(run)
        table.on_leave = self.table_left
        self.last_table = table
        return table

    @property
    def has_tournament(self) -> bool:
        """A tournament's table was opened over this match (T shows it again)."""
        return self.last_table is not None and self.viewer is None

    def open_last_tournament(self) -> None:
        """T: the last tournament's table again, its rounds kept (stopped or finished, as it was left).
        Once closed it was gone for good: a player who went back to the game to look at the board
        lost the standings and every round's replay."""
        if self.last_table is not None and self.app is not None and self.app.stack.top is self:
            self.app.push(self.last_table)

    def table_left(self) -> None:
        """Back from the table: say how to see it again, long enough to be read (a bot-vs-bot match
        under the table went on at once, and its next round's lines replaced this one unread)."""
        self.say_note("T: the tournament's table again (its standings and rounds to watch)")

    def confirm_new_match(self) -> str:
        """The setup's Start in the middle of a match asks once, in the panel, as F5 and another map
        do (it started the new match and threw the old one away); "" when it may go ahead. Asked
        in the panel only: its toast said the same words again under the panel, and squeezed the
        status line beside it onto two lines."""
        if self.confirm_discard(NEW_MATCH, "Press Start again", timed=False, toast=False):
            return ""
        return f"Press Start again to throw away this game{self.moves_made()}"
