"""Hostile input across the command line: paths that are there but cannot be looked at, and the
player's own files as an editor writes them (a byte-order mark). One line, the right exit status."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from arcade.cli import main


def run_main(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().err


@pytest.fixture
def locked(tmp_path, monkeypatch) -> Path:
    """A folder this user cannot enter: ``stat`` of anything in it is EACCES (as chmod 000 does for
    anyone but root, who runs these tests in CI containers -- hence the stand-in)."""
    folder = tmp_path / "locked"
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        if str(path).startswith(str(folder) + os.sep):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    return folder


@pytest.mark.parametrize("option", ["--level", "--edit"])
def test_a_level_in_a_folder_that_cannot_be_entered_is_unreadable_input_not_a_failed_write(
        capsys, tmp_path, locked, option):
    # It was "cannot write LOCKED/x.txt: Permission denied", exit 74: an input named as an output.
    level = str(locked / "x.txt")
    status, err = run_main(capsys, "play", "hashi", option, level, "--screenshot", str(tmp_path / "s.png"))
    assert (status, err) == (2, f"puzzle-arcade: {level}: cannot read file: Permission denied\n")
    assert not (tmp_path / "s.png").exists()


def test_an_outside_program_in_a_folder_that_cannot_be_entered_cannot_start(capsys, locked):
    # It was "cannot write LOCKED/bot: Permission denied", exit 74, before the first round.
    status, err = run_main(capsys, "tournament", "tron", "--bot", f"2010:{locked}/bot", "--bot", "random",
                           "--maps", "random-1", "--quiet")
    assert status == 2
    assert err == f"puzzle-arcade: error: cannot start '{locked}/bot': Permission denied\n"


@pytest.mark.parametrize("verb", ["solve hashi", "solve runway", "solve royale", "tournament tron --maps"])
def test_a_symbolic_link_loop_is_named_as_one_not_as_no_level(capsys, tmp_path, verb):
    # It was "no level file or bundled level 'loop' for hashi": of a name that is plainly there.
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    status, err = run_main(capsys, *verb.split(), str(tmp_path / "loop"))
    assert status == 2
    assert err.endswith("loop: cannot read file: Too many levels of symbolic links\n")
    assert err.count("\n") == 1


def test_a_bench_data_folder_that_cannot_be_listed_says_so(capsys, tmp_path, monkeypatch):
    # It was "no *.has file in this folder" of a folder full of them that this user cannot read.
    (tmp_path / "cllv").mkdir()
    (tmp_path / "cllv" / "a.has").write_text("x")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if str(p).endswith("cllv")
                        else real_access(p, mode, **kw))
    status, err = run_main(capsys, "bench", "hashi", "--quick", "--data", str(tmp_path / "cllv"))
    assert status == 2
    assert err.endswith("cllv: cannot read this folder (Permission denied)\n")


BOM = "\ufeff"


def test_settings_saved_by_an_editor_with_a_byte_order_mark_are_kept(tmp_path):
    from arcade.services.settings import Settings

    path = tmp_path / "settings.json"
    path.write_text(BOM + '{"sound": false, "palette": "okabe-ito"}', encoding="utf-8")
    settings = Settings.load(path)  # was: "damaged ... the defaults are used", the file moved aside
    assert settings.sound is False
    assert list(tmp_path.iterdir()) == [path]


def test_a_save_with_a_byte_order_mark_resumes_and_stays_where_it_is():
    from arcade.services.saves import autosave_path, read_autosave, write_autosave

    write_autosave("hashi", {"version": 1, "game": "hashi", "moves": []}, label="First steps")
    path = autosave_path("hashi")
    path.write_text(BOM + path.read_text(encoding="utf-8"), encoding="utf-8")
    save = read_autosave("hashi", "Hashi")  # was DamagedSave, and the save moved to hashi.json.damaged
    assert save is not None and save.label == "First steps"
    assert sorted(p.name for p in path.parent.iterdir()) == ["hashi.json"]


def test_a_newer_versions_settings_keep_what_this_version_does_not_know(tmp_path):
    from arcade.services.settings import Settings

    path = tmp_path / "settings.json"
    path.write_text('{"version": 42, "sound": true, "haptics": {"strength": 3}}', encoding="utf-8")
    settings = Settings.load(path)
    assert settings.problem == ""
    settings.sound = False
    settings.save(path)  # the first change wrote only the keys this version knows
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["sound"] is False
    assert (saved["version"], saved["haptics"]) == (42, {"strength": 3})


def test_the_home_folder_itself_is_shown_as_a_tilde(tmp_path, monkeypatch):
    # PUZZLE_ARCADE_HOME=$HOME naming a file was said "Nothing can be saved: ~/. is a file, not a folder".
    from arcade.services.paths import shown_path

    monkeypatch.setenv("HOME", str(tmp_path))
    assert (shown_path(tmp_path), shown_path(tmp_path / "data")) == ("~", "~/data")


def test_a_game_id_longer_than_a_file_name_can_be_is_read_as_a_game_id(capsys, tmp_path):
    # Path.is_file() raised "File name too long" on it: "cannot write 40x40:zzz...", exit 74.
    status, err = run_main(capsys, "play", "hashi", "--level", "40x40:" + "z" * 2000,
                           "--screenshot", str(tmp_path / "s.png"))
    assert (status, err) == (2, "puzzle-arcade: --level:1: description covers more than the 40×40 board\n")


@pytest.mark.parametrize("name", ["a" * 300, "a" * 300 + ".txt"])
def test_an_edited_file_name_longer_than_a_file_can_have_is_a_usage_error(capsys, tmp_path, name):
    # Path.exists() raised "File name too long": "cannot write aaa…", exit 74, of a file never written.
    status, err = run_main(capsys, "play", "hashi", "--edit", name, "--screenshot", str(tmp_path / "s.png"))
    assert status == 2 and err.count("\n") == 1 and "the name is too long for a file" in err


def a_replay(game: str) -> dict:
    """A good replay file's data for ``game`` (its first level, no move yet), as Ctrl+S writes it."""
    from arcade.core.session import Session
    from arcade.games import REGISTRY
    from arcade.services.replays import replay_from_session

    front = REGISTRY.get(game).load_front()
    level, _level_id = front.open_level(front.first_level())
    players = ("human",) * getattr(front.rules, "players", 1)
    return replay_from_session(Session(front.rules, level), players).to_dict()


def bad_replay(tmp_path: Path, game: str, kind: str) -> Path:
    """A replay file of ``kind`` that ``play GAME --replay`` must refuse."""
    path = tmp_path / f"{kind}.json"
    other = "runway" if game == "tron" else "tron"
    if kind == "newer":
        path.write_text(json.dumps({**a_replay(game), "version": 99}))
    elif kind == "truncated":
        text = json.dumps(a_replay(game), indent=1)
        path.write_text(text[:len(text) // 2])
    elif kind == "empty":
        path.write_text("")
    elif kind == "directory":
        path.mkdir()
    else:
        path.write_text(json.dumps(a_replay(other)))
    return path


@pytest.mark.parametrize("kind, needle", [
    ("newer", "made by a newer Puzzle Arcade (replay version 99"),
    ("truncated", "not a valid replay: broken JSON"),
    ("empty", "not a valid replay: the file is empty"),
    ("directory", "a directory, not a regular file"),
    ("other game", "replay, not a"),
])
@pytest.mark.parametrize("game", ["tron", "runway"])
def test_a_replay_that_cannot_be_watched_is_one_line_naming_it_before_any_window(capsys, tmp_path, game, kind,
                                                                                 needle):
    path = bad_replay(tmp_path, game, kind)
    shot = tmp_path / "shot.png"
    status, err = run_main(capsys, "play", game, "--replay", str(path), "--screenshot", str(shot))
    assert status == 2 and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith(f"puzzle-arcade: {path}") and needle in err, err
    assert not shot.exists(), "refused before anything was drawn"


@pytest.mark.parametrize("game", ["tron", "runway"])
def test_a_good_replay_of_each_game_opens(capsys, tmp_path, game):
    """The files above are refused for what is wrong with them, not for being replays of this game."""
    path = tmp_path / "good.json"
    path.write_text(json.dumps(a_replay(game)))
    status, err = run_main(capsys, "play", game, "--replay", str(path), "--screenshot", str(tmp_path / "s.png"),
                           "--frames", "2")
    assert (status, err) == (0, "")


@pytest.mark.parametrize(("child_status", "status", "said"), [
    (-15, 130, "interrupted (SIGTERM, in the start-up run)"),
    (130, 130, "interrupted (SIGINT, in the start-up run)"),
    (1, 70, "the start-up run exited with status 1: boom"),
])
def test_benchs_start_up_run_ending_early_is_said_as_what_ended_it(capsys, monkeypatch, child_status, status, said):
    """``bench``'s start-up run stopped by a signal (killed alone, or reached by a Ctrl+C first) was
    "internal error (CalledProcessError: Command '[...]' returned non-zero exit status 130.)", exit 70."""
    import subprocess

    from arcade import bench

    def run(argv, **kwargs):
        return subprocess.CompletedProcess(argv, child_status, "", "Traceback ...\nboom\n")

    monkeypatch.setattr(bench.subprocess, "run", run)
    code, err = run_main(capsys, "bench", "--quick")
    assert code == status and said in err and len(err.strip().splitlines()) == 1
