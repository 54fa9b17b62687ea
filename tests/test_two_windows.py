"""Two windows on one data folder: neither drops what the other wrote (settings, records, autosaves)."""

from __future__ import annotations

import json
import threading

from arcade.services import saves
from arcade.services.settings import Settings


def test_two_windows_changing_different_settings_keep_both(user_home):
    Settings(palette="tol-bright").save()
    first, second = Settings.load(), Settings.load()
    first.sound = False
    first.game("hashi")["last_level"] = "easy-3"
    first.save()
    second.palette = "high-contrast"
    second.game("tron")["bots"] = ["wall-hugger"]
    second.save()
    on_disk = Settings.load()
    assert on_disk.sound is False and on_disk.palette == "high-contrast"
    assert on_disk.games == {"hashi": {"last_level": "easy-3"}, "tron": {"bots": ["wall-hugger"]}}
    # A later change of the first window does not bring its old palette back.
    first.animation_speed = 2.0
    first.save()
    again = Settings.load()
    assert (again.palette, again.animation_speed, again.sound) == ("high-contrast", 2.0, False)


def test_a_setting_changed_back_in_one_window_is_written(user_home):
    first, second = Settings.load(), Settings.load()
    second.sound = False
    second.save()
    first.sound = False
    first.save()
    first.sound = True  # this window's own change back to the default is a change
    first.save()
    assert Settings.load().sound is True


def test_two_windows_winning_at_once_keep_both_records(user_home, monkeypatch):
    """The other window records its best while this one is between reading and writing the file."""
    real_write = saves.atomic_write_text
    other = threading.Thread(target=saves.record_result, args=("hashi", "medium-1", 42.0))
    started = []

    def write_meanwhile(path, text):
        if not started:
            started.append(True)
            other.start()
            other.join(0.5)  # with the lock it waits for this write; without, it writes first
        real_write(path, text)

    monkeypatch.setattr(saves, "atomic_write_text", write_meanwhile)
    assert saves.record_result("hashi", "easy-1", 10.0)
    other.join()
    assert json.loads(saves.records_path().read_text()) == {"hashi": {"easy-1": 10.0, "medium-1": 42.0}}


def test_two_windows_playing_hashi_both_keep_their_game(user_home):
    """Two windows (two apps on one data folder) play the same Hashi level: the first to save keeps
    ``hashi.json``, the other's game goes beside it, is said once, and neither loses a move."""
    from arcade.core.registry import Launch
    from arcade.games import REGISTRY
    from tests.test_frontend_contract import SMALL, frames, new_app, safe_moves

    # A window is a process: each app here gets its own record of the saves it wrote (a stamp its
    # own process wrote is never another window's, see SaveClaim._taken).
    written = {1: set(), 2: set()}

    def as_window(n: int) -> None:
        saves._WRITTEN_HERE = written[n]

    real = saves._WRITTEN_HERE
    first, second = new_app(REGISTRY), new_app(REGISTRY)
    try:
        as_window(1)
        one = first.launch("hashi", Launch(level=SMALL["hashi"]))
        as_window(2)
        two = second.launch("hashi", Launch(level=SMALL["hashi"]))
        for turn in range(3):
            for app, scene, seed in ((first, one, 1), (second, two, 2)):
                as_window(seed)
                safe_moves(scene, 1, seed=seed + 10 * turn)
                scene.save_progress()
                scene.saver.flush()
                frames(app, 2)
        path = saves.autosave_path("hashi")
        kept = path.with_name("hashi.json.other-window")
        assert json.loads(path.read_text())["session"]["moves"] == one.session.to_dict()["moves"]
        assert json.loads(kept.read_text())["session"]["moves"] == two.session.to_dict()["moves"]
        told = [m.text for m in two.toast.messages if "another window" in m.text]
        assert told == ["Hashi is also open in another window, which saved it since; this window's game is kept "
                        "as hashi.json.other-window."]
        assert not any("another window" in m.text for m in one.toast.messages)
        # The second window's game ending removes its own copy only, never the first window's save.
        as_window(2)
        two.saver.clear()
        assert path.exists() and not kept.exists()
    finally:
        as_window(1)
        first.close()
        as_window(2)
        second.close()
        saves._WRITTEN_HERE = real


def test_a_game_reopened_while_its_last_save_is_still_written_is_not_another_windows(user_home, monkeypatch):
    """A slow disk: the scene left gave up waiting for its save, and the same window opens the game
    again at once. That save is this window's: the new game writes over it, with no notice."""
    import time

    from arcade.services.autosave import BackgroundSaver

    real_write = saves.atomic_write_text

    def slow_write(path, text):
        time.sleep(0.3)
        real_write(path, text)

    monkeypatch.setattr(saves, "atomic_write_text", slow_write)
    left = BackgroundSaver("hashi", title="Hashi")
    left.submit({"version": 1, "game": "hashi", "moves": ["old"]}, "")
    left.flush(0.01)  # gave up: the write is still under way
    reopened = BackgroundSaver("hashi", title="Hashi")
    reopened.submit({"version": 1, "game": "hashi", "moves": ["new"]}, "")
    reopened.flush()
    assert reopened.take_notice() == ""
    assert saves.read_autosave("hashi").data["moves"] == ["new"]
    assert not saves.autosave_path("hashi").with_name("hashi.json.other-window").exists()
