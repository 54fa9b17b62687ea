"""The Hashi puzzle editor (ui): build a puzzle by mouse with the solver's live verdict beside it.

Clicks, the wheel, digits and the side panel become actions of the pure
:class:`~arcade.games.hashi.editing.Editor`; after every change the verdict
(:mod:`arcade.games.hashi.verdict`) is computed on a worker and shown in the panel --
no solution (the contradiction highlighted), unique (grade and rule counts) or two
solutions side by side with their differences highlighted, and then, on a second
worker, a proven fix. T test-plays the puzzle in the normal play scene (E there comes
back); S saves a level file, I copies the Tatham game ID (or says why there is none),
Ctrl+P prints a PDF with the solution.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from arcade.core.errors import ArcadeError, FormatError
from arcade.core.grid import cell_name, size_name
from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.core.topology import Cell, Topology
from arcade.games.hashi import INFO, solver
from arcade.games.hashi.editing import MIN_SIDE, Draft, Editor
from arcade.games.hashi.formats import format_level, format_tatham, read_puzzle
from arcade.games.hashi.logic import MAX_SIDE, RULES, Puzzle
from arcade.games.hashi.verdict import Fix, Verdict, suggest_fix, verdict
from arcade.games.hashi.view.dialogs import copy_text
from arcade.games.hashi.view.painter import MAX_CELL
from arcade.games.hashi.view.scene import HashiScene
from arcade.games.hashi.view.verdict_panel import VerdictPanelMixin
from arcade.services.autosave import BackgroundSaver
from arcade.services.files import atomic_write_text, keeps_files, quarantine
from arcade.services.paths import data_dir
from arcade.ui.game_scene import GameScene, tab_binding
from arcade.ui.gridview import ruler_band, ruler_font_size, ruler_labels
from arcade.ui.overlays import LOOK_AT_BOARD
from arcade.ui.text_prompt import TextPromptScene
from arcade.ui.widgets import Button, button_tip, draw_text

INTRO = ("Click: place or remove an island · drag: move it · wheel or 1–8: its number · "
         "right-click removes · T test-plays · F1 every key")
PANEL_WIDTH = 380
#: Pixels a click on an island may wander and still remove it: on a 40x40 board cells are a few
#: pixels wide, and a hand's jitter across a border would move the island instead.
CLICK_SLOP = 4
#: The smallest editor cell (pixels): a 40x40 board still fits the least window.
MIN_CELL = 3
_ARROWS = (("Up", (-1, 0)), ("Down", (1, 0)), ("Left", (0, -1)), ("Right", (0, 1)))

EDITOR_KEYS = (
    Binding("Click · right-click", "", "place an island or remove it · remove it"),
    Binding("Drag an island", "", "move it to water, number and all (one edit)"),
    Binding("Wheel · 1–8", "", "change the number of the island under the pointer"),
    *(Binding(str(n), "set_number", "", arg=str(n)) for n in range(1, 9)),
    Binding("0 / Delete", "remove_here", "remove the island under the pointer"),
    Binding("Arrows · Space", "", "move the keyboard cursor · place or remove there"),
    *(Binding(key, "move_cursor", "", arg=key, repeat=True) for key, _ in _ARROWS),
    Binding("Space", "toggle_here", ""),
    Binding("Ctrl+Z / U", "undo", "undo", button="Undo", repeat=True),
    Binding("Ctrl+Y / Ctrl+Shift+Z / R", "redo", "redo", button="Redo", repeat=True),
    Binding("F", "apply_fix", "apply the suggested fix", button="Fix", when="has_fix"),
    Binding("T", "test_play", "test-play this puzzle (E comes back)", button="Test-play"),
    Binding("E", "back_to_game", "back to the game the editor was opened from", button="Back to game",
            when="over_a_game", listed_when="over_a_game"),
    Binding("F2 / Ctrl+T", "name_puzzle", "give the puzzle a title (My puzzles lists it, Save names the file "
            "after it)", button="Title"),
    Binding("Ctrl+S / S", "save", "save the level file", button="Save"),
    Binding("I", "copy_game_id", "copy the Tatham game ID (or say why not)", button="Game ID"),
    Binding("Ctrl+C", "copy_level", "copy the level file"),
    Binding("Ctrl+N", "clear_board", "start over on an empty board (Undo brings it back)"),
    Binding("D", "resume_draft", "resume draft: the board you left unsaved last time", button="Resume draft",
            when="draft_waiting", listed_when="draft_waiting"),  # a draft is only written on leaving
    Binding("Ctrl+P", "print_sheet", "print: a PDF with the solution", button="Print…"),
    Binding("Esc / P", "open_pause", "pause, settings, main menu", button="Pause"),
    Binding("F1 / ?", "open_how_to_play", "how to play Hashi, and every key of the editor"),
    tab_binding(side_panel=True),
)


def edits_dir() -> Path:
    """Where the editor saves and prints when the puzzle came from no file."""
    return data_dir() / "hashi-edits"


def draft_path() -> Path:
    """Where an unsaved board is kept when the editor is left (``--edit`` alone brings it back).

    A dot file: the level picker lists the editor's folder under "My puzzles", and the spare copy
    showed there as a puzzle -- which the editor then deleted when it was opened and left.
    """
    return data_dir() / _draft_files()[0]


def _draft_files() -> tuple[str, ...]:
    """The draft and its running copy, as the game declares them for the menu's Continue."""
    assert INFO.draft is not None
    return INFO.draft.files


#: Where earlier versions kept the draft (read once if the new place has none, then removed).
LEGACY_DRAFT = "unsaved-draft.txt"
#: Said on the way out when the board is kept (nothing said so, and E from a game opens that game's puzzle).
KEPT_NOTE = ("Your unsaved board is kept as a draft: the menu's Continue, Resume draft (D) in the editor "
             "or play hashi --edit reopens it.")
#: Said (and printed on stderr with the board) when the unsaved board could not be written anywhere.
NOT_KEPT_NOTE = "Your unsaved Hashi board could not be kept as a draft; it is printed on stderr"
#: Said on the editor as soon as its running copy of the board cannot be written: leaving would lose it.
UNKEPT_WARNING = ("✗ No copy of this board can be kept: {reason}; leaving loses it unless Ctrl+S saves it; "
                  "Ctrl+C copies it as text")


#: The draft's header naming the file its board was opened from: a resumed draft saves back there.
DRAFT_FILE = "editing"


def draft_file(draft: Draft) -> tuple[Draft, Path | None]:
    """The draft without its :data:`DRAFT_FILE` header, and the file that header names (None: a
    board from no file, or a file whose folder is gone). A draft of a puzzle from "My puzzles" came
    back as "new puzzle", and Save wrote a second copy beside the file the player had edited."""
    values = dict(draft.meta)
    if DRAFT_FILE not in values:
        return draft, None
    draft = replace(draft, meta=tuple((k, v) for k, v in draft.meta if k != DRAFT_FILE))
    path = Path(values[DRAFT_FILE])
    return draft, path if path.is_absolute() and path.parent.is_dir() else None


def read_draft() -> Draft | None:
    """The board left unsaved last time (None if there is none, or it cannot be read: see
    :func:`read_draft_or_why`)."""
    return read_draft_or_why()[0]


def read_draft_or_why() -> tuple[Draft | None, str]:
    """The board left unsaved last time, and "" -- or None and one line saying why it could not be
    read. A damaged draft is renamed aside (``….damaged``, ``.damaged.2``… as every damaged file of
    the player's) so the next draft does not overwrite it: it opened a blank board with no word, and
    leaving that board replaced the file. A run that keeps no files (a headless screenshot) says so
    and moves nothing: the menu's screenshot renamed the draft, though it promises to only look."""
    recover_live_copy()
    spare = draft_path()
    if not spare.is_file() and spare.with_name(LEGACY_DRAFT).is_file():
        spare = spare.with_name(LEGACY_DRAFT)  # kept there by an earlier version
    if not spare.is_file():
        return None, ""
    try:
        return Draft.of(read_puzzle(spare)), ""
    except (ArcadeError, OSError, ValueError) as exc:
        reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
    if not keeps_files():  # a headless screenshot only looks: the draft stays where it is
        return None, f"Your unsaved board from last time could not be read ({reason}); it was left as it is."
    kept = quarantine(spare)
    where = f"it is kept as {kept}" if kept else f"it is left at {spare}"
    return None, f"Your unsaved board from last time could not be read ({reason}); {where}."


def draft_problem() -> str:
    """The menu's check of the draft (:attr:`DraftSpec.check`): "" when it opens, else what the editor
    would say opening it, the file kept aside as the editor keeps it -- so the menu offers no Continue
    that opens a blank board with an error."""
    return read_draft_or_why()[1]


def draft_label() -> str:
    """The menu's name for the draft (:attr:`DraftSpec.describe`): its title when it has one
    ("your unsaved puzzle “Harbour at Dawn” in the editor"), else "" for the generic words -- the
    Continue card said "your unsaved puzzle" even of a puzzle the player had named."""
    draft = read_draft_or_why()[0]
    title = dict(draft.meta).get("title", "").strip() if draft is not None else ""
    return f"your unsaved puzzle “{title}” in the editor" if title else ""


#: The longest title the Title dialog takes (a header line, a picker row, a file name).
TITLE_LIMIT = 60


def slug(title: str) -> str:
    """A file name stem for ``title``: ASCII letters and digits joined by "-" ("Harbour at
    Dawn!" is "harbour-at-dawn", "Île 7" is "ile-7", "8×8" is "8x8", not "88" as it was); "" when
    nothing of it is left."""
    ascii_text = unicodedata.normalize("NFKD", title.replace("×", "x")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:TITLE_LIMIT].strip("-")


def new_puzzle_path(title: str = "") -> Path:
    """Where Save writes a puzzle from no file: named after its title, else the date and time,
    never over another file ("-2", "-3"... are added)."""
    stem = slug(title) or f"puzzle-{datetime.now():%Y%m%d-%H%M%S}"
    folder = edits_dir()
    path = folder / f"{stem}.txt"
    for n in itertools.count(2):
        if not path.exists():
            return path
        path = folder / f"{stem}-{n}.txt"
    raise AssertionError("unreachable")


def print_puzzle(app: Any, puzzle: Puzzle, stem: str = "") -> tuple[str, str]:
    """"Print…": the puzzle and its solution as a PDF in the edits folder; (what to say, its role)."""
    from arcade.games.hashi.sheets import write_sheets

    stem = stem or f"puzzle-{datetime.now():%Y%m%d-%H%M%S}"
    out = edits_dir() / f"{stem}.pdf"
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pages, written = write_sheets([(stem, puzzle)], out)
    except OSError as exc:  # in the words Save uses: "[Errno 13] Permission denied: '/…'" was Python's
        return f"Could not print to {exc.filename or out}: {exc.strerror or exc}", "error"
    except ArcadeError as exc:
        return f"Could not print: {exc}", "error"
    if app is not None:
        app.trace(f"hashi-printed {pages} {written}")
    return f"Printed {pages} page{'s' if pages != 1 else ''} (the puzzle, then its solution) to {written}", "good"


class PlaytestScene(HashiScene):
    """The normal play scene on the editor's puzzle: no autosave, no records, E goes back.

    Another puzzle chosen here (the level picker, a paste, a new puzzle) ends the test-play: that
    puzzle is played normally, with its records, autosave and next level. (It stayed a
    "Test-play" that kept no record of a real level.)
    """

    autosave_when = None
    #: The level id of the editor's puzzle ("Play again" keeps testing it).
    LEVEL_ID = "test-play"

    def __init__(self, info: GameInfo, session: Session[Any, Any, Any], editor: EditorScene) -> None:
        super().__init__(info, session)
        self.editor_scene = editor
        self.testing = True

    def change_level(self, level: Any, level_id: str, *, seed: int = 0) -> None:
        if level_id != self.LEVEL_ID and self.testing:
            self.testing = False
            self.autosave_when = HashiScene.autosave_when
        super().change_level(level, level_id, seed=seed)

    @property
    def level_title(self) -> str:
        """"Test-play — Harbour at dawn": the header said only "Test-play", whichever puzzle it was."""
        if not self.testing:
            return super().level_title
        title = dict(self.editor_scene.draft.meta).get("title", "")
        return f"Test-play — {title}" if title else "Test-play"

    def open_editor(self) -> None:
        if self.testing:
            self.close()
        else:
            super().open_editor()

    def keep_record(self, outcome: Any) -> str:
        return "A test-play is not a personal best." if self.testing else super().keep_record(outcome)

    def result_buttons(self, outcome: Any) -> list[tuple[str, Any]]:
        if not self.testing:
            return super().result_buttons(outcome)
        # Look at board as in every result panel (Enter's default: it keeps the finished board).
        return [("Back to the editor", self.close), (LOOK_AT_BOARD, self.look_at_board), ("Play again", self.new_game)]


def live_copy_path() -> Path:
    """The live copy of the board being edited (see :meth:`EditorScene.keep_spare_copy`)."""
    return data_dir() / _draft_files()[1]


#: An editor of this process keeps the live copy now; else one on disk was left by a run that ended
#: inside the editor, and is recovered.
_live_in_use = False


def recover_live_copy() -> None:
    """A live copy left by a run that ended inside the editor (kill -9, a power cut) is the newest
    unsaved work: it becomes the spare copy, as leaving the editor would have made it."""
    live = live_copy_path()
    if _live_in_use or not live.is_file() or not keeps_files():
        return  # (a run that keeps no files -- a headless screenshot -- moves none either)
    with contextlib.suppress(OSError):
        os.replace(live, draft_path())


def _write_spare(text: str, _label: str) -> None:
    path = live_copy_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)


class EditorScene(VerdictPanelMixin, GameScene):
    """Edit a Hashi puzzle; ``path`` is where Save writes (None: a new file in the edits folder)."""

    autosave_when = None
    allow_undo = False

    def __init__(self, info: GameInfo, draft: Draft, path: Path | None = None, *, from_draft: bool = False,
                 keep_drafts: bool = True) -> None:
        super().__init__(info, Session(RULES, _placeholder()))
        if from_draft:  # the draft of a saved puzzle saves back to its file
            draft, kept_file = draft_file(draft)
            path = path or kept_file
        #: Whether an unsaved board is kept for the next ``--edit`` (live and spare copies, the note on
        #: leaving). False for boards no player drew: the benchmark's edits said "Your unsaved board is
        #: kept as a draft" on stderr, once per board size; and in a run that keeps none of the
        #: player's files (a headless screenshot, :func:`arcade.services.files.keeps_files`).
        self.keep_drafts = keep_drafts and keeps_files()
        self.editor = Editor(draft)
        self.path = path
        self.verdict: Verdict | None = None
        #: The puzzle the verdict is about (its line numbers; the draft may be one edit ahead).
        self.verdict_puzzle: Puzzle | None = None
        self.fix: Fix | None = None
        self.fix_state = ""  # "", "searching", "none"
        self.verdict_worker = self.new_worker()
        self.fix_worker = self.new_worker()
        self._generation = itertools.count()
        self.generation = next(self._generation)
        self.hover: Cell | None = None
        self.cursor: Cell = (0, 0)
        #: The island a left press is on, until the release: there it is removed, on water moved.
        self.dragging: Cell | None = None
        #: Where that press was: a release a few pixels away is still a click (see :data:`CLICK_SLOP`).
        self.pressed_at: tuple[int, int] = (0, 0)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.label_band = 0
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.cell = 20
        self.panel_buttons: list[Button] = []
        self.saved_draft: Draft | None = draft if path is not None and path.exists() and not from_draft else None
        #: The board as it was opened: only a change from it is unsaved work. A puzzle opened from a
        #: game, the bundle or the clipboard showed "*" at once, and leaving it unchanged replaced
        #: the spare copy of the board the player had drawn (data loss).
        self.origin = draft
        #: Writes the spare copy of an edited board as it changes (see :meth:`keep_spare_copy`).
        self.spare_saver = BackgroundSaver(f"{info.name}-draft", _write_spare)
        #: Opened on the spare copy of an unsaved board (``--edit`` alone): that board is unsaved work
        #: as it stands, and leaving it saved or emptied is what retires the spare copy.
        self.from_draft = from_draft
        #: A draft is kept that this editor is not on: the toolbar offers Resume draft (read once).
        if self.keep_drafts:
            recover_live_copy()
        self._draft_waiting = not from_draft and (draft_path().is_file() or
                                                  draft_path().with_name(LEGACY_DRAFT).is_file())
        #: Last verdict timings in ms (the benchmark and the trace read them).
        self.latencies: list[float] = []
        self._requested_at = 0
        self._build_panel_buttons()
        self.request_verdict()
        self.say(INTRO)

    # -- framework hooks ----------------------------------------------------------------------
    @property
    def level_title(self) -> str:
        """"Editor — TITLE (file.txt) *": the puzzle's title when it has one, its file, unsaved work."""
        title = dict(self.draft.meta).get("title", "")
        file = self.path.name if self.path is not None else ""
        name = f"{title} ({file})" if title and file else title or file or "new puzzle"
        dirty = " *" if self.unsaved else ""
        return f"Editor — {name}{dirty}"

    @property
    def header_keep(self) -> tuple[str, ...]:
        """A long title is shortened before its file and the unsaved mark, which said under the
        ellipsis whether Save was needed: "Editor — The long and winding road to the old harbour at d…"."""
        title = dict(self.draft.meta).get("title", "")
        dirty = " *" if self.unsaved else ""
        file = f" ({self.path.name})" if title and self.path is not None else ""
        return tuple(dict.fromkeys(k for k in (file + dirty, dirty) if k))

    @property
    def unsaved(self) -> bool:
        """Whether the board holds work no file has: a change since it was opened or saved, or a
        resumed draft not saved yet (an empty board is nothing to lose)."""
        draft = self.editor.draft
        if self.saved_draft is not None:
            return draft != self.saved_draft
        if self.from_draft:
            return bool(draft.numbers)
        return draft != self.origin

    def game_bindings(self) -> list[Binding]:
        return list(EDITOR_KEYS)

    def poll_workers(self) -> None:
        """Also say at once when the running copy of the board cannot be written (a read-only or
        full data folder): that failure was silent, and leaving the editor then lost the board."""
        super().poll_workers()
        if self.spare_saver.error:
            reason = self.spare_saver.error.removeprefix("Autosave failed: ")
            self.spare_saver.error = ""
            self.toast.show(UNKEPT_WARNING.format(reason=reason), "error", 10.0)
            self._dirty = True

    def standard_bindings(self) -> list[Binding]:
        return []

    def status_fields(self) -> list[str]:
        d = self.editor.draft
        return [f"{size_name(d.cols, d.rows)} {d.topology.value}", f"Islands {len(d.numbers)}"]

    def _enabled_predicate(self, binding: Binding) -> Callable[[], bool] | None:
        if binding.action == "undo":
            return lambda: self.editor.can_undo
        if binding.action == "redo":
            return lambda: self.editor.can_redo
        return super()._enabled_predicate(binding)

    @property
    def over_a_game(self) -> bool:
        """Opened with E from a game (not by ``play hashi --edit``): E goes back to it."""
        scenes = self.app.stack.scenes if self.app is not None else []
        return len(scenes) > 1 and scenes[-1] is self and isinstance(scenes[-2], HashiScene)

    def back_to_game(self) -> None:
        """Back to the game below (an unsaved board is kept for ``play hashi --edit``: see leave)."""
        if self.over_a_game:
            self.close()

    @property
    def draft_waiting(self) -> bool:
        return self._draft_waiting

    def resume_draft(self) -> None:
        """Open the board left unsaved last time (E from a game opens the game's puzzle, and only
        ``--edit`` alone reached the draft). Refused over unsaved changes: they would be lost."""
        if self.unsaved:
            self.refuse("Save (Ctrl+S) or undo your changes first: resuming the draft would drop them.")
            return
        draft, why = read_draft_or_why()
        if draft is None:
            self._draft_waiting = False
            self.refuse(why or "There is no draft any more.")
            return
        self.from_draft, self._draft_waiting = True, False
        draft, kept_file = draft_file(draft)
        self.load_draft(draft, None)
        self.path = kept_file  # unsaved all the same (a resumed draft is), but Save writes back there
        self.say("Your unsaved board from last time (Ctrl+N starts over).")

    @property
    def has_fix(self) -> bool:
        return self.fix is not None

    @property
    def draft(self) -> Draft:
        return self.editor.draft

    # -- the verdict ---------------------------------------------------------------------------
    def changed(self, message: str) -> None:
        """After an action: say what it did, keep the spare copy current, and ask the solver again."""
        self.say(message)
        self.keep_spare_copy()
        self.request_verdict()

    def keep_spare_copy(self) -> None:
        """An edited, unsaved board is also written, as it changes and in the background, to a live
        copy beside the spare one: the spare copy was written only when the editor was left, so a
        kill -9 or a power cut lost the board drawn. Leaving removes the live copy (the spare copy
        is then written as before); one found by a later run is that run's to recover."""
        global _live_in_use
        puzzle = self.draft.puzzle()
        if puzzle is None or not self.unsaved or self.draft == self.origin or self.app is None or not self.keep_drafts:
            return
        _live_in_use = True
        self.spare_saver.submit(self.draft_text(puzzle), "draft")

    def draft_text(self, puzzle: Puzzle) -> str:
        """The spare copy of ``puzzle``: the level file, with a header naming the file it was
        opened from, so that resuming it later saves back there (see :func:`draft_file`)."""
        if self.path is not None:
            puzzle = Draft.of(puzzle).with_meta(DRAFT_FILE, str(self.path.resolve())).puzzle() or puzzle
        return format_level(puzzle)

    def request_verdict(self) -> None:
        self.generation = generation = next(self._generation)
        self.fix = None
        self.fix_state = ""
        self.fix_worker.cancel()
        puzzle = self.draft.puzzle()
        self._requested_at = pygame.time.get_ticks() if pygame.get_init() else 0

        def stale() -> bool:
            return self.generation != generation

        self.verdict_worker.submit(verdict, puzzle, stale,
                                   on_done=lambda v: self._verdict_done(generation, puzzle, v),
                                   on_error=self._verdict_failed, label="verdict")

    def _verdict_failed(self, exc: BaseException) -> None:
        if not isinstance(exc, solver.Stopped):
            self.say(f"The solver failed: {exc}", "error")

    def _verdict_done(self, generation: int, puzzle: Puzzle | None, result: Verdict) -> None:
        if generation != self.generation:
            return
        self.verdict = result
        self.verdict_puzzle = puzzle
        self.latencies.append(result.seconds * 1000)
        if self.app is not None:
            self.app.trace(f"hashi-verdict {result.kind} {result.seconds * 1000:.1f}")
        if result.kind == "many" and puzzle is not None:
            a, b = result.solutions
            self.fix_state = "searching"

            def stale() -> bool:
                return self.generation != generation

            self.fix_worker.submit(lambda: suggest_fix(puzzle, a, b, cancelled=stale),
                                   on_done=lambda fix: self._fix_done(generation, fix), label="fix")

    def _fix_done(self, generation: int, fix: Fix | None) -> None:
        if generation != self.generation:
            return
        self.fix = fix
        self.fix_state = "" if fix is not None else "none"
        if self.app is not None:
            self.app.trace(f"hashi-fix {fix.text if fix else '-'}")

    def apply_fix(self) -> None:
        if self.fix is None:
            self.say("No fix to apply.")
            return
        self.changed(self.editor.apply(Draft.of(self.fix.puzzle), self.fix.text))

    # -- layout ------------------------------------------------------------------------------
    def layout_board(self, area: pygame.Rect) -> None:
        px = self.app.theme.px if self.app is not None else int  # the panel grows with its text
        panel_w = min(px(PANEL_WIDTH), max(240, area.width // 3))
        self.panel_rect = pygame.Rect(area.right - panel_w, area.top, panel_w, area.height)
        d = self.draft
        # A band above and left for the row and column numbers the messages name cells by.
        rough = min((area.width - panel_w) // d.cols, area.height // d.rows)
        scale = self.app.theme.scale if self.app is not None else 1.0  # the numbers grow with the text
        band = self.label_band = ruler_band(scale) if rough >= 6 else 0
        board_area = pygame.Rect(area.left + band, area.top + band, area.width - panel_w - 12 - band,
                                 area.height - band)
        # Smaller cells rather than a board over the header and the status line (a 40x40 board at
        # the least window has 5-pixel cells; it was 8 at the least, 320 pixels in 250). As large as
        # the play board's at most (MAX_CELL at the UI scale): capped at 64, a small board stayed small
        # in a big window.
        most = round(MAX_CELL * scale)
        self.cell = max(MIN_CELL, min(most, board_area.width // d.cols, board_area.height // d.rows))
        w, h = self.cell * d.cols, self.cell * d.rows
        self.board_rect = pygame.Rect(0, 0, w, h)
        self.board_rect.center = board_area.center
        self._layout_panel_buttons()
        if self.app is not None:  # end-to-end tests read where the board is from the trace file
            self.app.trace(f"editor-layout {self.cell} {self.board_rect.x} {self.board_rect.y} {d.rows} {d.cols}")

    def _build_panel_buttons(self) -> None:
        def size(dr: int, dc: int) -> Callable[[], None]:
            return lambda: self.resize_board(dr, dc)

        def allowed(dr: int, dc: int) -> Callable[[], bool]:
            return lambda: self.editor.can_resize(dr, dc)

        def refusal(dr: int, dc: int) -> Callable[[], str]:
            return lambda: self.editor.resize_refusal(self.draft.rows + dr, self.draft.cols + dc)

        # A size button at its limit is grey; a click on it says why (see handle_board).
        self.size_buttons = {
            (0, -1): Button("W −", size(0, -1), tooltip="one column less", enabled_when=allowed(0, -1),
                           why_disabled=refusal(0, -1)),
            (0, 1): Button("W +", size(0, 1), tooltip=f"one column more (up to {MAX_SIDE})",
                           enabled_when=allowed(0, 1), why_disabled=refusal(0, 1)),
            (-1, 0): Button("H −", size(-1, 0), tooltip="one row less", enabled_when=allowed(-1, 0),
                           why_disabled=refusal(-1, 0)),
            (1, 0): Button("H +", size(1, 0), tooltip=f"one row more (up to {MAX_SIDE})", enabled_when=allowed(1, 0),
                           why_disabled=refusal(1, 0)),
        }
        self.panel_buttons = [
            *self.size_buttons.values(),
            *(Button(t.value.capitalize(), lambda t=t: self.set_topology(t.value),
                     tooltip=f"make the board a {t.value}") for t in Topology),
        ]

    def _layout_panel_buttons(self) -> None:
        px = self.app.theme.px if self.app is not None else int  # the buttons grow with their text
        x, y = self.panel_rect.x + 10, self.panel_rect.y + px(34)
        bw = (self.panel_rect.width - 20 - 18) // 4
        for i, button in enumerate(self.panel_buttons[:4]):
            button.rect = pygame.Rect(x + i * (bw + 6), y, bw, px(28))
        tw = (self.panel_rect.width - 20 - 12) // 3
        for i, button in enumerate(self.panel_buttons[4:]):
            button.rect = pygame.Rect(x + i * (tw + 6), y + px(36), tw, px(28))
        if self.app is not None:
            for button in self.panel_buttons:
                r = button.rect
                self.app.trace(f"editor-button {r.x} {r.y} {r.width} {r.height} {button.label.replace(' ', '')}")

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.board_rect.collidepoint(pos):
            return None
        return ((pos[1] - self.board_rect.y) // self.cell, (pos[0] - self.board_rect.x) // self.cell)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        return (self.board_rect.x + cell[1] * self.cell + self.cell // 2,
                self.board_rect.y + cell[0] * self.cell + self.cell // 2)

    # -- input -------------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for (dr, dc), button in self.size_buttons.items():
                if button.rect.collidepoint(event.pos) and not button.is_enabled():
                    self.resize_board(dr, dc)  # refused, with the reason
                    return True
        for button in self.panel_buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cell_at(tuple(event.pos))
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.dragging = None  # a release lost outside the window ends that drag here
            cell = self.cell_at(tuple(event.pos))
            if cell is None:
                return False
            self.cursor = cell
            if event.button == 3:
                self.changed(self.editor.remove(cell))
            elif self.draft.number_at(cell):
                self.dragging = cell  # a click removes it, a drag moves it: the release decides
                self.pressed_at = tuple(event.pos)
            else:
                self.changed(self.editor.toggle(cell))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            x, y = event.pos
            still = abs(x - self.pressed_at[0]) <= CLICK_SLOP and abs(y - self.pressed_at[1]) <= CLICK_SLOP
            self.drop(self.dragging, self.dragging if still else self.cell_at((x, y)))
            return True
        if event.type == pygame.MOUSEWHEEL:
            cell = self.hover
            if cell is None or not event.y:
                return False
            self.changed(self.editor.bump(cell, 1 if event.y > 0 else -1))
            return True
        return False

    def drop(self, src: Cell, cell: Cell | None) -> None:
        """The release of a press on an island: on that island it is a click (removed, as ever);
        on water the island moves there, number and all, in one edit. A press removed the island at
        once, so a drag to move it lost it instead, and moving took three edits."""
        self.dragging = None
        self._tooltip = ""  # the drag's "Let go to move…" would hide what the drop did until the pointer moved
        if cell == src:
            self.changed(self.editor.toggle(src))
        elif cell is None:
            self.say(f"The {self.draft.number_at(src)} stays at {cell_name(src)}: let go off the board.")
        else:
            message = self.editor.move(src, cell)
            if message.startswith("Moved"):
                self.cursor = cell
                self.changed(message)
            else:
                self.refuse(message)

    def button_rows(self) -> list[list[Button]]:
        """The side panel's two rows (sizes, then topologies): Tab reaches them after the toolbar."""
        return [self.panel_buttons[:4], self.panel_buttons[4:]]

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        for button in self.panel_buttons:
            if button.rect.collidepoint(pos):
                return button_tip(button)  # a grey size button says why
        cell = self.cell_at(pos)
        if self.dragging is not None and cell not in (None, self.dragging):
            n, there = self.draft.number_at(self.dragging), self.draft.number_at(cell)
            if there:
                return f"There is a {there} at {cell_name(cell)} already: let go on water to move the {n}."
            return f"Let go to move the {n} to {cell_name(cell)}."
        return ""

    def _target(self) -> Cell:
        return self.hover if self.hover is not None else self.cursor

    # -- keymap actions ------------------------------------------------------------------------
    def set_number(self, digit: str) -> None:
        self.changed(self.editor.set_number(self._target(), int(digit)))

    def remove_here(self) -> None:
        self.changed(self.editor.remove(self._target()))

    def toggle_here(self) -> None:
        """Space: place or remove on the square drawn (the hovered cell's, when the pointer is on the
        board), as the number keys do -- it toggled the keyboard's cell hidden under the hover."""
        self.changed(self.editor.toggle(self._target()))

    def move_cursor(self, key: str) -> None:
        """An arrow moves the square drawn one cell. The editor's cursor is never hidden -- the
        square is on the hovered cell, else on the keyboard's -- so the first arrow moves too, from
        that square: it jumped from the keyboard's old cell, hidden under the hover, instead."""
        dr, dc = dict(_ARROWS)[key]
        d = self.draft
        row, col = self._target()
        self.hover = None
        self.cursor = ((row + dr) % d.rows, (col + dc) % d.cols)

    def undo(self) -> None:
        self.changed(self.editor.undo())
        self.relayout()

    def redo(self) -> None:
        self.changed(self.editor.redo())
        self.relayout()

    def resize_board(self, d_rows: int, d_cols: int) -> None:
        d = self.draft
        refusal = self.editor.resize_refusal(d.rows + d_rows, d.cols + d_cols)
        if refusal:
            self.refuse(refusal)
            return
        self.changed(self.editor.resize(d.rows + d_rows, d.cols + d_cols))
        self.cursor = (min(self.cursor[0], self.draft.rows - 1), min(self.cursor[1], self.draft.cols - 1))
        self.relayout()

    def set_topology(self, name: str) -> None:
        self.changed(self.editor.set_topology(Topology.parse(name)))

    def clear_board(self) -> None:
        self.changed(self.editor.clear())

    def leave(self) -> None:
        """Keep an unsaved board for the next ``--edit``; only a board actually edited replaces the
        spare copy, and only the spare copy's own board, saved or emptied, retires it. (Looking at
        another puzzle in the editor overwrote the spare copy, or deleted it when that puzzle had a
        file: the board drawn from scratch was lost.)"""
        global _live_in_use
        super().leave()
        if not self.keep_drafts:
            return  # it wrote no copy, and the copies on disk are not its own
        self.spare_saver.flush()  # a live copy still being written must not land after what follows
        with contextlib.suppress(OSError):
            live_copy_path().unlink(missing_ok=True)
        _live_in_use = False
        puzzle = self.draft.puzzle()
        spare = draft_path()
        legacy = spare.with_name(LEGACY_DRAFT)
        keep = (not (self.from_draft and (puzzle is None or self.saved_draft == self.draft))
                and self.unsaved and puzzle is not None and (self.draft != self.origin or not spare.is_file()))
        kept = False
        try:
            if self.from_draft and (puzzle is None or self.saved_draft == self.draft):
                spare.unlink(missing_ok=True)  # its board was saved, or emptied by the player
            elif keep and puzzle is not None:
                spare.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_text(spare, self.draft_text(puzzle))
                kept = True
            if (self.from_draft or kept) and legacy.is_file() and self.path != legacy:
                legacy.unlink()  # read by this --edit, or superseded by the new spare copy
        except OSError as exc:
            if keep and not kept and puzzle is not None:
                self._report_lost_board(puzzle, exc)
            return  # a stale spare copy left behind is not worth an error on the way out
        if kept and self.app is not None:
            self.app.notify(KEPT_NOTE, "info")

    def _report_lost_board(self, puzzle: Puzzle, exc: OSError) -> None:
        """The unsaved board could not be kept (a read-only or full data folder): say so, and print
        the board on stderr as a level file -- the editor was left in silence and the board was
        gone, while the menu's Quit still said "Progress is saved automatically"."""
        from arcade.ui.app import to_terminal

        reason = f"{exc.strerror or exc}: {exc.filename or draft_path().parent}"
        text = f"{NOT_KEPT_NOTE} ({reason})"
        if self.app is not None:
            self.app.warn(text)
        to_terminal("puzzle-arcade: the unsaved Hashi board, as a level file:\n" + format_level(puzzle).rstrip())

    def load_draft(self, draft: Draft, path: Path | None) -> None:
        self.path = path
        self.saved_draft = draft if path is not None else None
        self.origin = draft
        self.changed(self.editor.load(draft))
        self.relayout()

    # -- test-play, save, share, print ------------------------------------------------------
    def _puzzle_or_say(self) -> Puzzle | None:
        puzzle = self.draft.puzzle()
        if puzzle is None:
            self.refuse("Place at least two islands first.")
        return puzzle

    def test_play(self) -> None:
        puzzle = self._puzzle_or_say()
        if puzzle is None or self.app is None:
            return
        if self.verdict is not None and self.verdict.kind == "none":
            self.toast.show("This puzzle has no solution: you can play it, but not finish it.", "warning", 5.0)
        session = Session(RULES, puzzle, level_id=PlaytestScene.LEVEL_ID, **self.front.hooks())
        self.app.push(PlaytestScene(self.info, session, self))

    def current_verdict(self) -> Verdict | None:
        """The verdict if it is about the board as it is now (None while the solver is still at it)."""
        if self.verdict is None or self.verdict_worker.busy:
            return None
        return self.verdict if self.verdict_puzzle == self.draft.puzzle() else None

    def save(self) -> None:
        """Write the puzzle, graded by the verdict when it is unique; a puzzle that does not work yet
        is saved all the same (it may be half-way through), with a warning that says why."""
        puzzle = self._puzzle_or_say()
        if puzzle is None:
            return
        verdict = self.current_verdict()
        if verdict is not None and verdict.kind == "unique" and verdict.grade:
            puzzle = Draft.of(puzzle).with_meta("difficulty", verdict.grade).puzzle() or puzzle
        path = self.path or new_puzzle_path(dict(puzzle.meta).get("title", ""))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, format_level(puzzle))
        except OSError as exc:
            self.refuse(f"Could not save {path}: {exc.strerror or exc}")
            return
        self.path = path
        self.saved_draft = self.draft
        if self.app is not None:
            self.app.trace(f"hashi-saved {path}")
        if verdict is None:
            self.say(f"Saved to {path} (the solver is still checking it).", "good")
        elif verdict.kind == "none":
            self.say(f"Saved to {path} — but it has no solution yet: {verdict.detail}", "warning")
        elif verdict.kind == "many":
            self.say(f"Saved to {path} — but it has more than one solution ({self._fix_note()}).", "warning")
        else:
            self.say(f"Saved to {path}", "good")

    def _fix_note(self) -> str:
        """What the panel says about a fix, in a few words (the save offered "F applies a fix" while
        the panel said no single change works and Fix was grey)."""
        if self.fix is not None:
            return "F applies the fix shown"
        if self.fix_state == "none":
            return "no single small change makes it unique: add islands where the solutions differ"
        return "looking for a fix"

    def copy_game_id(self) -> None:
        puzzle = self._puzzle_or_say()
        if puzzle is None:
            return
        try:
            text = format_tatham(puzzle)
        except FormatError as exc:
            self.say(f"No Tatham game ID: {exc.message}.", "warning")
            return
        error = copy_text(text)
        if self.app is not None:
            self.app.trace(f"hashi-gameid {text}")
        self.say(error or f"Game ID copied: {text}", "error" if error else "good")

    def copy_level(self) -> None:
        puzzle = self._puzzle_or_say()
        if puzzle is None:
            return
        error = copy_text(format_level(puzzle))
        self.say(error or "Level file copied to the clipboard.", "error" if error else "good")

    def name_puzzle(self) -> None:
        """Title (F2): a dialog to name the puzzle; Enter keeps the title as an undoable edit. A
        puzzle had no way to get a name, so My puzzles listed it as "puzzle 20261126 185403"."""
        if self.app is None:
            return
        self.app.push(TextPromptScene("Title", "The puzzle's name, as My puzzles and printed sheets show it:",
                                      dict(self.draft.meta).get("title", ""), self.set_title, limit=TITLE_LIMIT))

    def set_title(self, title: str) -> None:
        """Keep ``title`` (empty: none) through the editor's history, so Undo takes it back."""
        self.changed(self.editor.set_title(title))

    def print_sheet(self) -> None:
        puzzle = self._puzzle_or_say()
        if puzzle is None:
            return
        stem = self.path.stem if self.path is not None else slug(dict(puzzle.meta).get("title", ""))
        text, role = print_puzzle(self.app, puzzle, stem)
        self.refuse(text) if role == "error" else self.say(text, role)

    # -- drawing -------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        d = self.draft
        puzzle = self.verdict_puzzle
        shown = self.verdict
        highlight_islands: set[Cell] = set()
        highlight_lines: set[int] = set()
        if shown is not None and puzzle is not None and shown.kind == "none":
            islands = puzzle.islands
            highlight_islands = {islands[i].pos for i in shown.islands if i < len(islands)}
            highlight_lines = {i for i in shown.lines if i < len(puzzle.lines)}
        fix_cells = set(self.fix.cells) if self.fix is not None else set()
        self._draw_grid(surface, theme, self.board_rect, self.cell, d)
        if self.label_band:
            size, dim = ruler_font_size(self.cell, theme.scale), theme["text_dim"]
            band = self.label_band
            top, left = self.board_rect.top - band // 2, self.board_rect.left - band // 2
            columns = [(c, self.cell_centre((0, c))[0]) for c in range(d.cols)]
            rows = [(r, self.cell_centre((r, 0))[1]) for r in range(d.rows)]
            for text, centre in ruler_labels(columns, rows, self.cell, top, left):
                draw_text(surface, theme, text, centre, size=size, colour=dim, anchor="center", fixed=True)
        if puzzle is not None and highlight_lines:
            for index in highlight_lines:
                self._draw_line(surface, theme["error"], self.board_rect, self.cell, puzzle, index, 1, d)
        if shown is not None and puzzle is not None and shown.kind == "many" and Draft.of(puzzle) == d:
            for index in shown.differ:  # where the two solutions disagree, on the board itself
                self._draw_line(surface, theme["warning"], self.board_rect, self.cell, puzzle, index, 1, d, 1)
        for cell, n in d.numbers:
            role = "error" if cell in highlight_islands else "highlight" if cell in fix_cells else ""
            self._draw_island(surface, theme, self.board_rect, self.cell, cell, n, role)
        carried, over = self.dragging, self.hover
        if carried is not None and over is not None and over != carried and not d.number_at(over):
            # The island a drag carries, where a release would put it.
            self._draw_island(surface, theme, self.board_rect, self.cell, over, d.number_at(carried),
                              "highlight")
        for cell in fix_cells - set(dict(d.numbers)):
            centre = self._centre(self.board_rect, self.cell, cell)
            pygame.draw.circle(surface, theme["highlight"], centre, max(3, self.cell * 2 // 5), 2)
        target = self.hover or self.cursor
        if self.board_rect.width:
            rect = pygame.Rect(self.board_rect.x + target[1] * self.cell, self.board_rect.y + target[0] * self.cell,
                               self.cell, self.cell)
            pygame.draw.rect(surface, theme["accent"], rect, 2)
        self._draw_panel(surface, theme, puzzle, shown)

    @staticmethod
    def _centre(rect: pygame.Rect, cell: int, pos: Cell) -> tuple[int, int]:
        return (rect.x + pos[1] * cell + cell // 2, rect.y + pos[0] * cell + cell // 2)

    def _draw_grid(self, surface: pygame.Surface, theme: Any, rect: pygame.Rect, cell: int, d: Draft) -> None:
        pygame.draw.rect(surface, theme["panel"], rect)
        for r in range(d.rows + 1):
            y = rect.y + r * cell
            pygame.draw.line(surface, theme["grid_faint"], (rect.x, y), (rect.right, y))
        for c in range(d.cols + 1):
            x = rect.x + c * cell
            pygame.draw.line(surface, theme["grid_faint"], (x, rect.y), (x, rect.bottom))
        if d.topology is not Topology.PLANE:
            seam = theme["accent"]
            pygame.draw.line(surface, seam, rect.topleft, rect.bottomleft, 2)
            pygame.draw.line(surface, seam, (rect.right - 1, rect.y), (rect.right - 1, rect.bottom), 2)
            if d.topology is Topology.TORUS:
                pygame.draw.line(surface, seam, rect.topleft, (rect.right, rect.y), 2)
                pygame.draw.line(surface, seam, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1), 2)

    def _draw_island(self, surface: pygame.Surface, theme: Any, rect: pygame.Rect, cell: int, pos: Cell,
                     n: int, role: str) -> None:
        centre = self._centre(rect, cell, pos)
        radius = max(3, cell * 2 // 5)
        pygame.draw.circle(surface, theme["panel_light"], centre, radius)
        pygame.draw.circle(surface, theme[role] if role else theme["text_dim"], centre, radius, 3 if role else 1)
        if cell >= 12:
            draw_text(surface, theme, str(n), centre, size=max(10, int(cell * 0.5)), bold=True, anchor="center",
                      fixed=True, colour=theme[role] if role else theme["text"])

    def _draw_line(self, surface: pygame.Surface, colour: Any, rect: pygame.Rect, cell: int, puzzle: Puzzle,
                   index: int, count: int, d: Draft, width: int = 2) -> None:
        """A line's bridges, drawn cell by cell so lines round the edge of a wrapped board show too."""
        line = puzzle.lines[index]
        a, b = puzzle.islands[line.a].pos, puzzle.islands[line.b].pos
        dr, dc = (0, 1) if line.horizontal else (1, 0)
        half = cell // 2
        pieces = []
        ca = self._centre(rect, cell, a)
        pieces.append((ca, (ca[0] + dc * half, ca[1] + dr * half)))
        for pos in line.cells:
            c = self._centre(rect, cell, pos)
            pieces.append(((c[0] - dc * half, c[1] - dr * half), (c[0] + dc * half, c[1] + dr * half)))
        cb = self._centre(rect, cell, b)
        pieces.append(((cb[0] - dc * half, cb[1] - dr * half), cb))
        gap = max(2, cell // 8)
        offsets = [0] if count == 1 else [-gap, gap]
        for start, end in pieces:
            for off in offsets:
                ox, oy = (0, off) if line.horizontal else (off, 0)
                pygame.draw.line(surface, colour, (start[0] + ox, start[1] + oy), (end[0] + ox, end[1] + oy), width)


def _placeholder() -> Puzzle:
    """A two-island puzzle for the base scene's session (the editor plays no moves)."""
    return Draft(3, 3, numbers=(((0, 0), 1), ((0, 2), 1))).puzzle()  # type: ignore[return-value]


def open_editor(app: Any, info: GameInfo, puzzle: Puzzle | None = None, path: Path | None = None) -> EditorScene:
    """Push the editor on ``puzzle`` (None: a blank 7x7 board)."""
    draft = Draft.of(puzzle) if puzzle is not None else Draft.blank()
    scene = EditorScene(info, draft, path)
    app.push(scene)
    return scene


__all__ = ["MAX_SIDE", "MIN_SIDE", "EditorScene", "PlaytestScene", "edits_dir", "open_editor", "read_draft"]
