"""Services: atomic writes, settings in the user config dir, autosaves and records, bundled resources."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import pytest

from arcade.core.errors import UsageError
from arcade.services import files, paths, resources, saves
from arcade.services.settings import Settings, stored_choice


def test_atomic_write_replaces_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "deep" / "file.json"
    files.atomic_write_text(target, "one")
    files.atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert os.listdir(target.parent) == ["file.json"]


def test_atomic_write_failure_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "keep.txt"
    target.write_text("old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        files.atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["keep.txt"]


def test_user_dirs_follow_the_override(user_home):
    assert paths.config_dir() == user_home / "config"
    assert paths.data_dir() == user_home / "data"


def test_settings_round_trip_in_user_config(user_home):
    s = Settings(sound=False, animation_speed=2.0, palette="tol-bright", window_size=(1600, 1000), fullscreen=True)
    s.game("hashi")["last"] = "classic/01"
    s.save()
    assert Settings.path() == user_home / "config" / "settings.json"
    loaded = Settings.load()
    assert loaded == s and loaded.problem == ""


def test_the_text_size_is_kept_and_a_bad_one_falls_back_to_auto(user_home):
    """The Settings' Text size (Auto, 100 %, 125 %, 150 %) is stored with the others; a value that is
    none of them (hand-edited) is Auto again, and said."""
    s = Settings(text_size=1.25)
    s.save()
    assert Settings.load().text_size == 1.25
    for bad in (3, "big", True, [1.5]):
        loaded = Settings.from_dict({"text_size": bad, "palette": "tol-bright"})
        assert loaded.text_size == 0.0 and loaded.palette == "tol-bright" and "text size" in loaded.problem


def test_missing_settings_are_defaults_and_damaged_ones_say_why(user_home):
    assert Settings.load() == Settings()
    Settings.path().parent.mkdir(parents=True)
    Settings.path().write_text("{not json")
    damaged = Settings.load()
    assert damaged == Settings() and "moved to settings.json.damaged" in damaged.problem
    assert "line 1" not in damaged.problem, "a parser's internals are not the player's business"
    assert not Settings.path().exists()
    assert Settings.path().with_name("settings.json.damaged").read_text() == "{not json"
    Settings.path().write_text(json.dumps({"sound": "loud", "palette": "okabe-ito", "window_size": [10, 10],
                                           "unknown": 1}))
    partly = Settings.load()
    assert partly.sound is True and partly.window_size == (1280, 800)
    assert "sound" in partly.problem and "window size" in partly.problem, "the names the Settings screen shows"
    # Moved aside like any damaged file (the next change wrote the defaults over it), the rest kept.
    assert "moved to settings.json.damaged.2" in partly.problem and not Settings.path().exists()
    Settings.path().write_text(json.dumps({"sound": False, "palette": 42}))
    kept = Settings.load()
    assert kept.sound is False and kept.palette == "okabe-ito" and "colour palette" in kept.problem
    assert "the other settings are kept" in kept.problem and "the defaults are used" not in kept.problem


def test_autosave_write_read_clear_and_latest(user_home):
    assert saves.read_autosave("hashi") is None
    saves.write_autosave("hashi", {"game": "hashi", "moves": []}, "7x7")
    saves.write_autosave("tron", {"game": "tron"}, "")
    latest, problems = saves.latest_autosave(["hashi", "tron"])
    assert latest is not None and latest.game == "tron" and problems == []
    hashi = saves.read_autosave("hashi")
    assert hashi.label == "7x7" and hashi.data == {"game": "hashi", "moves": []}
    saves.clear_autosave("tron")
    assert saves.latest_autosave(["hashi", "tron"])[0].game == "hashi"


def test_damaged_autosave_is_quarantined_not_deleted(user_home):
    path = saves.autosave_path("hashi")
    path.parent.mkdir(parents=True)
    path.write_text("garbage")
    with pytest.raises(saves.DamagedSave, match=r"moved to hashi\.json\.damaged"):
        saves.read_autosave("hashi")
    assert not path.exists()
    assert path.with_suffix(".json.damaged").read_text() == "garbage"
    assert saves.read_autosave("hashi") is None  # once moved aside it stops failing


@pytest.mark.parametrize("payload", [
    '{"saved_at": NaN, "label": "", "session": {"game": "hashi"}}',
    '{"saved_at": Infinity, "label": "", "session": {"game": "hashi"}}',
    '{"saved_at": "yesterday", "label": "", "session": {"game": "hashi"}}',
    '{"saved_at": 1, "label": 7, "session": {"game": "hashi"}}',
    '{"saved_at": 1, "label": "", "session": [1, 2]}',
    '{"saved_at": 1, "label": "", "session": {"game": "tron"}}',
    '[1, 2, 3]',
    '{"saved_at": true, "label": "", "session": {"game": "hashi"}}',
    # float() of it is an OverflowError: the program stopped at every start, the file left in place.
    '{"saved_at": ' + "9" * 400 + ', "label": "", "session": {"game": "hashi"}}',
])
def test_every_kind_of_damaged_autosave_is_moved_aside_with_one_line(user_home, payload):
    path = saves.autosave_path("hashi")
    path.parent.mkdir(parents=True)
    path.write_text(payload)
    latest, problems = saves.latest_autosave(["hashi"])
    assert latest is None and len(problems) == 1 and "\n" not in problems[0]
    assert not path.exists() and path.with_suffix(".json.damaged").exists()


@pytest.mark.parametrize("text", ["garbage", '{"hashi": {"a": 1', "[1, 2]", "\udcff"])
def test_a_damaged_records_file_is_moved_aside_said_once_and_never_overwritten(user_home, text):
    """A garbage records.json was read as "no records" and the next win wrote over it: every best lost."""
    path = saves.records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, errors="surrogateescape")
    assert saves.read_records() == {}
    problems = saves.take_problems()
    assert len(problems) == 1 and "moved to records.json.damaged" in problems[0] and "\n" not in problems[0]
    assert path.with_name("records.json.damaged").read_text(errors="surrogateescape") == text
    assert saves.record_result("hashi", "k", 3.0)
    assert saves.read_records() == {"hashi": {"k": 3.0}} and saves.take_problems() == []
    path.write_text("garbage again")
    saves.read_records()
    assert path.with_name("records.json.damaged.2").read_text() == "garbage again", "the first copy was replaced"
    saves.take_problems()


def test_records_drop_values_that_are_not_finite_numbers(user_home):
    saves.records_path().parent.mkdir(parents=True, exist_ok=True)
    saves.records_path().write_text('{"hashi": {"a": NaN, "b": "fast", "c": 12.5, "d": true, "e": ' + "9" * 400
                                    + '}, "royale": 3}')  # e: too large for a float (was an OverflowError)
    assert saves.read_records() == {"hashi": {"c": 12.5}}
    saves.take_problems()


def test_records_with_some_bad_entries_are_kept_aside_before_the_next_record_writes_over_them(user_home):
    """A records.json with one entry a player (or another version) wrote as text, or a game that is
    not a table, lost those entries without a word: they were dropped on reading and the next win
    wrote the rest over the file, with no copy. Now the file as it was is kept (``.damaged``), said
    once, and the valid records stay where they were."""
    path = saves.records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = ('{"hashi": {"classic/01": "1:30", "classic/02": 80.0, "classic/04": -5}, "royale": [6],'
            ' "runway": {"00": 1e308, "01": 3}}')  # a negative time or 1e308 bikes: a best never beaten
    path.write_text(text)
    assert saves.read_records() == {"hashi": {"classic/02": 80.0}, "runway": {"01": 3.0}}
    problems = saves.take_problems()
    assert len(problems) == 1 and "records.json.damaged" in problems[0] and "\n" not in problems[0], problems
    for entry in ("hashi classic/01", "hashi classic/04", "royale", "runway 00"):
        assert entry in problems[0], problems
    assert path.with_name("records.json.damaged").read_text() == text
    assert saves.record_result("hashi", "classic/03", 50.0)
    assert saves.read_records() == {"hashi": {"classic/02": 80.0, "classic/03": 50.0}, "runway": {"01": 3.0}}
    assert saves.take_problems() == [], "said once"


def test_records_with_bad_entries_are_left_as_they_are_in_a_run_that_keeps_no_files(user_home, monkeypatch):
    from arcade.services import files

    path = saves.records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"hashi": {"a": "fast", "b": 3.0}}')
    monkeypatch.setattr(files, "_keep_files", False)  # a headless screenshot only looks
    assert saves.read_records() == {"hashi": {"b": 3.0}}
    assert "left as it is" in saves.take_problems()[0]
    assert path.read_text() == '{"hashi": {"a": "fast", "b": 3.0}}'
    assert not path.with_name("records.json.damaged").exists()


def test_a_damaged_file_never_replaces_an_older_copy_however_many_there_are(tmp_path):
    """The copies were counted up to 100 only: the next damaged save was moved over ``.damaged.100``."""
    from arcade.services.files import quarantine

    save = tmp_path / "hashi.json"
    (tmp_path / "hashi.json.damaged").write_text("first")
    for n in range(2, 101):
        (tmp_path / f"hashi.json.damaged.{n}").write_text(str(n))
    save.write_text("newest")
    assert quarantine(save) == tmp_path / "hashi.json.damaged.101"
    assert (tmp_path / "hashi.json.damaged.100").read_text() == "100"
    assert (tmp_path / "hashi.json.damaged.101").read_text() == "newest"


def test_records_keep_the_best(user_home):
    assert saves.record_result("hashi", "classic/01", 90.0)
    assert not saves.record_result("hashi", "classic/01", 95.0)
    assert saves.record_result("hashi", "classic/01", 80.0)
    assert saves.read_records() == {"hashi": {"classic/01": 80.0}}


def test_records_where_more_is_better_keep_the_most_and_a_tie_is_no_new_best(user_home):
    """Runway keeps the most bikes saved and Royale the most loot: their records run the other way
    from a time, and equalling a best is not "A new personal best" in either direction."""
    assert saves.record_result("runway", "06", 2.0, lower_is_better=False)
    assert not saves.record_result("runway", "06", 1.0, lower_is_better=False)
    assert not saves.record_result("runway", "06", 2.0, lower_is_better=False)
    assert saves.record_result("runway", "06", 4.0, lower_is_better=False)
    assert saves.record_result("hashi", "classic/01", 90.0)
    assert not saves.record_result("hashi", "classic/01", 90.0)
    assert saves.read_records() == {"runway": {"06": 4.0}, "hashi": {"classic/01": 90.0}}


def test_a_run_that_keeps_no_files_writes_no_save_record_or_background_save(user_home, monkeypatch):
    """A headless screenshot only looks (``App.persist`` False): it resumed a game and wrote its save
    back on the way out. Every writer of the player's files asks the one switch."""
    from arcade.services.autosave import BackgroundSaver

    saves.write_autosave("hashi", {"game": "hashi"}, "kept")
    assert saves.record_result("hashi", "classic/01", 90.0)
    before = {p: p.read_bytes() for p in user_home.rglob("*") if p.is_file()}
    with monkeypatch.context() as m:
        m.setattr(files, "_keep_files", True)  # put back after the test, whatever it sets
        files.keep_files(False)
        saves.write_autosave("hashi", {"game": "hashi"}, "new")
        saves.clear_autosave("hashi")
        assert saves.record_result("hashi", "classic/01", 80.0), "a better time is still said to be one"
        spare: list[str] = []
        saver = BackgroundSaver("draft", lambda data, label: spare.append(label))
        saver.submit("board", "draft")
        saver.flush()
        assert spare == [] and saves.save_failure("hashi") == ""
        assert {p: p.read_bytes() for p in user_home.rglob("*") if p.is_file()} == before


def test_resources_find_bundled_folders_in_the_checkout():
    assert (resources.assets_dir() / "fonts" / "DejaVuSans.ttf").is_file()
    assert resources.levels_dir().is_dir()
    assert resources.level_files("no-such-game") == []


def test_find_level_by_path_id_and_errors(tmp_path, monkeypatch):
    root = tmp_path / "levels"
    (root / "demo" / "pack").mkdir(parents=True)
    (root / "demo" / "pack" / "one.txt").write_text("x")
    (root / "demo" / "two.txt").write_text("x")
    (root / "demo" / "other").mkdir()
    (root / "demo" / "other" / "one.txt").write_text("x")
    monkeypatch.setattr(resources, "_root_for", lambda name: root)
    assert resources.find_level("demo", "pack/one").name == "one.txt"
    assert resources.find_level("demo", "two") == root / "demo" / "two.txt"
    assert resources.find_level("demo", str(root / "demo" / "two.txt")).name == "two.txt"
    with pytest.raises(UsageError, match="ambiguous"):
        resources.find_level("demo", "one")
    with pytest.raises(UsageError, match="puzzle-arcade levels demo"):
        resources.find_level("demo", "three")


def test_background_saver_writes_the_latest_and_reports_failures(user_home, monkeypatch):
    from arcade.services.autosave import BackgroundSaver

    saver = BackgroundSaver("toy")
    for i in range(20):
        saver.submit({"game": "toy", "moves": [str(i)]}, f"move {i}")
    saver.flush()
    saved = saves.read_autosave("toy")
    assert saved.data["moves"] == ["19"] and saved.label == "move 19" and saver.error == ""

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "atomic_write_text", full_disk)  # the disk, whoever writes
    saver.submit({"game": "toy"}, "")
    saver.flush()
    assert saver.error == f"Autosave failed: No space left on device ({saves.autosave_path('toy')})"
    assert saves.read_autosave("toy").data["moves"] == ["19"]  # the previous save is intact


def test_a_write_failure_names_its_file_once(user_home, monkeypatch):
    """A full disk's error names no file (the write or fsync fails, not the open): "Autosave failed:
    No space left on device" left the player to guess which disk was full. The file goes in
    brackets, as the settings' failure says it; a message that names it already is left as it is."""
    import errno

    from arcade.services.autosave import BackgroundSaver
    from arcade.services.paths import shown_path

    def full(fd):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    saver = BackgroundSaver("toy")
    saver.submit({"game": "toy"}, "")
    saver.flush()
    assert saver.error == f"Autosave failed: No space left on device ({shown_path(saves.autosave_path('toy'))})"
    draft = user_home / "edits" / "draft.txt"
    spare = BackgroundSaver("draft", lambda text, _label: files.atomic_write_text(draft, text))
    spare.submit("board", "")
    spare.flush()
    assert spare.error == f"Autosave failed: No space left on device ({draft})"
    blocked = OSError(f"{saves.records_path()} cannot be read (Permission denied)")
    assert files.write_failure(blocked, saves.records_path()) == str(blocked)


def test_records_and_settings_that_cannot_be_read_are_left_alone_and_never_written_over(user_home, monkeypatch):
    """A records.json readable only by another user was moved aside as "damaged" and the player
    told "new records start now"; settings alike. Unreadable is not damaged: the file stays."""
    from pathlib import Path

    path = saves.records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"hashi": {"k": 3.0}}')
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text('{"sound": false}')
    from arcade.services import files

    def denied(name, *args, **kwargs):  # what open() does on a file another user owns
        if Path(name).name in ("records.json", "settings.json"):
            raise PermissionError(13, "Permission denied", str(name))
        return open(name, *args, **kwargs)

    monkeypatch.setattr(files, "open", denied, raising=False)
    assert saves.read_records() == {} and saves.read_records() == {}
    problems = saves.take_problems()
    assert len(problems) == 1 and "cannot be read" in problems[0], "said once, however often it is read"
    with pytest.raises(OSError, match="cannot be read"):  # the toast on a win said "damaged"
        saves.record_result("hashi", "k", 1.0)
    saves.read_records()
    assert saves.take_problems() == [], "told again at the next picker or win"
    settings = Settings.load()
    assert "cannot be read" in settings.problem
    settings.save()
    monkeypatch.delattr(files, "open")
    assert path.read_text() == '{"hashi": {"k": 3.0}}' and Settings.path().read_text() == '{"sound": false}'
    assert not path.with_name("records.json.damaged").exists()


@pytest.mark.parametrize("kind", ["fifo", "zero", "huge"])
def test_a_save_settings_or_records_file_that_is_not_a_file_is_set_aside_without_waiting(user_home, kind):
    """A FIFO in a save's place hung the start for good; a link to /dev/zero was read until memory ran out."""
    import os

    from arcade.services.settings import Settings

    def plant(path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "zero":
            path.symlink_to("/dev/zero")
        else:
            with open(path, "wb") as handle:  # sparse: 9 MB of nothing, over the 8 MB bound
                handle.truncate(9 * 1024 * 1024)

    save, settings, records = saves.autosave_path("hashi"), Settings.path(), saves.records_path()
    for path in (save, settings, records):
        plant(path)
    latest, problems = saves.latest_autosave(["hashi"])
    assert latest is None and len(problems) == 1 and "damaged" in problems[0], problems
    loaded = Settings.load()
    assert "damaged" in loaded.problem or "moved" in loaded.problem, loaded.problem
    assert saves.read_records() == {} and any("records" in p for p in saves.take_problems())
    for path in (save, settings, records):
        assert not os.path.lexists(path) and os.path.lexists(path.with_name(path.name + ".damaged")), path


def test_a_home_that_is_a_file_is_not_called_a_damaged_save(tmp_path, monkeypatch):
    """It said "The saved hashi game was damaged (Not a directory); it was could not be moved aside"."""
    home = tmp_path / "home"
    home.write_text("a file, not a folder")
    monkeypatch.setenv("PUZZLE_ARCADE_HOME", str(home))
    latest, problems = saves.latest_autosave(["hashi"])
    # No save can be under a file: there is none, and the folder is said once, at start
    # (it said "The saved Hashi game ... cannot be read (Not a directory)", of a save that never was).
    assert latest is None and problems == []
    assert files.folder_problem(paths.data_dir()) == f"{paths.shown_path(home)} is a file, not a folder"
    assert home.read_text() == "a file, not a folder"


def test_a_data_folder_that_cannot_be_written_is_named_with_why(tmp_path, monkeypatch):
    """The window said nothing until the first move failed to save, then "Permission denied"."""
    import errno

    shown = paths.shown_path
    assert files.folder_problem(tmp_path / "fine" / "data") == "" and (tmp_path / "fine" / "data").is_dir()
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    looping = files.folder_problem(tmp_path / "loop1" / "data")
    assert looping == f"{shown(tmp_path / 'loop1')} is a loop of symbolic links"
    with pytest.raises(FileNotFoundError):  # nothing to read there, as for a missing file
        files.read_kept_text(tmp_path / "loop1" / "data" / "records.json")

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    (tmp_path / "ro").mkdir()
    monkeypatch.setattr(files.tempfile, "mkstemp", refused)
    assert files.folder_problem(tmp_path / "ro") == f"{shown(tmp_path / 'ro')} is read-only (Permission denied)"
    monkeypatch.setattr(Path, "mkdir", refused)
    new = tmp_path / "ro" / "new" / "data"
    assert files.folder_problem(new) == (
        f"{shown(new)} cannot be made: {shown(tmp_path / 'ro')} is read-only (Permission denied)")


@pytest.mark.skipif(os.name != "posix" or (hasattr(os, "geteuid") and os.geteuid() == 0),
                    reason="root writes into a read-only folder; the test above refuses the writes itself")
def test_a_read_only_data_folder_is_named_for_real(tmp_path):
    shown = paths.shown_path
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert files.folder_problem(folder) == f"{shown(folder)} is read-only (Permission denied)"
        assert files.folder_problem(folder / "data") == (
            f"{shown(folder / 'data')} cannot be made: {shown(folder)} is read-only (Permission denied)")
    finally:
        folder.chmod(0o755)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="finds the probe's file by its descriptor")
def test_a_full_disk_is_said_at_start_though_an_empty_file_still_fits(tmp_path, monkeypatch):
    """A full disk was not said at start: the empty probe file fitted (a file takes no block until
    it holds data), and the first move's save failed. The probe writes one block, as a save would."""
    import errno

    from arcade import cli

    real = os.write
    tried: list[int] = []

    def full(fd: int, data: bytes) -> int:
        if ".write-check." in os.readlink(f"/proc/self/fd/{fd}"):
            tried.append(len(data))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    folder = tmp_path / "data"
    with monkeypatch.context() as disk:
        disk.setattr(os, "write", full)
        said = cli.unsaved_warning(files.folder_problem(folder))
    assert tried == [files.PROBE_BYTES]
    assert said == (f"Nothing can be saved: there is no room on the disk of {paths.shown_path(folder)} "
                    "(No space left on device). You can play, but no game or record is kept.")
    assert list(folder.iterdir()) == [], "the probe is removed"
    assert cli.unsaved_warning(files.folder_problem(folder)) == "", "with room again, nothing to say"


def test_a_path_under_the_home_folder_is_shown_with_a_tilde(monkeypatch, tmp_path):
    """A replay's full path did not fit the status line; the command to open it was cut off."""
    from arcade.services.paths import shown_path

    monkeypatch.setenv("HOME", str(tmp_path))
    assert shown_path(tmp_path / ".local" / "x.json") == "~/.local/x.json"
    assert shown_path(Path("/elsewhere/x.json")) == "/elsewhere/x.json"
    assert shown_path(Path("relative.json")) == "relative.json"


DEEP_JSON = "[" * 100_000
LONG_NUMBER = "1" * 5000


@pytest.mark.parametrize("text, why", [(DEEP_JSON, "nested too deeply"),
                                       ('{"saved_at": ' + LONG_NUMBER + "}", "too many digits")])
def test_json_too_deep_or_with_a_huge_number_is_a_damaged_file_not_a_crash(user_home, text, why):
    """json.loads raises RecursionError on 100000 '[' and a ValueError about sys.set_int_max_str_digits
    on a 5000-digit number: every loader of JSON sees both as a plain ValueError saying why."""
    from arcade.core.errors import FormatError
    from arcade.core.inputs import parse_json
    from arcade.core.session import Session
    from arcade.games.hashi.logic import RULES as HASHI
    from arcade.services.replays import load_replay

    with pytest.raises(ValueError, match=why):
        parse_json(text)
    with pytest.raises(FormatError, match=why):
        Session.from_json(HASHI, text)
    replay = user_home / "r.json"
    replay.parent.mkdir(parents=True, exist_ok=True)
    replay.write_text(text)
    with pytest.raises(FormatError, match=f"r.json: not a valid replay: .*{why}"):
        load_replay(replay)
    for path in (saves.autosave_path("hashi"), Settings.path(), saves.records_path()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    latest, problems = saves.latest_autosave(["hashi"])
    assert latest is None and why in problems[0], problems
    assert why in Settings.load().problem
    assert saves.read_records() == {} and any(why in p for p in saves.take_problems())


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_atomic_writes_leave_modes_and_links_as_a_shell_redirect_would(tmp_path, umask):
    """mkstemp's 0600 was every output's mode (screenshots, sheets, replays, results), an overwrite reset
    a file's mode, and writing through a symlink replaced the link with a regular file."""
    old = os.umask(umask)
    try:
        new = tmp_path / "out" / "new.svg"
        files.atomic_write_text(new, "one")
        assert new.stat().st_mode & 0o777 == 0o666 & ~umask
        assert files.current_umask() == umask
        kept = tmp_path / "kept.json"
        kept.write_text("old")
        kept.chmod(0o640)
        files.write_output(kept, "new")
        assert kept.read_text() == "new" and kept.stat().st_mode & 0o777 == 0o640
        target = tmp_path / "real" / "results.csv"
        target.parent.mkdir()
        target.write_text("old")
        target.chmod(0o604)
        link = tmp_path / "link.csv"
        link.symlink_to(target)
        files.atomic_write_bytes(link, b"new")
        assert link.is_symlink() and target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o604
        dangling = tmp_path / "dangling.png"
        dangling.symlink_to(tmp_path / "real" / "later.png")
        files.atomic_write_bytes(dangling, b"png")
        assert dangling.is_symlink() and (tmp_path / "real" / "later.png").read_bytes() == b"png"
        assert sorted(os.listdir(target.parent)) == ["later.png", "results.csv"], "no temp file left"
    finally:
        os.umask(old)


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_second_window_on_the_same_saves_is_told_and_the_lock_goes_with_the_first(tmp_path):
    """Two windows on one data folder overwrote each other's save of the same game without a word."""
    import fcntl
    import subprocess

    from arcade.services import instance

    folder = tmp_path / "data"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from pathlib import Path; from arcade.services import instance; "
        f"assert instance.claim(Path({str(folder)!r})) == ''; print('held', flush=True); time.sleep(60)")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        instance.release()
        assert "Another Puzzle Arcade window is open on the same saves" in instance.claim(folder)
    finally:
        holder.kill()
        holder.wait()
    assert instance.claim(folder) == "", "the lock outlived the window that held it (killed)"
    with open(folder / instance.LOCK_NAME) as other, pytest.raises(OSError):
        fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # now this process holds it
    instance.release()


@pytest.mark.parametrize("text", ['{"window_size": [Infinity, 800]}', '{"window_size": [1e400, 800]}',
                                  '{"window_size": [-Infinity, 800], "sound": false}'])
def test_an_infinite_window_size_is_a_bad_setting_not_a_program_that_never_starts(user_home, text):
    """``int(inf)`` is an OverflowError, which the settings did not expect: every launch ended in
    "internal error" (exit 70) until the player found and edited the file by hand."""
    path = Settings.path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    settings = Settings.load()
    assert settings.window_size == (1280, 800) and "window size" in settings.problem


@pytest.mark.parametrize(("raw", "label"), [
    ({"animation_speed": True}, "animation speed"), ({"animation_speed": "2"}, "animation speed"),
    ({"window_size": [1280, True]}, "window size"), ({"window_size": ["1280", 800]}, "window size"),
    ({"window_size": [1280.5, 800]}, "window size"), ({"window_size": {"1280": 0, "800": 0}}, "window size"),
])
def test_a_bool_text_or_fraction_is_not_a_number_in_the_settings(user_home, raw, label):
    """JSON ``true`` is an int to Python: ``float(True)`` made it an animation speed of 1 that was
    written back as a number; ``int()`` took "1280" and 1280.5, and iterating an object took its keys."""
    path = Settings.path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(raw | {"palette": "tol-bright"}))
    settings = Settings.load()
    assert settings.animation_speed == 1.0 and settings.window_size == (1280, 800)
    assert settings.bad == [label] and label in settings.problem and settings.palette == "tol-bright"
    assert Settings.from_dict({"animation_speed": 2, "window_size": [1600, 1000]}).problem == ""


def test_a_stored_choice_counts_only_when_it_is_one_of_the_choices_and_of_its_kind():
    choices = {"exact": "Exact search", "classic": "Classic"}
    assert stored_choice("classic", choices, "exact") == "classic"
    for value in ([1], {"a": 1}, None, 7, "nope"):
        assert stored_choice(value, choices, "exact") == "exact"
    assert stored_choice(1, [0.5, 1.0], 0.5) == 1.0
    assert stored_choice(True, [0.5, 1.0], 0.5) == 0.5  # true is not the number 1
    assert stored_choice([10], range(5, 41), 10) == 10


def _refuse_settings_writes(monkeypatch, error: int = 13) -> list[Path]:
    """Every settings write fails as on a read-only (13) or full (28) disk; returns the paths tried."""
    import errno
    import os as os_module

    from arcade.services import settings as settings_module

    tried: list[Path] = []

    def refused(path, text, encoding="utf-8"):
        tried.append(Path(path))
        raise OSError(error, os_module.strerror(error), str(path))

    assert error in (errno.EACCES, errno.ENOSPC)
    monkeypatch.setattr(settings_module, "atomic_write_text", refused)
    return tried


def test_settings_that_did_not_change_are_not_written_again(user_home):
    """Quitting wrote the settings every time: in a read-only data folder every quit ended with
    "could not save settings" although the player had changed nothing."""
    Settings(sound=False).save()
    loaded = Settings.load()
    # Own MonkeyPatch contexts: undoing the test's own would also undo user_home's
    # PUZZLE_ARCADE_HOME, and the next save would go to the real user's settings.
    with pytest.MonkeyPatch.context() as refusing:
        tried = _refuse_settings_writes(refusing)
        loaded.save()  # nothing changed: nothing to write, nothing to fail
        assert tried == []
        loaded.game("hashi")["seen_how_to_play"] = True  # a change made in place is a change
        with pytest.raises(OSError) as failed:
            loaded.save()
        assert tried == [Settings.path()] and failed.value.filename == str(Settings.path())
    assert str(Settings.path()).startswith(str(user_home))
    loaded.save()
    assert Settings.load().game("hashi") == {"seen_how_to_play": True}
    with pytest.MonkeyPatch.context() as refusing:
        tried = _refuse_settings_writes(refusing)
        loaded.save()
        assert tried == [], "written once, then it is what the file holds"


@pytest.mark.skipif(os.name != "posix" or (hasattr(os, "geteuid") and os.geteuid() == 0),
                    reason="root writes into a read-only folder; the test above refuses the write itself")
def test_settings_in_a_read_only_folder_are_read_and_not_written_when_unchanged(user_home):
    Settings(sound=False).save()
    folder = Settings.path().parent
    folder.chmod(0o555)
    try:
        loaded = Settings.load()
        loaded.save()
        assert loaded.sound is False
        loaded.sound = True
        with pytest.raises(PermissionError):
            loaded.save()
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("error", [13, 28])
def test_settings_that_cannot_be_saved_say_where(app, monkeypatch, error):
    """"Could not save settings: Permission denied" left the player to guess which file in which
    folder; the toast and the terminal's last line name it."""
    from arcade.ui import app as app_module

    tried = _refuse_settings_writes(monkeypatch, error)
    said: list[str] = []
    monkeypatch.setattr(app_module, "to_terminal", said.append)  # no scene with a toast: the terminal
    app.settings.sound = not app.settings.sound
    assert app.save_settings() is False
    assert tried == [Settings.path()]
    assert len(said) == 1 and paths.shown_path(Settings.path()) in said[0] and os.strerror(error) in said[0], said


def test_settings_that_cannot_be_saved_at_quit_are_said_once(app, monkeypatch):
    """In a read-only folder Runway's quit said "Could not save settings" and "could not save settings"
    one after the other: its scene saves its AI and speed as it leaves, then the quit saves again."""
    from arcade.ui import app as app_module
    from arcade.ui.scene import Scene

    class SavesAsItLeaves(Scene):
        def leave(self) -> None:
            self.app.save_settings()

    tried = _refuse_settings_writes(monkeypatch, 13)
    said: list[str] = []
    monkeypatch.setattr(app_module, "to_terminal", said.append)
    app.push(SavesAsItLeaves())
    app.settings.sound = not app.settings.sound
    monkeypatch.setattr(app, "headless", False)  # (a window's quit writes the settings; a headless one not)
    app.close()
    assert len(tried) == 2 and len(said) == 1 and "could not save settings" in said[0].lower(), said


def test_the_window_says_at_once_that_nothing_can_be_saved(tmp_path):
    """Said before the first move (it waited for a failed save), and that play goes on."""
    from arcade import cli

    home = tmp_path / "home"
    home.write_text("a file, not a folder")
    said = cli.unsaved_warning(files.folder_problem(home / "data"))
    assert said.startswith("Nothing can be saved: ") and paths.shown_path(home) in said and "You can play" in said
    assert cli.unsaved_warning(files.folder_problem(tmp_path / "fine")) == ""


def _deny_reading(monkeypatch, name: str) -> None:
    """``open`` of the file ``name`` fails as on a file another user owns (mode 000), for the
    services that read kept files; everything else opens as ever."""
    from arcade.services import files

    def denied(path, *args, **kwargs):
        if Path(path).name == name:
            raise PermissionError(13, "Permission denied", str(path))
        return open(path, *args, **kwargs)

    monkeypatch.setattr(files, "open", denied, raising=False)
    monkeypatch.setattr(saves, "open", denied, raising=False)


def test_a_save_that_cannot_be_read_is_never_written_over_nor_cleared(user_home):
    """The start said "cannot be read ... it was left as it is" and the new game's first move then
    replaced it, with its mode 000: the old game was gone and the new one unreadable too."""
    saves.write_autosave("hashi", {"game": "hashi", "moves": ["old"]}, "old")
    kept = saves.autosave_path("hashi").read_bytes()
    with pytest.MonkeyPatch.context() as denying:  # its own: user_home's stays in place
        _deny_reading(denying, "hashi.json")
        with pytest.raises(saves.DamagedSave, match="cannot be read"):
            saves.read_autosave("hashi", "Hashi")
        with pytest.raises(OSError, match="cannot be read"):
            saves.write_autosave("hashi", {"game": "hashi", "moves": ["new"]}, "new")
        assert "not written over" in saves.save_failure("hashi"), "the header says Not saved, the quit line why"
        with pytest.raises(OSError):
            saves.clear_autosave("hashi")  # a win of the new game does not delete the old one either
        saves.write_autosave("tron", {"game": "tron"}, "")  # other games save as ever
    assert str(saves.autosave_path("hashi")).startswith(str(user_home))
    assert saves.autosave_path("hashi").read_bytes() == kept
    saves.write_autosave("hashi", {"game": "hashi", "moves": ["new"]}, "new")  # readable again: saved
    assert saves.read_autosave("hashi").label == "new" and saves.save_failure("hashi") == ""


def test_a_file_where_the_saves_folder_belongs_is_named_not_called_an_unreadable_save(user_home):
    """With a file named ``saves`` in the data folder, every move said "Autosave failed: the save
    there cannot be read: Not a directory; it is not written over" of a save that never was, and a
    win could not clear the save that was not there. The file in the way is named instead."""
    folder = saves.autosave_path("hashi").parent
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder\n")
    with pytest.raises(OSError) as caught:
        saves.write_autosave("hashi", {"game": "hashi", "moves": []}, "")
    why = files.write_failure(caught.value)
    assert f"{folder} is a file, not a folder" in why and "cannot be read" not in why, why
    saves.clear_autosave("hashi")  # nothing there to clear: not a failure
    assert folder.read_text() == "not a folder\n"
    with pytest.raises(OSError, match="is a file, not a folder"):
        files.atomic_write_text(folder / "deeper" / "x.json", "{}")  # any write under it says the same


@pytest.mark.skipif(os.name != "posix" or (hasattr(os, "geteuid") and os.geteuid() == 0),
                    reason="root reads a mode-000 file; the test above refuses the reads itself")
def test_a_mode_000_save_is_kept_for_real(user_home):
    saves.write_autosave("hashi", {"game": "hashi", "moves": ["old"]}, "old")
    path = saves.autosave_path("hashi")
    path.chmod(0)
    try:
        with pytest.raises(OSError, match="cannot be read"):
            saves.write_autosave("hashi", {"game": "hashi", "moves": ["new"]}, "new")
    finally:
        path.chmod(0o644)
    assert saves.read_autosave("hashi").label == "old"


def test_a_test_that_drops_its_patches_still_saves_in_a_folder_of_the_run(monkeypatch):
    """Three tests called ``monkeypatch.undo()``, which drops the test's own data folder too, and their
    next saves went to the real user's folders (a "toy" game's save among them): under every
    test's folder lies one of the run's own."""
    monkeypatch.undo()
    home = os.environ.get("PUZZLE_ARCADE_HOME", "")
    assert home and Path(home).name.startswith("arcade-tests-home-")
    assert Path(tempfile.gettempdir()) in Path(home).parents
    assert str(paths.data_dir()).startswith(home)


def test_a_read_only_folder_says_nothing_more_at_quit_for_what_the_program_recorded(app, monkeypatch):
    """With a read-only data folder (already said at start: "Nothing can be saved"), opening a
    game made the program note ``seen_how_to_play`` and ``last_level`` itself: a toast "Could not
    save settings" and at quit "could not save settings", every run, although the player had
    chosen nothing."""
    from arcade.core import registry
    from arcade.games import REGISTRY
    from arcade.ui import app as app_module

    Settings(sound=False).save()
    app.settings = Settings.load()
    tried = _refuse_settings_writes(monkeypatch, 13)
    said: list[str] = []
    monkeypatch.setattr(app_module, "to_terminal", said.append)
    monkeypatch.setattr(app, "notify", lambda text, role="info": said.append(text))
    monkeypatch.setattr(app, "headless", False)  # (a window's intro and quit write the settings)
    app.launch("hashi", registry.Launch())  # the game opens at its first level, and records it
    app.intro(REGISTRY.get("hashi"))
    assert app.settings.game("hashi")["seen_how_to_play"] is True  # kept for this run all the same
    assert app.settings.game("hashi")["last_level"]
    app.close()
    assert tried and not [line for line in said if "settings" in line.lower()], said


def test_a_choice_that_cannot_be_saved_is_still_said_at_quit(app, monkeypatch):
    """Only what the program records by itself goes unsaid: a player's choice lost at quit is told."""
    from arcade.ui import app as app_module

    Settings(sound=False).save()
    app.settings = Settings.load()
    _refuse_settings_writes(monkeypatch, 13)
    said: list[str] = []
    monkeypatch.setattr(app_module, "to_terminal", said.append)
    monkeypatch.setattr(app, "headless", False)
    app.settings.game("hashi")["seen_how_to_play"] = True
    app.settings.sound = True
    app.close()
    assert len(said) == 1 and "could not save settings" in said[0].lower(), said


def test_a_read_only_folder_with_no_settings_file_says_nothing_at_quit(app, monkeypatch):
    """A fresh read-only folder (no settings file yet) ended every run with "could not save
    settings": the defaults were written at quit although the player had changed nothing."""
    from arcade.games import REGISTRY
    from arcade.ui import app as app_module

    assert not Settings.path().exists()
    app.settings = Settings.load()
    tried = _refuse_settings_writes(monkeypatch, 13)
    said: list[str] = []
    monkeypatch.setattr(app_module, "to_terminal", said.append)
    monkeypatch.setattr(app, "headless", False)
    app.intro(REGISTRY.get("runway"))
    app.close()
    assert tried and said == []


def test_undecodable_input_is_worded_one_way_by_a_file_a_replay_and_a_line_protocol(tmp_path):
    """A level file, a replay file and a bot's line protocol said "not a UTF-8 text file (byte 0xff at
    offset 0)", "not a valid replay: not UTF-8 text" and "not UTF-8 text (invalid start byte)"."""
    import io

    from arcade.core.errors import FormatError
    from arcade.core.inputs import decode_text, read_line
    from arcade.services.replays import load_replay

    data = b'{"format": "\xff"}'
    with pytest.raises(FormatError) as level:
        decode_text(data, "level.txt")
    replay = tmp_path / "r.json"
    replay.write_bytes(data)
    with pytest.raises(FormatError) as loaded:
        load_replay(replay)
    with pytest.raises(FormatError) as line:
        read_line(io.TextIOWrapper(io.BytesIO(b"7 9\n\xff\n"), encoding="utf-8", errors="strict"), "<stdin>", 1)
    assert str(level.value) == "level.txt: not a UTF-8 text file (byte 0xff at offset 12)"
    assert str(loaded.value) == f"{replay}: not a valid replay: not a UTF-8 text file (byte 0xff at offset 12)"
    assert str(line.value) == "<stdin>:1: not UTF-8 text (byte 0xff)"
    replay.write_bytes("[]".encode("utf-16"))
    utf16 = r"not a valid replay: not a UTF-8 text file: UTF-16 text \(save it as UTF-8\)$"
    with pytest.raises(FormatError, match=utf16):
        load_replay(replay)


@pytest.mark.parametrize(("text", "shown"), [
    ("x" * 5000, "'" + "x" * 40 + "…'"),
    ("\x00" * 3000, "'" + "\\x00" * 10 + "…'"),
    ("short\n", "'short\\n'"),
])
def test_an_error_quotes_at_most_forty_characters_of_the_input_escaped(text, shown):
    from arcade.core.errors import quoted

    assert quoted(text) == shown


@pytest.mark.parametrize("content", ["\x00" * 3000, "y" * 5000])
def test_a_level_id_of_garbage_is_one_short_line(user_home, tmp_path, content, capsys):
    """``solve hashi --file F`` with an id of 3000 NUL bytes printed a line of 12,000 characters."""
    from arcade.cli import main

    path = tmp_path / "ids.txt"
    path.write_text(content)
    assert main(["solve", "hashi", "--file", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and len(err) < 400 and "…" in err, err


@pytest.mark.parametrize("level_id", [None, 5, ["a"], "\x00\x00", "x" * 500])
def test_a_replay_level_id_that_is_not_a_name_is_no_title(level_id):
    """The level is in the replay itself, so it still opens; but ``str()`` of its id was the title:
    ``null`` listed it as a level called "None"."""
    from arcade.services.replays import replay_from_dict

    data = {"format": "puzzle-arcade-replay", "version": 1, "game": "tron", "level_id": level_id,
            "level": "3 3\n...\n...\n...\n", "players": ["a"], "moves": [], "turns": [],
            "result": {"result": "unfinished", "reason": ""}}
    assert replay_from_dict(data).level_id == ""
    assert replay_from_dict({**data, "level_id": "huge-room"}).level_id == "huge-room"
