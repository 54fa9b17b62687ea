"""The Hashi puzzle editor (ui): build a puzzle by mouse with the solver's live verdict beside it.

Clicks, the wheel, digits and the side panel become actions of the pure
:class:`~arcade.games.hashi.editing.Editor`; after every change the verdict
(:mod:`arcade.games.hashi.verdict`) is computed on a worker and shown in the panel --
no solution (the contradiction highlighted), unique (grade and rule counts) or two
solutions side by side with their differences highlighted, and then, on a second
worker, a proven fix. T test-plays the puzzle in the normal play scene (E there comes
back); S saves a level file, I copies the Tatham game ID (or says why there is none),
Ctrl+P prints a PDF with the solution.

This module holds :class:`EditorScene` itself -- the verdict's workers, the unsaved board kept
as a draft (and its live copy, which survives a killed run), save, copy and print -- and the
draft files the menu's Continue reads. Its parts live beside it, each a subject of its own:
:mod:`~arcade.games.hashi.view.editor_input` (keymap, layout, mouse and keyboard edits),
:mod:`~arcade.games.hashi.view.editor_drawing` (the board),
:mod:`~arcade.games.hashi.view.verdict_panel` (the side panel's verdict),
:mod:`~arcade.games.hashi.view.playtest` (T's test-play scene) and
:mod:`~arcade.games.hashi.view.puzzle_files` (the edits folder and file names).
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from arcade.core.errors import ArcadeError, FormatError
from arcade.core.grid import size_name
from arcade.core.inputs import read_text_file
from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.core.topology import Cell, Topology
from arcade.games.hashi import INFO, solver
from arcade.games.hashi.edit_history import HistoryError, NewerHistory, dump_history, kept_history, parse_history
from arcade.games.hashi.editing import MIN_SIDE, Draft, Editor
from arcade.games.hashi.formats import format_cllv, format_level, format_tatham, read_puzzle
from arcade.games.hashi.logic import MAX_SIDE, RULES, Puzzle
from arcade.games.hashi.verdict import Fix, Verdict, suggest_fix, verdict
from arcade.games.hashi.view.dialogs import copy_text
from arcade.games.hashi.view.editor_drawing import EditorDrawingMixin
from arcade.games.hashi.view.editor_input import EDITOR_KEYS, EditorInputMixin
from arcade.games.hashi.view.playtest import PlaytestScene
from arcade.games.hashi.view.puzzle_files import TITLE_LIMIT, edits_dir, new_puzzle_path, print_puzzle, slug
from arcade.games.hashi.view.scene import HashiScene
from arcade.games.hashi.view.verdict_panel import VerdictPanelMixin
from arcade.services.autosave import BackgroundSaver
from arcade.services.files import atomic_write_text, keeps_files, quarantine
from arcade.services.paths import data_dir
from arcade.ui.game_scene import GameScene
from arcade.ui.overlays import PanelScene
from arcade.ui.text_prompt import TextPromptScene
from arcade.ui.widgets import Button

#: The opening status line: the keyboard's way beside each gesture (it named the mouse's only, and a
#: keyboard player learnt that arrows + Space place islands only from F1).
#: One line at 1024x640: "right-click removes" gave way (a click removes too; F1 lists it).
INTRO = ("Click or arrows + Space: place or remove an island · drag: move it · wheel or 1–8: its number · "
         "T test-plays · F1 every key")


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
#: The live copy's header saying its board is the draft's own, resumed and changed: a restart after a
#: kill replaces the draft with it, as leaving would (any other board first sets the draft aside).
RESUMED = "resumed"


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


def history_path() -> Path:
    """The undo history kept with the draft (:mod:`~arcade.games.hashi.edit_history`): a relaunch lost
    it, and Undo on a resumed draft said "Nothing to undo." of the edits made before quitting."""
    return draft_path().with_name(".unsaved-draft.history.json")


#: Said when the history kept with the draft cannot be read: the board opens all the same, without it.
HISTORY_DAMAGED = ("The undo history from last time could not be read ({reason}); the board is as you left "
                   "it, and Undo starts from here.")


#: Said when the history kept with the draft is a newer Puzzle Arcade's: the board opens without it.
HISTORY_NEWER = ("The undo history from last time was {why}; {where}. The board is as you left it, and Undo "
                 "starts from here.")


def read_history(board: Draft) -> tuple[Editor | None, str]:
    """The editor history kept with the draft ``board`` (None: none, or of another board), and "" --
    or None and one line saying it was damaged (the file is put aside, as every damaged file)."""
    path = history_path()
    if not path.is_file():
        return None, ""
    try:
        return parse_history(read_text_file(path, 64 * 1024 * 1024), board), ""
    except NewerHistory as exc:  # not damage: kept as that version's (the next edit here writes its own)
        kept = quarantine(path, "newer") if keeps_files() else None
        where = f"it is kept as {kept.name}" if kept else "it is left as it is"
        return None, HISTORY_NEWER.format(why=exc, where=where)
    except (ArcadeError, HistoryError, OSError) as exc:
        reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
    if keeps_files():
        quarantine(path)
    return None, HISTORY_DAMAGED.format(reason=reason)


def drop_history() -> None:
    """Remove the history kept with a draft that is gone (saved, emptied, or its file's board)."""
    with contextlib.suppress(OSError):
        history_path().unlink(missing_ok=True)


def live_history_path() -> Path:
    """The undo history written with the live copy after every edit (see :meth:`EditorScene.keep_spare_copy`):
    it was written only when the editor was left, so a killed run's board came back without its Undo."""
    return live_copy_path().with_name(".unsaved-draft.live.history.json")


#: Asked when a resumed draft of a file is older than the file's last save, and differs from it.
OLDER_DRAFT = ("Your draft of {name} is older than the file saved at {when} (from another editor window, "
               "or another run). Open the draft, or open the file (the draft is then kept in My puzzles).")
#: Said when a resumed draft of a file is older than the file and the same board: the draft goes.
SAME_AS_FILE = "Your draft of {name} is what the file saved at {when} holds: the draft is gone, the file is open."


def saved_when(path: Path) -> str:
    """When ``path`` was last written, as a player reads it: "20:31" today, else "2026-11-26 20:31"."""
    stamp = datetime.fromtimestamp(path.stat().st_mtime)
    return f"{stamp:%H:%M}" if stamp.date() == datetime.now().date() else f"{stamp:%Y-%m-%d %H:%M}"


class OlderDraftScene(PanelScene):
    """The question :data:`OLDER_DRAFT` asks: the draft, or the file saved since (Esc keeps the draft)."""

    close_first = True
    escape_words = "open the draft"


#: Added to :data:`KEPT_NOTE` when the draft that board replaces was another board, now a file.
SET_ASIDE_NOTE = " The earlier unsaved board is now in My puzzles ({name})."


def set_aside_earlier_draft(new_text: str) -> Path | None:
    """Before the draft is replaced by ``new_text``, keep the board it holds as a puzzle of "My
    puzzles" (its title marked "(earlier draft)") and return that file; None when there is no
    other board to keep. There is one draft: a board drawn and left unsaved, then another edited
    and left -- E on a game, a tweak, Esc -- replaced it in silence, and the first board was lost."""
    spare = draft_path()
    try:
        old_text = spare.read_text(encoding="utf-8")
        old = Draft.of(read_puzzle(spare))
    except (ArcadeError, OSError, ValueError):
        return None  # none, or damaged (the reading of a draft sets that aside, said)
    if old_text == new_text:
        return None
    old, _file = draft_file(old)
    title = dict(old.meta).get("title", "").strip()
    title = f"{title} (earlier draft)" if title else "Earlier draft"
    old = old.with_meta("title", title)
    puzzle = old.puzzle()
    if puzzle is None:
        return None
    path = new_puzzle_path(title)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, format_level(puzzle))
    return path


def file_saved_since(draft: Draft) -> tuple[Path, Draft] | None:
    """The file a draft of a file was opened from, and what it holds, when that file was saved after
    the draft was written (another editor window saved it); None otherwise, or when it cannot be read."""
    _board, path = draft_file(draft)
    saved = _file_draft(path)
    if path is None or saved is None:
        return None
    try:
        return (path, saved) if path.stat().st_mtime > draft_path().stat().st_mtime else None
    except OSError:
        return None


def draft_problem() -> str:
    """The menu's check of the draft (:attr:`DraftSpec.check`): "" when it opens, else what the editor
    would say opening it, the file kept aside as the editor keeps it -- so the menu offers no Continue
    that opens a blank board with an error. A draft of a file saved since with the very same board
    is removed here: Continue offered the file's own board as unsaved work."""
    draft, why = read_draft_or_why()
    since = file_saved_since(draft) if draft is not None and keeps_files() else None
    if draft is not None and since is not None and _holds(since[1], draft_file(draft)[0]):
        with contextlib.suppress(OSError):
            draft_path().unlink(missing_ok=True)
        drop_history()
    return why


def draft_label() -> str:
    """The menu's name for the draft (:attr:`DraftSpec.describe`): its title when it has one
    ("“Harbour at Dawn”, not saved to a file"), else "" for the generic words -- the Continue card
    said "your unsaved puzzle" even of a puzzle the player had named; a draft of a saved puzzle
    names its file ("“Mine” — unsaved changes to mine.txt"). The title leads: a long description
    is what the card shortens."""
    draft = read_draft_or_why()[0]
    title = dict(draft.meta).get("title", "").strip() if draft is not None else ""
    since = file_saved_since(draft) if draft is not None else None
    if since is not None:  # said before it opens, and asked when it does (EditorScene.check_older_draft)
        # The file's name before the words: "…, a draft older than harbour.t…" hid which file.
        return f"{f'“{title}” — ' if title else ''}{since[0].name} is newer than this draft"
    _board, path = draft_file(draft) if draft is not None else (None, None)
    if path is not None:  # "not saved to a file" of an edit of a saved puzzle read as if the file were lost
        return f"{f'“{title}” — ' if title else ''}unsaved changes to {path.name}"
    return f"“{title}”, not saved to a file" if title else ""


def live_copy_path() -> Path:
    """The live copy of the board being edited (see :meth:`EditorScene.keep_spare_copy`)."""
    return data_dir() / _draft_files()[1]


#: An editor of this process keeps the live copy now; else one on disk was left by a run that ended
#: inside the editor, and is recovered.
_live_in_use = False
#: Said by the next editor opened when recovering a live copy set an earlier draft aside (see
#: :func:`recover_live_copy`): the menu recovers it before any editor is there to say so.
_recovery_note = ""
#: Said when a live copy recovered after a kill replaced the draft of another board.
RECOVERED_NOTE = ("The board you were editing when the program stopped is your draft now; the earlier "
                  "unsaved board is in My puzzles ({name}).")


def recover_live_copy() -> Path | None:
    """A live copy left by a run that ended inside the editor (kill -9, a power cut) is the newest
    unsaved work: it becomes the spare copy, as leaving the editor would have made it -- by the
    same rule: a board other than the draft's own first sets the draft aside in My puzzles
    (:func:`set_aside_earlier_draft`), which is returned. The live copy replaced the draft in
    silence, and the different board left unsaved before it was lost."""
    global _recovery_note
    live = live_copy_path()
    if _live_in_use or not live.is_file() or not keeps_files():
        return None  # (a run that keeps no files -- a headless screenshot -- moves none either)
    set_aside: Path | None = None
    with contextlib.suppress(OSError):
        text = live.read_text(encoding="utf-8")
        try:
            board: Draft | None = Draft.of(read_puzzle(live))
        except (ArcadeError, ValueError):
            board = None  # damaged: it is moved all the same, and reading the draft sets it aside, said
        resumed = board is not None and RESUMED in dict(board.meta)
        if resumed and board is not None:
            puzzle = replace(board, meta=tuple((k, v) for k, v in board.meta if k != RESUMED)).puzzle()
            if puzzle is not None:
                atomic_write_text(live, format_level(puzzle))
        else:
            set_aside = set_aside_earlier_draft(text)
        os.replace(live, draft_path())
        # Its history goes with it; without one, the draft's old history is of another board.
        if live_history_path().is_file():
            os.replace(live_history_path(), history_path())
        else:
            drop_history()
    if set_aside is not None:
        _recovery_note = RECOVERED_NOTE.format(name=set_aside.name)
    return set_aside


def take_recovery_note() -> str:
    """The note of the last :func:`recover_live_copy` that set a draft aside, once ("" if none)."""
    global _recovery_note
    note, _recovery_note = _recovery_note, ""
    return note


def _write_spare(job: tuple[str, Editor], _label: str) -> None:
    """The live copy, then its undo history (both on the background writer). The board first: a
    kill between the two leaves a history one edit behind, which is not read (not this board's),
    never a board without its latest edit."""
    text, history = job
    path = live_copy_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)
    atomic_write_text(live_history_path(), dump_history(history))


class EditorScene(EditorInputMixin, EditorDrawingMixin, VerdictPanelMixin, GameScene):
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
        #: What became of the undo history kept with a resumed draft ("" unless it was damaged).
        self.history_note = ""
        restored: Editor | None = None
        if from_draft:  # Undo goes on from the edits made before the draft was left
            restored, self.history_note = read_history(draft)
        self.editor = restored or Editor(draft)
        self.path = path
        self.verdict: Verdict | None = None
        #: The puzzle the verdict is about (its line numbers; the draft may be one edit ahead).
        self.verdict_puzzle: Puzzle | None = None
        self.fix: Fix | None = None
        self.fix_state = ""  # "", "searching", "none"
        self.verdict_worker = self.new_worker()
        #: The islands of the draft the last verdict was asked for (what the next edit changed is told from them).
        self._verdict_islands: dict[Cell, int] = self.editor.draft.islands
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
        #: The board Ctrl+N started (by identity in the history) and the file it let go of: the
        #: file is the board's again while Undo has stepped back before it (see :meth:`follow_clear`).
        self.cleared_from: tuple[Draft, Path | None] | None = None
        #: The file a resumed draft saves back to, as that file holds it (None: no file, or unreadable).
        self.file_draft = _file_draft(path) if from_draft else None
        #: A draft is kept that this editor is not on: the toolbar offers Resume draft (read once).
        if self.keep_drafts:
            recover_live_copy()
        #: Whether this editor wrote the live copy on disk (only then is it this editor's to remove).
        self._live_written = False
        self._draft_waiting = not from_draft and (draft_path().is_file() or
                                                  draft_path().with_name(LEGACY_DRAFT).is_file())
        #: The test-play T opened, until it closes: the way back says how it went (see :meth:`resume`).
        self.playtest: PlaytestScene | None = None
        #: Last verdict timings in ms (the benchmark and the trace read them).
        self.latencies: list[float] = []
        self._requested_at = 0
        self._build_panel_buttons()
        self.request_verdict()
        self.say(INTRO)
        #: The question to ask over a resumed draft older than its file (see :meth:`check_older_draft`).
        self._older_draft_question = ""
        if from_draft:
            self.check_older_draft()
        #: What recovering a killed run's live copy set aside (said with the first words on the draft).
        self.recovery_note = take_recovery_note() if self.keep_drafts else ""
        if self.recovery_note:
            self.toast.show(self.recovery_note, "info", 10.0)

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
            return bool(draft.numbers) and not (self.file_draft is not None and _holds(self.file_draft, draft))
        return draft != self.origin

    def game_bindings(self) -> list[Binding]:
        return list(EDITOR_KEYS)

    def poll_workers(self) -> None:
        """Also say at once when the running copy of the board cannot be written (a read-only or
        full data folder): that failure was silent, and leaving the editor then lost the board."""
        super().poll_workers()
        question, app = self._older_draft_question, self.app
        if question and app is not None and app.stack.top is self:
            self._older_draft_question = ""
            app.push(OlderDraftScene("An older draft", [question], [("Open the draft", self.keep_older_draft, "D"),
                                                                    ("Open the file", self.open_file_over_draft, "F")],
                                     role="warning"))
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
        restored, self.history_note = read_history(draft)
        if restored is not None:  # Undo goes on from the edits made before the draft was left
            self.editor = restored
        self.path = kept_file  # unsaved all the same (a resumed draft is), but Save writes back there
        self.file_draft = _file_draft(kept_file)
        self.check_older_draft()
        if not self.from_draft:
            return  # the draft was the file's own board, retired (said)
        notes = (self.recovery_note, self.history_note)  # recovery_note: taken when this editor opened
        self.say(" ".join(["Your unsaved board from last time (Ctrl+N starts over).", *filter(None, notes)]))

    def check_older_draft(self) -> None:
        """A resumed draft of a file the file was saved over since (two editor windows on one puzzle:
        one saved, the other's draft was older than the file) is no longer silently offered: the
        same board as the file retires the draft at once; another is asked about (see
        :data:`OLDER_DRAFT`), when the editor is on screen."""
        path, saved = self.path, self.file_draft
        if not self.from_draft or path is None or saved is None:
            return
        try:
            if path.stat().st_mtime <= draft_path().stat().st_mtime:
                return
            when = saved_when(path)
        except OSError:
            return
        if _holds(saved, self.draft):
            self.from_draft, self.saved_draft = False, self.draft  # the file's own board, undo and all
            with contextlib.suppress(OSError):
                draft_path().unlink(missing_ok=True)
            drop_history()
            self.toast.show(SAME_AS_FILE.format(name=path.name, when=when), "info", 8.0)
            return
        self._older_draft_question = OLDER_DRAFT.format(name=path.name, when=when)

    @property
    def older_draft_asked(self) -> bool:
        """Whether the question about a draft older than its file is still to be asked."""
        return bool(self._older_draft_question)

    def keep_older_draft(self) -> None:
        """Open the draft (the question's first answer): the board as it was left; Save writes it over the file."""
        if self.path is not None:
            self.say(f"Your draft is open; Ctrl+S saves it over {self.path.name}, the file saved since.", "info")

    def open_file_over_draft(self) -> None:
        """Open the file (the question's second answer): the draft goes to My puzzles, not lost, and
        the editor is on the file as saved."""
        path, saved = self.path, self.file_draft
        if path is None or saved is None:
            return
        try:
            kept = set_aside_earlier_draft("")
            draft_path().unlink(missing_ok=True)
        except OSError as exc:
            self.refuse(f"The draft could not be kept in My puzzles ({exc.strerror or exc}); it stays open.")
            return
        drop_history()
        self.from_draft, self.file_draft = False, None
        self.load_draft(saved, path)
        where = f"; your older draft is in My puzzles ({kept.name})" if kept is not None else ""
        self.say(f"{path.name} is open as saved{where}.", "info")

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
        self.follow_clear()
        self.keep_spare_copy()
        self.request_verdict()

    def follow_clear(self) -> None:
        """A board started over with Ctrl+N is a new puzzle: no file (the header says "new puzzle",
        Save writes a new one) while the history is at or after that Ctrl+N, the old file before it."""
        if self.cleared_from is None:
            return
        cleared, path = self.cleared_from
        at = next((i for i, d in enumerate(self.editor.history) if d is cleared), None)
        if at is None:  # undone and replaced by another edit (the file is back), or out of the history
            self.cleared_from = None
            return
        self.path = None if at <= self.editor.index else path

    def keep_spare_copy(self) -> None:
        """An edited, unsaved board is also written, as it changes and in the background, to a live
        copy beside the spare one, with its undo history (bounded as the draft's): the spare copy
        and its history were written only when the editor was left, so a kill -9 or a power cut lost
        the board drawn, and then its Undo. Leaving removes the live copy (the spare copy is then
        written as before); one found by a later run is that run's to recover. A board that is no
        unsaved work (saved, or changed back) removes it: a kill right after Save brought the saved
        board back as an unsaved draft with no link to its file."""
        global _live_in_use
        if self.app is None or not self.keep_drafts:
            return
        puzzle = self.draft.puzzle()
        if puzzle is None or not self.kept_work:
            self.drop_live_copy()
            return
        _live_in_use = self._live_written = True
        if self.from_draft:  # the draft's own board: a restart replaces the draft with it
            puzzle = Draft.of(puzzle).with_meta(RESUMED, "draft").puzzle() or puzzle
        self.spare_saver.submit((self.draft_text(puzzle), kept_history(self.editor)), "draft")

    @property
    def kept_work(self) -> bool:
        """Whether the board is unsaved work the draft does not hold already: unsaved, and not the
        resumed draft as it was opened (a change since a save is kept even back at that board)."""
        return self.unsaved and (self.draft != self.origin or self.saved_draft is not None)

    def drop_live_copy(self) -> None:
        """Remove the live copy this editor wrote (one still being written first lands, then goes)."""
        global _live_in_use
        if not self._live_written:
            return
        self.spare_saver.flush()
        with contextlib.suppress(OSError):
            live_copy_path().unlink(missing_ok=True)
            live_history_path().unlink(missing_ok=True)
            self._live_written = _live_in_use = False

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
        # The cells the last edit changed: "No solution" is explained nearest them (it named a 6
        # five columns from the island just added).
        before, after = self._verdict_islands, self.draft.islands
        near = tuple(sorted(cell for cell in before.keys() | after.keys() if before.get(cell) != after.get(cell)))
        self._verdict_islands = after

        def stale() -> bool:
            return self.generation != generation

        self.verdict_worker.submit(verdict, puzzle, stale, near,
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
            live_history_path().unlink(missing_ok=True)
        _live_in_use = False
        puzzle = self.draft.puzzle()
        spare = draft_path()
        legacy = spare.with_name(LEGACY_DRAFT)
        retired = self.from_draft and (puzzle is None or not self.unsaved)  # saved, emptied, or its file's
        keep = (not retired and self.unsaved and puzzle is not None and (self.kept_work or not spare.is_file()))
        kept = False
        set_aside: Path | None = None
        try:
            if retired:
                spare.unlink(missing_ok=True)  # its board was saved, emptied, or changed back to its file
                drop_history()
            elif keep and puzzle is not None:
                text = self.draft_text(puzzle)
                if not self.from_draft:
                    set_aside = set_aside_earlier_draft(text)
                spare.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_text(spare, text)
                kept = True
                with contextlib.suppress(OSError):  # without it the board is kept all the same
                    atomic_write_text(history_path(), dump_history(self.editor))
            if (self.from_draft or kept) and legacy.is_file() and self.path != legacy:
                legacy.unlink()  # read by this --edit, or superseded by the new spare copy
        except OSError as exc:
            if keep and not kept and puzzle is not None:
                self._report_lost_board(puzzle, exc)
            return  # a stale spare copy left behind is not worth an error on the way out
        if kept and self.app is not None:
            self.app.notify(KEPT_NOTE + (SET_ASIDE_NOTE.format(name=set_aside.name) if set_aside else ""), "info")

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
        self.cleared_from = None
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
        # No toast here that the puzzle has no solution: the editor's toasts stand still under the
        # test-play, so it was never seen there and came up on the way back, over a board since
        # made unique. The test-play's own check says it (PlaytestScene.no_solution_text).
        session = Session(RULES, puzzle, level_id=PlaytestScene.LEVEL_ID, **self.front.hooks())
        self.playtest = PlaytestScene(self.info, session, self)
        self.app.push(self.playtest)

    def resume(self) -> None:
        """Back from test-play, the status line says so, and whether it was solved: it still showed
        the last thing said before the test-play ("Island added…"), as if nothing had happened."""
        super().resume()
        play, self.playtest = self.playtest, None
        if play is not None and self.app is not None and self.app.stack.top is self:
            self.say(play.back_in_editor_text(), "info")

    def current_verdict(self) -> Verdict | None:
        """The verdict if it is about the board as it is now (None while the solver is still at it)."""
        if self.verdict is None or self.verdict_worker.busy:
            return None
        return self.verdict if self.verdict_puzzle == self.draft.puzzle() else None

    def save(self) -> None:
        """Write the puzzle, graded by the verdict when it is unique; a puzzle that does not work yet
        is saved all the same (it may be half-way through), with a warning that says why. A CLLV
        ``.has`` file stays one (it was rewritten as our grid with headers: the file opened by name
        still, but no longer by the CLLV tools and benchmark set it came from)."""
        puzzle = self._puzzle_or_say()
        if puzzle is None:
            return
        verdict = self.current_verdict()
        if verdict is not None and verdict.kind == "unique" and verdict.grade:
            puzzle = Draft.of(puzzle).with_meta("difficulty", verdict.grade).puzzle() or puzzle
        path = self.path or new_puzzle_path(dict(puzzle.meta).get("title", ""))
        cllv = path.suffix.lower() == ".has"
        if cllv and puzzle.topology is not Topology.PLANE:
            self.refuse(f"Not saved: {path.name} is a CLLV .has file, which holds only plane boards "
                        f"(this one is a {puzzle.topology.value}); Plane makes it one, or edit a .txt copy.")
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, format_cllv(puzzle) if cllv else format_level(puzzle))
        except OSError as exc:
            self.refuse(f"Could not save {path}: {exc.strerror or exc}")
            return
        self.path = path
        self.cleared_from = None  # the new puzzle has its own file now
        self.saved_draft = self.draft
        if self.keep_drafts:  # nothing unsaved is left: a restart after a kill opens no copy of it
            self.drop_live_copy()
            if self.from_draft:  # the draft's board is in its file now
                with contextlib.suppress(OSError):
                    draft_path().unlink(missing_ok=True)
                drop_history()
        shown = f"{path} (CLLV: the numbers only, no title)" if cllv else path
        if self.app is not None:
            self.app.trace(f"hashi-saved {path}")
        if verdict is None:
            self.say(f"Saved to {shown} (the solver is still checking it).", "good")
        elif verdict.kind == "none":
            self.say(f"Saved to {shown} — but it has no solution yet: {verdict.detail}", "warning")
        elif verdict.kind == "many":
            self.say(f"Saved to {shown} — but it has more than one solution ({self._fix_note()}).", "warning")
        else:
            self.say(f"Saved to {shown}", "good")

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
                                      dict(self.draft.meta).get("title", ""), self.set_title, limit=TITLE_LIMIT,
                                      placeholder="e.g. Harbour lights (empty: no title)"))

    def set_title(self, title: str) -> None:
        """Keep ``title`` (empty: none) through the editor's history, so Undo takes it back."""
        self.changed(self.editor.set_title(title))

    def print_sheet(self) -> None:
        puzzle = self._puzzle_or_say()
        if puzzle is None:
            return
        stem = self.path.stem if self.path is not None else ""  # no file: its title, never over another sheet
        text, role = print_puzzle(self.app, puzzle, stem)
        self.refuse(text) if role == "error" else self.say(text, role)


def _file_draft(path: Path | None) -> Draft | None:
    """The puzzle file a resumed draft saves back to, as a draft (None: none, or it cannot be read)."""
    if path is None or not path.is_file():
        return None
    try:
        return Draft.of(read_puzzle(path))
    except (OSError, ArcadeError):
        return None


def _holds(saved: Draft, draft: Draft) -> bool:
    """Whether a file holding ``saved`` holds ``draft``: the same board and title (the lines that
    describe the board -- its grade, seed, author -- follow from it and are no work of the player's)."""
    return draft.same_board(saved) and dict(draft.meta).get("title", "") == dict(saved.meta).get("title", "")


def _placeholder() -> Puzzle:
    """A two-island puzzle for the base scene's session (the editor plays no moves)."""
    return Draft(3, 3, numbers=(((0, 0), 1), ((0, 2), 1))).puzzle()  # type: ignore[return-value]


def open_editor(app: Any, info: GameInfo, puzzle: Puzzle | None = None, path: Path | None = None) -> EditorScene:
    """Push the editor on ``puzzle`` (None: a blank 7x7 board)."""
    draft = Draft.of(puzzle) if puzzle is not None else Draft.blank()
    scene = EditorScene(info, draft, path)
    app.push(scene)
    return scene


#: Also named here for the code and tests that import them from the editor: its keymap, its test-play
#: scene and where it writes (their homes are editor_input, playtest and puzzle_files).
__all__ = ["EDITOR_KEYS", "MAX_SIDE", "MIN_SIDE", "EditorScene", "PlaytestScene", "edits_dir", "open_editor",
           "read_draft", "slug"]
