"""The title menu (ui): every registered game with its one-line description, Continue, Settings.

Games come from the registry, so a new game appears here by registering itself. The
"Continue" entry opens the game of the most recent autosave -- or a game's unsaved draft (the
Hashi editor's board, :class:`~arcade.core.registry.DraftSpec`) when that is newer; a game's own entry also
resumes its autosave (the launch path is the same as ``play GAME``), and N on a game's
entry starts a new game instead (the old save stays until the first move).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from arcade.core.registry import GameInfo, Launch, Registry, load_object
from arcade.core.words import plural
from arcade.services import saves
from arcade.services.paths import data_dir
from arcade.services.saves import Autosave, latest_autosave
from arcade.ui.focus import focus_after
from arcade.ui.how_to_play import HowToPlayScene
from arcade.ui.pointer import hand_over
from arcade.ui.scene import Scene
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme, blend, readable_on
from arcade.ui.toast import Toast

if TYPE_CHECKING:
    from arcade.ui.app import App

GAME_ROLES = ("player1", "player2", "player3", "player4", "special", "good")
#: The keys line's text size, and its distance from the window's bottom edge.
FOOTER_SIZE = 15
#: The size of "Puzzle Arcade" above the cards.
TITLE_SIZE = 46
#: The least room between a card's edge and its title's or description's line.
CARD_PAD = 4
FOOTER_BOTTOM = 16
#: The lines of a message the band under the cards always has room for: a longer one is shown
#: there a page at a time where no other place has room, never over a card. (Two lines would
#: make the cards too thin for their words at 640x400 with a Continue card.)
MESSAGE_LINES = 1
#: Letters the menu's own keys use (W/S/K/J move, Q quits, C continues, N starts anew): never a game's.
RESERVED_LETTERS = frozenset("wskjqcne")
#: The words of a game card's editor action (see :attr:`GameInfo.editor_options`).
MAKE_LABEL = "✎ Make a puzzle (E)"
#: The words of a resumable game card's "start again" action: N was the only way, and a player
#: with the mouse read "N: new game" on the card with nothing to click.
NEW_LABEL = "New game (N)"
#: The words of a game card's rules action: ? and F1 were the only ways from the menu, and a player
#: with only the mouse met a game's rules once, on its first opening.
HOW_LABEL = "How to play (?)"
#: The tag of the menu's word on a key that does nothing on the selected card (one at a time).
KEY_HINT_TAG = "menu-key"


@dataclass
class MenuEntry:
    """One card of the menu (a game, Continue, Settings, Quit): what it says, what a click or Enter does,
    and the chips the selected card offers; the ``*_rect`` fields are where it was last drawn, for clicks.
    """

    title: str
    subtitle: str
    action: Callable[[], None]
    role: str = "accent"
    glyph: str = ""
    rect: pygame.Rect | None = None
    #: For a game's entry: start a new game instead of resuming (N).
    new_game: Callable[[], None] | None = None
    #: For a game's entry: its "How to play" page (?, F1).
    how_to_play: Callable[[], None] | None = None
    #: For a game with a puzzle editor: open it (E, or a click on the card's "Make a puzzle").
    make: Callable[[], None] | None = None
    #: Where the selected card shows "Make a puzzle" (set as it is drawn).
    make_rect: pygame.Rect | None = None
    #: Where the selected card shows "New game" (set as it is drawn; only when it resumes a game).
    new_rect: pygame.Rect | None = None
    #: Where the selected card shows "How to play" (set as it is drawn; every game's card).
    how_rect: pygame.Rect | None = None
    #: For a game the player has won levels of: how many, beside its title ("✓ 2 wins").
    progress: str = ""

    def chips(self) -> list[tuple[pygame.Rect | None, Callable[[], None] | None]]:
        """The selected card's clickable actions besides the card itself: (where, what)."""
        return [(self.make_rect, self.make), (self.new_rect, self.new_game), (self.how_rect, self.how_to_play)]


def latest_draft(registry: Registry, problems: list[str] | None = None) -> tuple[GameInfo, float] | None:
    """The game whose declared draft (:attr:`GameInfo.draft`) was written last, and when.

    A draft is first read as its game reads it (:attr:`DraftSpec.check`): one that cannot be opened
    is put aside by the game, said in ``problems``, and not offered (nor is one that could not be
    moved aside: Continue would open a blank board).
    """
    newest: tuple[GameInfo, float] | None = None
    for info in registry:
        spec = info.draft
        if spec is None:
            continue
        if spec.check and any((data_dir() / name).is_file() for name in spec.files):
            problem = load_object(spec.check)()
            if problem:
                if problems is not None:
                    problems.append(f"{info.title}: {problem}")
                continue
        for name in spec.files:
            path = data_dir() / name
            try:
                saved_at = path.stat().st_mtime if path.is_file() else None
            except OSError:
                saved_at = None
            if saved_at is not None and (newest is None or saved_at > newest[1]):
                newest = (info, saved_at)
    return newest


def ago(seconds: float) -> str:
    """How long ago a save was made, as the Continue card says it ("just now", "5 min ago", "3 h ago");
    coarse on purpose: it is read at a glance to tell a fresh game from an old one.
    """
    if seconds < 45:
        return "just now"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h ago"
    return f"{round(seconds / 86400)} days ago"


def _quit_entry(app: App) -> MenuEntry:
    """Quit, saying what quitting loses: the games whose latest moves are not saved, or that nothing
    of this run is kept (a data folder that cannot be written)."""
    unsaved = [info.title for info in app.registry if saves.save_failure(info.name)]
    return MenuEntry("Quit", (f"✗ Not saved: {', '.join(unsaved)} — quitting loses the latest moves"
                              if unsaved else f"✗ Nothing is kept: {app.cannot_save}" if app.cannot_save
                              else "Progress is saved automatically"),
                     app.pop, role="text_dim", glyph="✗")


class MenuScene(Scene):
    """The title menu, the scene at the bottom of the stack (Esc there quits). Its cards are rebuilt on every
    enter and resume, so Continue and each game's card show the autosaves as they are now.
    """
    title = "Menu"

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[MenuEntry] = []
        self.selected = 0
        self.toast = Toast()
        self.autosave: Autosave | None = None
        #: Where the pointer was last seen (None: not yet): only a pointer that moves selects.
        self._pointer: tuple[int, int] | None = None
        #: Where "Puzzle Arcade" was drawn last: messages keep off it.
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self._background_key: tuple[tuple[int, int], str] | None = None
        self._background_surface = pygame.Surface((1, 1))

    def enter(self, app: App) -> None:
        super().enter(app)
        self.rebuild()
        app.warm_up_games()  # each game's code, imported while the player chooses (after its first frame)

    def resume(self) -> None:
        self._pointer = None  # a scene closing under a resting pointer sends a motion to where it was
        # Back from a game: the messages said at the start (a damaged settings file) were seen then.
        self.toast.drop_seen()
        self.rebuild()
        self.select_game_left()
        if self.app:
            self.resize(self.app.size)

    def rebuild(self) -> None:
        """The menu's entries made anew from the files (saves, drafts, records), the problems found
        reading them said, and the selection kept on the entry it was on."""
        assert self.app is not None
        app = self.app
        self.autosave, problems = latest_autosave(app.registry.names(), {g.name: g.title for g in app.registry})
        records = saves.read_records()  # a damaged records file is moved aside now, and said below
        problems = list(problems)
        draft = latest_draft(app.registry, problems)
        for problem in [*problems, *saves.take_problems()]:
            app.warn(problem, self.toast)
        saved_games = {self.autosave.game} if self.autosave is not None else set()
        entries = self._continue_entries(app, draft)
        saved_games |= {name for name in app.registry.names() if saves.can_resume(name)}
        entries += [self._game_entry(app, i, info, info.name in saved_games, records.get(info.name, {}))
                    for i, info in enumerate(app.registry)]
        # Every row of the Settings named (Text size was not: a player after bigger text saw no sign of it).
        entries.append(MenuEntry("Settings", "Sound, animation speed, colours, window, text size", self.open_settings,
                                 role="text_dim", glyph="⚙"))
        entries.append(_quit_entry(app))
        # The selection stays on the same entry, not the same row: a Continue row appearing above
        # it once moved the highlight to the next game (Enter opened Runway after leaving Royale).
        before = self.entries[self.selected].title if 0 <= self.selected < len(self.entries) else None
        self.entries = entries
        titles = [entry.title for entry in entries]
        self.selected = titles.index(before) if before in titles else min(self.selected, len(entries) - 1)

    def _continue_entries(self, app: App, draft: tuple[GameInfo, float] | None) -> list[MenuEntry]:
        """Continue, when there is something to go back to: the draft when it is newer than the
        latest autosave (the editor's board left unsaved), else that autosave's game."""
        if draft is not None and (self.autosave is None or draft[1] > self.autosave.saved_at):
            info, saved_at = draft
            spec = info.draft
            assert spec is not None
            label = (load_object(spec.describe)() if spec.describe else "") or spec.label
            # "Left", not "Saved": the card said "Saved just now · … your unsaved puzzle", both at once.
            return [MenuEntry(
                "Continue", f"Left {ago(time.time() - saved_at)} · {info.title} editor: {label}",
                lambda info=info, spec=spec: app.launch(info, Launch(options=dict(spec.options))),
                role="highlight", glyph="▶")]
        if self.autosave is None:
            return []
        save = self.autosave
        info = app.registry.get(save.game)
        label = f"{info.title}" + (f" — {save.label}" if save.label else "")
        return [
            MenuEntry(
                "Continue",
                # When comes first: a long label is what gets shortened, not "saved 5 min ago".
                # A failed save leads: at the end a long label cut it off ("· ✗ y…").
                (f"✗ Your latest moves are not saved · {label}" if saves.save_failure(save.game)
                 else f"Saved {ago(time.time() - save.saved_at)} · {label}"),
                lambda game=save.game: app.launch(game),
                role="highlight",
                glyph="▶",
            )
        ]

    @staticmethod
    def _game_entry(app: App, i: int, info: GameInfo, resumes: bool, records: dict[str, float]) -> MenuEntry:
        """A game's card: what it is, or that it resumes (N then starts anew), or that its latest
        moves could not be saved; with its How to play and, for a game with an editor, Make."""
        failure = saves.save_failure(info.name)
        return MenuEntry(
            info.title,
            (f"✗ Your latest moves could not be saved: {failure}" if failure
             else "Resume your game · N: new game" if resumes else info.description),
            lambda info=info: app.launch(info),
            role=GAME_ROLES[i % len(GAME_ROLES)],
            glyph=info.title[:1],
            new_game=(lambda info=info: app.launch(info, Launch(new=True))) if resumes else None,
            how_to_play=lambda info=info: app.push(HowToPlayScene(info)),
            make=((lambda info=info: app.launch(info, Launch(options=dict(info.editor_options))))
                  if info.editor_options else None),
            progress=MenuScene.progress(info, records),
        )

    @staticmethod
    def progress(info: GameInfo, records: dict[str, float]) -> str:
        """How many levels (or boards) of ``info`` the player has won, from its personal ``records``:
        after a first Hashi and a first Battle Royale won, the menu looked as it had before the
        first game, nothing on a card saying the player had been there. Empty before a first win."""
        if info.record is None:
            return ""
        wins = len(records)
        return f"✓ {plural(wins, 'win')}" if wins else ""

    def select_game_left(self) -> None:
        """Back from a game, the highlight is on it: a game opened from the command line (``play
        runway``) or by its letter left the highlight on Hashi's card, and Enter opened Hashi. Continue
        keeps it -- it resumes the game just left, or the one the player chose it for."""
        assert self.app is not None
        game, self.app.last_game = self.app.last_game, None  # once: closing Settings later moves nothing
        if game is None or game not in self.app.registry.names():
            return
        title = self.app.registry.get(game).title
        titles = [entry.title for entry in self.entries]
        if title in titles and not (0 <= self.selected < len(titles) and titles[self.selected] in ("Continue", title)):
            self.selected = titles.index(title)

    def open_settings(self) -> None:
        from arcade.ui.settings_scene import SettingsScene

        assert self.app is not None
        self.app.push(SettingsScene())

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        px = self.app.theme.px  # the cards grow with the window's UI scale (1.0 up to 1280x800)
        width = min(px(720), size[0] - 60)
        count = max(1, len(self.entries))
        # The keys line (one or two lines) below the cards, in a band that has room for a message
        # of MESSAGE_LINES (see toast_area): at 640x400 a long message grew up over the Quit card.
        band = Toast.box_height(self.app.theme, MESSAGE_LINES)
        room = min(self.footer_top(size), size[1] - 4 - band) - 6
        top = max(px(120), int(size[1] * 0.2))
        height = max(44, min(px(74), (room - 10 - top) // count - 10))
        gap = max(6, min(px(12), height // 6))
        if top + count * (height + gap) > room:
            # A small window (800x500): the cards ran into the keys line. The title block comes
            # up first, then the cards get thinner.
            top = max(self.title_bottom(size[1]), room - count * (height + gap))
            if top + count * (height + gap) > room:
                gap = 3
                height = max(30, (room - top) // count - gap)
        x = (size[0] - width) // 2
        for i, entry in enumerate(self.entries):
            entry.rect = pygame.Rect(x, top + i * (height + gap), width, height)
            if self.app is not None:
                self.app.trace(f"menu-entry {entry.rect.x} {entry.rect.y} {width} {height} {entry.title}")

    def title_top(self, height: int) -> int:
        """Where "Puzzle Arcade" stands in a window ``height`` pixels high."""
        assert self.app is not None
        return max(20, int(height * 0.2) - self.app.theme.px(100))

    def title_bottom(self, height: int) -> int:
        """The bottom of the title's line: a small window's cards come up to just under it (they
        began 22 px lower, and at 640x400 with Continue seven cards 32 px high had their titles on
        their top edges and their descriptions on their bottom ones)."""
        assert self.app is not None
        return self.title_top(height) + self.app.theme.font(TITLE_SIZE, bold=True).get_linesize()

    def activate(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            self.selected = index
            assert self.app is not None
            self.app.audio.play("click")
            self.entries[index].action()

    def pointer_shape(self, pos: tuple[int, int]) -> str:
        """A hand over every card and over the selected card's chips (a click opens them)."""
        chips = (where for entry in self.entries for where, action in entry.chips() if action is not None)
        return hand_over(chips, pos) or hand_over((entry.rect for entry in self.entries), pos) \
            or super().pointer_shape(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            # The window opening (or a scene closing) under a resting pointer sends a motion to where
            # it already was: that moved the highlight off Continue, and Enter opened another game.
            resting, self._pointer = self._pointer is None or self._pointer == event.pos, event.pos
            if resting:
                return False
            for i, entry in enumerate(self.entries):
                if entry.rect is not None and entry.rect.collidepoint(event.pos):
                    self.selected = i
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, entry in enumerate(self.entries):
                for where, action in entry.chips():
                    if action is not None and where is not None and where.collidepoint(event.pos):
                        self.selected = i
                        assert self.app is not None
                        self.app.audio.play("click")
                        action()
                        return True
            for i, entry in enumerate(self.entries):
                if entry.rect is not None and entry.rect.collidepoint(event.pos):
                    self.activate(i)
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            moved = focus_after(event, self.selected, len(self.entries), back=(pygame.K_UP, pygame.K_w, pygame.K_k),
                                forward=(pygame.K_DOWN, pygame.K_s, pygame.K_j))
            if moved is not None:
                self.selected = moved
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.selected)
            elif event.key == pygame.K_ESCAPE or event.key == pygame.K_q:
                assert self.app is not None
                self.app.pop()
            elif event.key == pygame.K_c:
                if self.continues:
                    self.activate(0)
                else:
                    self.key_hint("Nothing to continue yet: pick a game and press Enter")
            elif event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
                if self.entries[self.selected].how_to_play is not None:
                    self.entries[self.selected].how_to_play()
                else:
                    self.say_not_a_game("? shows how to play")
            elif event.key == pygame.K_e:
                self.make_puzzle()
            elif event.key == pygame.K_n:
                self.new_game()
            elif pygame.K_1 <= event.key <= pygame.K_9:
                games = self.game_entries()
                n = event.key - pygame.K_1
                if n < len(games):
                    self.activate(games[n])
            elif (found := self.accelerators().get(getattr(event, "unicode", "").lower())) is not None:
                self.activate(found)
            else:
                return False
            return True
        return False

    def new_game(self) -> None:
        """N: the selected game anew. With no save to resume, opening it is a new game: the keys
        line says "N new game" on every card, and N on a game not yet played did nothing."""
        entry = self.entries[self.selected]
        if entry.new_game is not None:
            assert self.app is not None
            self.app.audio.play("click")
            entry.new_game()
        elif entry.how_to_play is not None:  # a game's card
            self.activate(self.selected)
        else:
            self.say_not_a_game("N starts a new game")

    def make_puzzle(self) -> None:
        """E: the selected game's puzzle editor, or a word on which game has one (E on another
        card did nothing, and a player who had seen "Make a puzzle" on Hashi's card was left guessing)."""
        assert self.app is not None
        entry = self.entries[self.selected]
        if entry.make is not None:
            self.app.audio.play("click")
            entry.make()
            return
        makers = [info.title for info in self.app.registry if info.editor_options]
        if not makers:
            return
        which = " and ".join(makers)
        if entry.how_to_play is not None:
            self.key_hint(f"{entry.title} has no puzzle editor: choose {which} and press E")
        else:
            self.say_not_a_game("E makes a puzzle")

    def say_not_a_game(self, what: str) -> None:
        """A game's key (N, ?, E) pressed on Continue, Settings or Quit: say which cards it acts on."""
        self.key_hint(f"{what} for the game selected: choose a game's card first")

    def key_hint(self, text: str) -> None:
        """Say why a key did nothing here, in place of the last such word: two of them stacked
        over the menu's title at 1280x800 (a damaged file's warning, tagged otherwise, stays)."""
        self.toast.drop(KEY_HINT_TAG)
        self.toast.show(text, "info", 4, tag=KEY_HINT_TAG)

    def footer(self, short: bool = False) -> str:
        """The keys line under the entries; ``short``, in fewer words, for a narrow window (the
        selected card's chips say "How to play (?)" and "Make a puzzle (E)" in full)."""
        letters = " ".join(letter.upper() for letter in self.accelerators())
        keys = "↑↓ · Enter play · " if short else "↑↓ choose · Enter play · "
        keys += f"{letters} open · " if letters else ""
        keys += "N new · ? rules · " if short else "N new game · ? how to play · "
        if self.entries and 0 <= self.selected < len(self.entries) and self.entries[self.selected].make is not None:
            keys += "E edit · " if short else "E make a puzzle · "
        return keys + ("C continue · Esc quit" if self.continues else "Esc quit")

    @property
    def continues(self) -> bool:
        """Whether the first entry is Continue (an autosave, or a game's draft, to go back to)."""
        return bool(self.entries) and self.entries[0].title == "Continue"

    def footer_lines(self, width: int) -> list[str]:
        """The keys line in ``width`` pixels: in full, or in fewer words (at 640x400 it took two
        lines, and the cards above it were squeezed until their titles touched their top edges),
        wrapped between its keys only when even those do not fit (at 640x400 it once ran past the
        window's edge, "… · C contin…", and "Esc quit" was lost)."""
        assert self.app is not None
        font = self.app.theme.font(FOOTER_SIZE)
        for text in (self.footer(), self.footer(short=True)):
            if font.size(text)[0] <= width:
                return [text]
        lines: list[str] = []
        for piece in self.footer(short=True).split(" · "):
            joined = f"{lines[-1]} · {piece}" if lines else piece
            if lines and font.size(joined)[0] <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
        return lines

    def footer_top(self, size: tuple[int, int]) -> int:
        """Where the keys line starts (its lines stand on :data:`FOOTER_BOTTOM` above the bottom)."""
        assert self.app is not None
        line = self.app.theme.font(FOOTER_SIZE).get_linesize()
        return size[1] - FOOTER_BOTTOM - line * len(self.footer_lines(size[0] - 24))

    def toast_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the menu's messages show, never over a card (at 1024x640 "Nothing to continue yet"
        covered the Quit card's line) nor over text where the window has room: under the cards, above
        the keys line; else above the title; else in the subtitle's place, under the title; else
        under the cards in the keys line's place, which gives way while they show (see :meth:`draw`).
        That band always has room for :data:`MESSAGE_LINES` lines (:meth:`resize` keeps it): in the
        smallest windows a longer message is shown there a page at a time. (A damaged settings file's
        warning lay over the subtitle at 1280x800, three damaged files' over the title, at 640x400 a
        two-line "Nothing to continue yet…" or a long warning over "Puzzle Arcade", and the Hashi
        editor's "Your unsaved board is kept as a draft: …" grew up over the Quit card.)"""
        assert self.app is not None
        theme = self.app.theme
        cards = [e.rect for e in self.entries if e.rect is not None]
        width = size[0] - 40
        above = pygame.Rect(20, 4, width, max(24, (cards[0].top - 6 if cards else size[1] // 3) - 4))
        if not cards or not self.toast.messages:
            return above
        need = self.toast.height(theme, width)
        title_y = self.title_top(size[1])
        title_h = theme.font(TITLE_SIZE, bold=True).get_linesize()
        below = pygame.Rect(20, cards[-1].bottom + 6, width, self.footer_top(size) - 4 - cards[-1].bottom - 6)
        over_title = pygame.Rect(20, 4, width, title_y - 2 - 4)
        under_title = pygame.Rect(20, title_y + title_h, width, cards[0].top - 6 - title_y - title_h)
        over_keys = pygame.Rect(20, below.top, width, size[1] - 4 - below.top)
        for band in (below, over_title, under_title, over_keys):
            if band.height >= need:  # centred in the room it has, clear of the text on either side
                return pygame.Rect(band.x, band.y + (band.height - need) // 2, band.width, need)
        return Toast.paged_area(theme, over_keys)

    def game_entries(self) -> list[int]:
        """Indices of the entries that open a game (not Continue, Settings or Quit)."""
        return [i for i, e in enumerate(self.entries) if e.how_to_play is not None]

    def accelerators(self) -> dict[str, int]:
        """Badge letter -> game entry: the letter on a game's badge opens it, as the badge suggests.

        A letter the menu already uses (arrows on W/S/K/J, Q, C, N) or two games share opens nothing.
        """
        letters: dict[str, list[int]] = {}
        for i in self.game_entries():
            glyph = self.entries[i].glyph.lower()
            if glyph.isalpha() and glyph not in RESERVED_LETTERS:
                letters.setdefault(glyph, []).append(i)
        return {letter: found[0] for letter, found in letters.items() if len(found) == 1}

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def is_idle(self) -> bool:
        return not self.toast.messages

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        """A quiet dotted grid (this is an arcade of grid games), drawn once per size and palette."""
        assert self.app is not None
        theme = self.app.theme
        key = (size, theme.palette_name)
        if self._background_key != key:
            surface = pygame.Surface(size)
            surface.fill(theme["background"])
            step = 32
            for y in range(step // 2, size[1], step):
                for x in range(step // 2, size[0], step):
                    surface.set_at((x, y), theme["grid_faint"])
            self._background_surface = surface
            self._background_key = key
        return self._background_surface

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        w, h = surface.get_size()
        surface.blit(self._background(surface.get_size()), (0, 0))
        px = theme.px
        title_y = self.title_top(h)
        self.title_rect = draw_text(surface, theme, "Puzzle Arcade", (w // 2, title_y), size=TITLE_SIZE, bold=True,
                                    anchor="midtop")
        first = self.entries[0].rect if self.entries and self.entries[0].rect is not None else None
        toasts = self.toast_area((w, h)) if self.toast.messages else None
        subtitle = pygame.Rect(0, title_y + px(58), w, theme.font(18).get_linesize())
        # The smallest window has no room for the subtitle; a message in its place hides it a while.
        if (first is None or first.top >= title_y + px(86)) and (toasts is None or not toasts.colliderect(subtitle)):
            draw_text(surface, theme, "Grid puzzles and games with AIs that explain themselves",
                      (w // 2, title_y + px(58)), size=18, colour=theme["text_dim"], anchor="midtop")
        title_size = self.card_title_size(theme)
        for i, entry in enumerate(self.entries):
            if entry.rect is not None:
                self._draw_card(surface, theme, entry, i == self.selected, title_size)
        lines = self.footer_lines(w - 24)
        step = theme.font(FOOTER_SIZE).get_linesize()
        if toasts is not None and toasts.bottom > self.footer_top((w, h)):
            lines = []  # messages in the keys line's place: it is back when they go
        for i, line in enumerate(lines):
            draw_text(surface, theme, line, (w // 2, h - FOOTER_BOTTOM - step * (len(lines) - 1 - i)),
                      size=FOOTER_SIZE, colour=theme["text_dim"], anchor="midbottom", max_width=w - 24)
        # A page at a time where the band is too short for the message (it grew up over the cards).
        self.toast.draw(surface, theme, 0, area=toasts, spread=False, pages=True)

    @staticmethod
    def card_text_left(rect: pygame.Rect, theme: Theme) -> int:
        """Where a card's title and description begin: right of its square badge."""
        return rect.x + theme.px(10) + rect.height - 2 * theme.px(8) + theme.px(14)

    def card_title_size(self, theme: Theme) -> int:
        """The cards' title size in design pixels, one for all of them (the description's is 6 less).

        A third of the card's height, 15 to 24 -- as large as every description still fits the
        card's width at: the cards' height follows the window's height, their width its width, so
        a tall narrow window (640x1400) gave 74 px cards whose 18 px descriptions were cut ("… one
        com…") where 640x400's smaller ones showed them whole."""
        cards = [entry for entry in self.entries if entry.rect is not None]
        if not cards:
            return 15
        rect = cards[0].rect
        assert rect is not None
        size = max(15, min(24, round(rect.height / theme.scale) // 3))
        room = rect.right - theme.px(16) - self.card_text_left(rect, theme)
        # A message too long for any size (a long path in Quit's "Nothing is kept: …") is cut
        # whatever the size: it does not make every card's text small.
        fitting = [entry.subtitle for entry in cards if theme.font(12).size(entry.subtitle)[0] <= room]
        while size > 15 and any(theme.font(max(12, size - 6)).size(text)[0] > room for text in fitting):
            size -= 1
        return size

    def _draw_card(self, surface: pygame.Surface, theme: Theme, entry: MenuEntry, selected: bool,
                   title_size: int) -> None:
        """One card: its badge, title and description, and on the selected one "Enter ▶" and the
        chips of the other ways in (whose rects it records for clicks). ``title_size`` is
        :meth:`card_title_size`'s."""
        rect = entry.rect
        assert rect is not None
        px = theme.px
        base = theme["panel_light"] if selected else theme["panel"]
        pygame.draw.rect(surface, base, rect, border_radius=10)
        border = theme[entry.role] if selected else theme["grid"]
        pygame.draw.rect(surface, border, rect, width=2 if selected else 1, border_radius=10)
        inset = px(8)
        badge = pygame.Rect(rect.x + px(10), rect.y + inset, rect.height - 2 * inset, rect.height - 2 * inset)
        pygame.draw.rect(surface, blend(theme[entry.role], theme["panel"], 0.25), badge, border_radius=8)
        draw_text(surface, theme, entry.glyph, badge.center, size=int(badge.height * 0.55), bold=True,
                  colour=theme["text_dark"], anchor="center", fixed=True)
        tx = self.card_text_left(rect, theme)
        sub_size = max(12, title_size - 6)
        sub_h = theme.font(sub_size).size("Hg")[1]  # the height draw_text's rect has
        title_y, sub_y = self.card_lines(rect, theme.font(title_size, bold=True).size("Hg")[1], sub_h)
        title = draw_text(surface, theme, entry.title, (tx, title_y), size=title_size,
                          bold=True, anchor="midleft")
        if entry.progress:  # beside the title: the chips on its line keep clear of both
            title = title.union(draw_text(surface, theme, entry.progress, (title.right + px(12), title_y),
                                          size=sub_size, colour=theme["good"], anchor="midleft"))
        right = rect.right - px(16)
        entry.make_rect = entry.new_rect = entry.how_rect = None
        if selected:
            # "Enter ▶" beside the description, the editor's chip on the title's line: both beside
            # the description cut Hashi's to "Bridges: join numbered islands into one …".
            # A description that "Enter ▶" would cut keeps its room instead (the keys line says
            # Enter plays): Runway's read "… one command for…" beside it at 1280x800.
            sub_width = theme.font(sub_size).size(entry.subtitle)[0]
            enter_width = theme.font(15).size("Enter ▶")[0]
            if tx + sub_width <= right - enter_width - px(12):
                right = draw_text(surface, theme, "Enter ▶", (right, sub_y),
                                  size=15, colour=theme["text_dim"], anchor="midright").left - px(12)
            sub_top = round(sub_y) - sub_h // 2  # as draw_text places it
            right = self._draw_chips(surface, theme, entry, title, right, (title_y, sub_y), (sub_top, sub_top + sub_h))
        draw_text(surface, theme, entry.subtitle, (tx, sub_y), size=sub_size,
                  colour=theme["text_dim"], anchor="midleft", max_width=right - tx)

    @staticmethod
    def card_lines(rect: pygame.Rect, title_h: int, sub_h: int) -> tuple[float, float]:
        """The middles of a card's title line and description line: at 30 % and 70 % of its height,
        or, on a card too low for those to keep both lines inside it and apart (640x400, where the
        title touched the card's top edge), the two lines together in the middle: the title's line
        has its own room above its capitals, the description's its room below, so the words stand
        as far from the top edge as from the bottom one."""
        title_y, sub_y = rect.height * 0.30, rect.height * 0.70
        if (title_y - title_h / 2 < CARD_PAD or sub_y + sub_h / 2 > rect.height - CARD_PAD
                or title_y + title_h / 2 > sub_y - sub_h / 2):
            room = max(0, (rect.height - title_h - sub_h) // 2)
            # Whole pixels, as draw_text places a line centred at y: its top at y - height // 2.
            title_y, sub_y = room + title_h // 2, rect.height - room - sub_h + sub_h // 2
        return rect.y + title_y, rect.y + sub_y

    def _draw_chips(self, surface: pygame.Surface, theme: Theme, entry: MenuEntry, title: pygame.Rect,
                    right: int, lines: tuple[float, float], description: tuple[int, int]) -> int:
        """Other ways into the selected game, clickable: its puzzle editor, a new game instead of the
        saved one, its rules -- on the title's line, inside the card, right to left; a chip that would
        reach the title is left out (its key still works). A card too low for two lines of chips
        (640x400) has them beside "Enter ▶" and the description stops before them: the editor's chip
        stuck out above the card there, over "Enter ▶". ``lines``: the middles of the title's and the
        description's lines; ``description``: the top and bottom of the description's text.
        Returns where the description must stop."""
        rect = entry.rect
        assert rect is not None
        px = theme.px
        enter = pygame.Rect(right + px(12), rect.top, rect.right - right - px(12), rect.height)
        inside = rect.inflate(-px(4), -px(4))
        chip_right = rect.right - px(22)
        for words, action, slot in ((MAKE_LABEL, entry.make, "make_rect"),
                                    (NEW_LABEL, entry.new_game, "new_rect"),
                                    (HOW_LABEL, entry.how_to_play, "how_rect")):
            if action is None:
                continue
            size = 15 if rect.height >= px(48) else 12
            # A small card's chip is only as tall as it must be, to stay off the description's line.
            chip = pygame.Rect((0, 0), theme.font(size).size(words)).inflate(px(12), px(8 if size == 15 else 2))
            chip.midright = (round(chip_right) + px(6), round(lines[0]))
            chip.clamp_ip(inside)
            # The description's line and "Enter ▶"'s, as tall as their text: a chip that only missed
            # the line's middle sat on the top of "Enter ▶" and of "… into one network" (640x400).
            enter_h = theme.font(15).get_linesize()
            enter_top = round(lines[1]) - enter_h // 2  # where draw_text puts a line centred there
            if chip.top < enter_top + enter_h and chip.bottom > enter_top:
                chip.right = min(chip.right, enter.left - px(6))
            if chip.left < title.right + px(12):
                break
            if chip.top < description[1] and chip.bottom > description[0]:
                right = min(right, chip.left - px(12))
            # Under the pointer the chip fills with the accent, as a button lights: the chips were the
            # one clickable thing on the menu that did not answer the pointer.
            hovered = self._pointer is not None and chip.collidepoint(self._pointer)
            if hovered:
                pygame.draw.rect(surface, theme["accent"], chip, border_radius=6)
            colour = readable_on(theme["accent"], theme["text"], theme["text_dark"]) if hovered else theme["accent"]
            draw_text(surface, theme, words, chip.center, size=size, colour=colour, anchor="center")
            setattr(entry, slot, chip)
            pygame.draw.rect(surface, theme["accent"], chip, width=1, border_radius=6)
            chip_right = chip.left - px(18)
        return right
