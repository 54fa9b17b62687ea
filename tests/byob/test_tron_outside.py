"""Outside Tron programs: the 2010 and HackerRank protocols against tiny bots and the seed's own program."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from arcade.core.errors import UsageError
from arcade.games.tron import maps
from arcade.games.tron.ai import StraightBot, make_bot
from arcade.games.tron.logic import RULES, parse_map
from arcade.games.tron.match import RoundTask, play_round, play_task
from arcade.games.tron.outside import HackerRankPlayer, Tron2010Player, behind_note, hackerrank_text
from arcade.games.tron.players import BuiltinPlayer, make_player, parse_spec
from arcade.services.program_limits import Limits
from tests.byob.helpers import bot, waited_as_n

SMALL = parse_map("8 6\n########\n#1     #\n#      #\n#      #\n#     2#\n########\n")
BOXED = parse_map("15 15\n###############\n#1#           #\n###           #\n"
                  + "#             #\n" * 10 + "#            2#\n###############\n")
QUICK = Limits(5000.0)  # generous: these tests check behaviour, not speed


def program(spec: str, limits: Limits = QUICK) -> Tron2010Player | HackerRankPlayer:
    parsed = parse_spec(spec)
    return Tron2010Player(parsed, limits) if parsed.protocol == "2010" else HackerRankPlayer(parsed, limits)


def test_a_2010_program_plays_a_whole_round_with_stderr_per_move():
    with program(f"2010:{bot('tron2010_straight.py')}") as outside:
        record = play_round(SMALL, (outside, make_bot("flood-fill")), 20)
    assert record.outcome.result in ("win", "draw") and record.failures == ("", "")
    assert record.moves and all(len(m.split()) == 2 for m in record.moves)
    # North of the top-left start is a wall, so the straight bot's first answer is east (2).
    assert record.moves[0].split()[0] == "E"
    assert record.stderr[0][0] == ("heading 2",) and len(record.stderr[0]) == len(record.times[0])
    assert record.stderr[1][0] == ()  # our bot writes no stderr


def test_hackerrank_input_is_letter_positions_then_rows():
    state = RULES.apply(RULES.initial_state(SMALL), ("E", "W"))
    text = hackerrank_text(state, 1).splitlines()
    assert text[0] == "g"
    assert text[1] == "1 2 4 5"  # r_row r_col g_row g_col
    assert text[2:] == ["########", "#rr----#", "#------#", "#------#", "#----gg#", "########"]
    assert hackerrank_text(state, 0).splitlines()[0] == "r"


def test_the_seeds_hackerrank_program_runs_unmodified_and_moves_like_its_description():
    """The seed's program (verbatim) plays the moves of our straight bot, which implements its rule."""
    level = maps.load("hackerrank-tron")[1]
    with program(f"hackerrank:{bot('seed_hackerrank.py')}") as seed_bot:
        record = play_round(level, (seed_bot, make_bot("flood-fill")), 20, max_ticks=5)
    reference = play_round(level, (BuiltinPlayer(StraightBot()), make_bot("flood-fill")), 20, max_ticks=5)
    assert record.failures == ("", "")
    assert record.moves == reference.moves


def test_the_seeds_program_printing_none_when_boxed_in_loses_with_that_reason():
    with program(f"hackerrank:{bot('seed_hackerrank.py')}") as seed_bot:
        record = play_round(BOXED, (seed_bot, make_bot("flood-fill")), 20)
    assert record.outcome.winner == 1 and record.moves == []
    assert record.failures[0] == "answered 'None' (expected LEFT, RIGHT, UP or DOWN)"
    assert "lost on tick 1: answered 'None'" in record.outcome.reason


def test_a_hackerrank_straight_bot_plays_one_process_per_move():
    with program(f"hackerrank:{bot('hackerrank_straight.py')}") as outside:
        record = play_round(SMALL, (make_bot("flood-fill"), outside), 20, max_ticks=4)
    assert record.failures == ("", "")
    assert [m.split()[1] for m in record.moves][:1] == ["N"]  # UP is free at the start
    assert record.stderr[1][0] == ("g at 4 6",)


@pytest.mark.parametrize(("mode", "reason"), [
    ("sleep", "timed out: no answer within 300 ms (waited N ms more)"),
    ("crash", "exited with status 1 without answering: ZeroDivisionError: integer division or modulo by zero"),
    ("garbage", "answered 'hello there' (expected 1, 2, 3 or 4)"
                "; stdout is for answers only: print debug text to stderr"),
])
def test_a_misbehaving_2010_program_loses_the_round_with_one_line(mode, reason):
    limits = Limits(300.0) if mode == "sleep" else QUICK  # a crash must not be mistaken for a timeout
    with program(f"2010:{bot('misbehave.py', mode)}", limits) as outside:
        record = play_round(SMALL, (make_bot("flood-fill"), outside), 20)
    assert record.outcome.winner == 0 and tuple(map(waited_as_n, record.failures)) == ("", reason)
    assert waited_as_n(record.outcome.reason) == f"Cycle 2 ({outside.name}) lost on tick 1: {reason}."


def test_a_2010_program_missing_its_first_answer_is_told_it_was_the_first_answer_and_its_limit():
    """A program silent past the first answer's longer limit read "no answer within 300 ms": its
    author took the per-move limit for the problem, when it was the start-up that was slow."""
    with program(f"2010:{bot('misbehave.py', 'sleep')}", Limits(100.0, 300.0)) as outside:
        record = play_round(SMALL, (make_bot("flood-fill"), outside), 20)
    assert tuple(map(waited_as_n, record.failures)) == (
        "", "timed out: gave no first answer within 300 ms (start-up included; waited N ms more)")


def test_a_programs_slow_first_answer_within_its_own_limit_is_not_counted_over_the_budget():
    """The table's "over" column (and ``--out``'s ``moves_over``) counted a 2010 program's first answer
    against ``--ms``, though that answer has the longer first-answer limit (start-up included): every
    program showed a move over the budget. Now it is over only past its own limit."""
    from arcade.games.tron.match import Tournament, format_table
    from arcade.games.tron.replay import results_dict

    spec = f"slow=2010:{bot('tron2010_straight.py', '--slow-start', '1.2')}"
    with program(spec, Limits(1000.0, 3000.0)) as outside:
        record = play_round(SMALL, (outside, make_bot("flood-fill")), 1000, max_ticks=3)
    assert record.failures == ("", "") and record.times[0][0] > 1.0  # the first answer took its start-up
    assert record.first_limits_ms == (3000.0, None)
    tournament = Tournament(["slow", "flood-fill"], [("small", SMALL)], budget_ms=1000, records=[record])
    assert tournament.moves_over() == {"slow": 0, "flood-fill": 0}
    lines = format_table(tournament).splitlines()
    header = next(line for line in lines if line.startswith("bot "))
    row = next(line for line in lines[lines.index(header):] if line.startswith("slow "))
    assert header.split()[-3] == "over" and row.split()[-2] == "0", row  # before "max cpu"
    assert results_dict(tournament)["moves_over"] == {"slow": 0, "flood-fill": 0}
    # Past its own limit it is over, as a later answer past the budget is.
    late = replace(record, first_limits_ms=(1100.0, None))
    tournament.records = [late]
    assert tournament.moves_over()["slow"] == 1


def test_a_2010_program_answering_twice_a_board_is_told_its_answers_run_behind():
    """Its second line is read as the next board's answer (as in the contest), so every later move was
    a tick stale and it crashed with no word why; its console now says so, once."""
    with program(f"2010:{bot('tron2010_straight.py', '--twice')}") as outside:
        record = play_round(SMALL, (make_bot("flood-fill"), outside), 20)
    notes = [(tick, line) for tick, lines in enumerate(record.stderr[1]) for line in lines
             if line.startswith("[arcade]")]
    assert len(notes) == 1, record.stderr[1]
    assert notes == [(0, behind_note(2))]  # seen as the first answer is read: the second is behind


def test_a_misbehaving_hackerrank_program_loses_too():
    with program(f"hackerrank:{bot('misbehave.py', 'garbage')}") as outside:
        record = play_round(SMALL, (outside, make_bot("flood-fill")), 20)
    assert record.failures[0] == ("answered 'hello there' (expected LEFT, RIGHT, UP or DOWN)"
                                  "; stdout is for answers only: print debug text to stderr")


@pytest.mark.parametrize(("protocol", "word"), [("2010", "1"), ("hackerrank", "UP")])
def test_an_answer_padded_past_the_line_limit_loses(protocol, word):
    """A valid move followed by 6000 spaces was taken as the move."""
    with program(f"{protocol}:{bot('misbehave.py', 'padded', word)}", Limits(300.0, 5000.0)) as outside:
        record = play_round(SMALL, (outside, make_bot("flood-fill")), 20)
    assert record.failures[0] == "printed a line longer than 4096 bytes"


def test_a_stderr_flood_does_not_stop_the_game_and_is_kept_bounded():
    with program(f"2010:{bot('tron2010_straight.py', '--flood')}") as outside:
        record = play_round(SMALL, (outside, make_bot("flood-fill")), 20)
    assert record.failures == ("", "")
    kept = sum(len(line) for lines in record.stderr[0] for line in lines)
    assert kept < 300_000 < len(record.moves) * 1_000_000


def test_both_programs_failing_on_the_same_tick_is_a_draw():
    with program(f"2010:{bot('misbehave.py', 'garbage')}") as a, program(f"2010:{bot('misbehave.py', 'crash')}") as b:
        record = play_round(SMALL, (a, b), 20)
    assert record.outcome.result == "draw" and all(record.failures)


def test_specs_make_the_right_players():
    assert isinstance(make_player("ff"), BuiltinPlayer)
    assert isinstance(make_player("2010:./x"), Tron2010Player)
    assert make_player("hackerrank:./x", limit_ms=250).limits.for_answer(3) == 250
    with pytest.raises(UsageError, match="unknown tron bot protocol 'codingame'"):
        parse_spec("codingame:./x")


def test_a_round_task_with_programs_names_seats_by_label():
    task = RoundTask(3, "small", SMALL, "mine", "flood-fill", 0, (1, 2), 20,
                     specs=(f"mine=2010:{bot('tron2010_straight.py')}", "flood-fill"), limit_ms=10_000)
    record = play_task(task)
    assert record.bots == ("mine", "flood-fill") and record.index == 3 and record.moves


def _script(tmp_path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def test_a_hackerrank_program_that_answers_without_reading_its_input_makes_its_move(tmp_path, monkeypatch):
    """``echo UP`` and exit is a valid HackerRank move, but when the program had exited before the board
    was written (a broken pipe), the move was lost as "exited (stopped reading its input)": at random
    ticks. The send is made to come after the exit every time, so the test does not depend on luck."""
    from arcade.services.programs import Program

    original = Program.send

    def send_after_exit(self, text, deadline):
        self.process.wait(timeout=5)  # the pipe's reader is gone: the write breaks, every time
        return original(self, text, deadline)

    monkeypatch.setattr(Program, "send", send_after_exit)
    state = RULES.initial_state(SMALL)
    with program(f"hackerrank:{_script(tmp_path, 'up.sh', 'echo UP')}") as blurt:
        answers = [blurt.answer(state, 0, 20) for _ in range(5)]
    assert [(a.direction, a.failure) for a in answers] == [("N", "")] * 5
    with program(f"hackerrank:{_script(tmp_path, 'mute.sh', 'exit 0')}") as mute:
        answer = mute.answer(state, 0, 20)
    assert answer.direction is None and answer.failure == "exited without answering"


@pytest.mark.parametrize(("protocol", "code", "word"), [
    ("2010", "import sys\nwhile True:\n    w, h = map(int, input().split())\n    rows = [input() for _ in range(h)]\n"
             "    print(2, file=sys.stderr, flush=True)\n", "2"),
    ("hackerrank", "import sys\nsys.stdin.read()\nprint('RIGHT', file=sys.stderr)\n", "RIGHT"),
])
def test_an_answer_written_on_stderr_is_said_to_belong_on_stdout(tmp_path, protocol, code, word):
    """A bot printing its move to stderr was told "it reads more lines than each turn sends (count the
    lines the protocol gives)" (2010: it waited for the next board) or "exited without answering: RIGHT"."""
    (tmp_path / "bot.py").write_text(code)
    with program(f"{protocol}:{sys.executable} {tmp_path / 'bot.py'}", Limits(300.0, 3000.0)) as outside:
        record = play_round(SMALL, (make_bot("flood-fill"), outside), 20)
    assert record.failures[1].endswith(f"; it wrote '{word}' on stderr, not stdout: answers go to stdout"
                                       " (print(answer), not print(answer, file=sys.stderr))"), record.failures
    assert "reads more lines" not in record.failures[1]
