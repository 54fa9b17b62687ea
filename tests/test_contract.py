"""Contract tests every registered game must pass (and the toy game, which proves the tests can fail).

For each game: bundled levels parse and round-trip through the game's own format; random
legal move sequences survive encode/decode, undo and a Session save/load; garbage moves
and garbage level files raise the framework's error types and nothing else; the pure
modules import without pygame; the scene opens headless, draws and pauses.
"""

from __future__ import annotations

import importlib.util
import io
import os
import pkgutil
import random
import subprocess
import sys

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arcade.core.errors import FormatError, IllegalMove, UsageError
from arcade.core.game import Rules
from arcade.core.inputs import MAX_INPUT_BYTES
from arcade.core.registry import GameInfo, Launch
from arcade.core.session import Session
from arcade.games import REGISTRY
from arcade.services import resources
from arcade.services.resources import level_files, read_level
from tests import toygame

GAMES: list[GameInfo] = [*REGISTRY, toygame.INFO]
IDS = [g.name for g in GAMES]
#: The one part of a game that may import pygame: its front end.
VIEW_PACKAGE = "view"


def pure_modules(package: str) -> list[str]:
    """Every module of a game's package but its view package, found on disk (nothing is imported).

    A list of names to check ("logic", "solver", ...) left out every module added since: 29 of
    the four games' 54, Tron's whole bot among them, were never checked.
    """
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations is not None, package
    found = [package]
    for info in pkgutil.iter_modules(spec.submodule_search_locations, f"{package}."):
        if info.name.rsplit(".", 1)[1] == VIEW_PACKAGE:
            continue
        found.extend(pure_modules(info.name) if info.ispkg else [info.name])
    return found


def samples(info: GameInfo) -> list[tuple[str, object]]:
    """(id, level) for every bundled level of a game (the toy game has one built in)."""
    rules = info.load_rules()
    if info is toygame.INFO:
        return [("plus", rules.parse_level(toygame.DEFAULT_LEVEL))]
    return [(str(p.name), rules.load_level_file(p)) for p in level_files(info.name, rules.level_pattern)]


def random_walk(rules: Rules, state, rng: random.Random, length: int) -> list[str]:
    moves = []
    for _ in range(length):
        legal = list(rules.legal_moves(state))
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(rules.encode_move(move))
        state = rules.apply(state, move)
    return moves


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_registry_entry_is_complete(info):
    assert info.name and info.title
    assert info.description and "\n" not in info.description and len(info.description) <= 90
    assert info.keys, "the pause overlay needs the game's keys"
    rules = info.load_rules()
    assert rules.name == info.name and rules.kind in ("puzzle", "tick")
    for verb, command in info.load_commands().items():
        assert command.help, verb


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_bundled_levels_parse_and_round_trip(info):
    rules = info.load_rules()
    levels = samples(info)
    assert levels, f"{info.name} bundles no levels"
    for level_id, level in levels:
        text = rules.format_level(level)
        assert rules.parse_level(text, level_id) == level, level_id
        assert rules.state_text(rules.initial_state(level)), level_id


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_random_moves_survive_text_undo_and_save_load(info):
    rules = info.load_rules()
    rng = random.Random(f"contract:{info.name}")
    levels = samples(info)
    for level_id, level in rng.sample(levels, min(4, len(levels))):
        session = Session(rules, level, level_id=level_id)
        states = [session.state]
        for text in random_walk(rules, session.state, rng, 25):
            move = rules.decode_move(text)
            assert rules.encode_move(move) == text
            assert rules.decode_move(rules.encode_move(move)) == move
            session.play(text)
            states.append(session.state)
        restored = Session.from_json(rules, session.to_json())
        assert restored.state == session.state and restored.moves == session.moves
        for expected in reversed(states[:-1]):
            assert session.undo()
            assert session.state == expected
        assert not session.undo()


GARBAGE_MOVES = ["", " ", "zzz", "\x00", "999 999 999 999", "-1", "set", "N N N N N N", "🙂", "1,2,3,4,5,6,7"]


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_garbage_moves_raise_illegal_move(info):
    rules = info.load_rules()
    _, level = samples(info)[0]
    state = rules.initial_state(level)
    for text in GARBAGE_MOVES:
        try:
            rules.play(state, text)
        except IllegalMove as exc:
            assert str(exc), f"{text!r} refused without a reason"


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_garbage_levels_raise_format_error_only(info, data):
    rules = info.load_rules()
    _, level = samples(info)[0]
    real = rules.format_level(level)
    lines = real.splitlines() or [""]
    kind = data.draw(st.sampled_from(["text", "mutate", "truncate"]))
    if kind == "text":
        text = data.draw(st.text(alphabet=st.sampled_from([*" .#0123456789xo\n\r\t:-abcSDLR", "é"]),
                                 max_size=300))
    elif kind == "truncate":
        text = "\n".join(lines[: data.draw(st.integers(0, len(lines)))])
    else:
        index = data.draw(st.integers(0, len(lines) - 1))
        junk = data.draw(st.text(max_size=12))
        lines = list(lines)
        lines[index] = lines[index][: len(lines[index]) // 2] + junk
        text = "\n".join(lines)
    try:
        parsed = rules.parse_level(text, "fuzz.txt")
    except FormatError as exc:
        assert str(exc).startswith("fuzz.txt"), str(exc)
        assert "\n" not in str(exc)
    else:
        assert rules.parse_level(rules.format_level(parsed), "again") == parsed


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_level_argument_is_read_the_same_way_by_every_game(info, tmp_path, monkeypatch):
    """A FILE, ``-`` or a bundled id on the command line is read by ``read_level``, whatever the game.

    Each game read its level arguments with its own copy of these checks; Hashi's ``solve``
    named a missing level in other words, as another kind of error, than its ``export``.
    Whatever is wrong is one line and exit 2 (UsageError or FormatError: never an OutputError,
    an OSError or a crash), said in the same words by every game.
    """
    rules = info.load_rules()
    if not level_files(info.name, rules.level_pattern):  # the toy bundles none: give it a folder of its own
        bundled = tmp_path / "bundled"
        (bundled / info.name / "easy").mkdir(parents=True)
        (bundled / info.name / "easy" / "first.txt").write_text(rules.format_level(samples(info)[0][1]))
        monkeypatch.setattr(resources, "levels_dir", lambda game=None: bundled / game if game else bundled)
    nonutf8 = tmp_path / "nonutf8.txt"
    nonutf8.write_bytes(b"\xff\xfe garbage\n")
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_INPUT_BYTES + 1)  # sparse: no 8 MB written
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)  # opened, it would block for ever: refused before
    missing = tmp_path / "missing.txt"
    bad = {missing: f"no level file or bundled level '{missing}' for {info.name}",
           tmp_path: "a directory, not a regular file", nonutf8: "not a UTF-8 text file (byte 0xff at offset 0)",
           huge: f"the limit is {MAX_INPUT_BYTES}", fifo: "a FIFO (named pipe), not a regular file",
           "-": f"no level file or bundled level '-' for {info.name}"}  # stdin only where the caller takes it
    for ref, needle in bad.items():
        with pytest.raises((UsageError, FormatError)) as caught:
            read_level(rules, str(ref))
        message = str(caught.value)
        assert needle in message and "\n" not in message, (ref, message)
    path = level_files(info.name, rules.level_pattern)[0]
    level_id = str(path.relative_to(resources.levels_dir(info.name)).with_suffix(""))
    expected = rules.load_level_file(path)
    for ref in (level_id, path.stem, str(path)):
        assert read_level(rules, ref) == (expected, path), ref
    monkeypatch.setattr("sys.stdin", io.StringIO(rules.format_level(expected)))
    assert read_level(rules, "-", stdin=True) == (expected, None)


@pytest.mark.parametrize("info", [g for g in GAMES if g is not toygame.INFO], ids=lambda g: g.name)
def test_pure_modules_import_without_pygame(info):
    package = info.rules.split(":")[0].rsplit(".", 1)[0]
    modules = pure_modules(package)
    assert f"{package}.logic" in modules and not any(f".{VIEW_PACKAGE}" in m for m in modules), modules
    code = "import sys\n" + "".join(f"import {m}\n" for m in modules) + (
        "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"{modules} pulled in {result.stdout.strip()}"


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_scene_opens_draws_and_pauses(info, app, driver, toy_registered):
    scene = app.launch(info.name, Launch())
    assert scene is not None, f"{info.name} scene did not open"
    driver.frames(3)
    blank = pygame.Surface(app.screen.get_size())
    blank.fill(app.theme["background"])
    assert pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(blank, "RGB")
    driver.key(pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseScene"
    assert app.stack.top.keys
