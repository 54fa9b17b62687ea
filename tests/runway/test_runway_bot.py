"""Runway bot: the CodinGame protocol in process and through a real pipe, robust input, replanning."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest

from arcade.core.errors import FormatError
from arcade.games.runway.ai import exact_plan
from arcade.games.runway.bot import Bot, run_bot
from arcade.games.runway.logic import RULES, Command, Level, State
from arcade.services.resources import levels_dir


def load(name: str) -> Level:
    return RULES.load_level_file(levels_dir("runway") / f"{name}.txt")


def header(level: Level) -> list[str]:
    return [str(len(level.bikes)), str(level.need), *level.lanes]


class Referee:
    """The puzzle's side of the pipe, in process: serves lines and applies the bot's answers.

    ``tamper(state, command)`` may change the command the referee really applies (a referee
    whose rules differ from the bot's); ``newline`` and ``pad`` dress every line.
    """

    def __init__(self, level: Level, *, tamper: Callable[[State, Command], Command] | None = None,
                 newline: str = "\n", pad: str = "", stop_after: int | None = None) -> None:
        self.state = RULES.initial_state(level)
        self.tamper = tamper
        self.newline, self.pad = newline, pad
        self.stop_after = stop_after
        self.answers: list[str] = []
        self.written = ""
        self.pending = header(level) + RULES.protocol_lines(self.state)

    # the bot's stdout
    def write(self, text: str) -> int:
        self.written += text
        return len(text)

    def flush(self) -> None:
        pass

    # the bot's stdin
    def readline(self, size: int = -1) -> str:
        if not self.pending:
            answer, self.written = self.written, ""
            assert answer.endswith("\n") and answer.count("\n") == 1, repr(answer)
            self.answers.append(answer.strip())
            if RULES.outcome(self.state) is not None:
                return ""
            command = RULES.decode_move(answer)
            if self.tamper is not None:
                command = self.tamper(self.state, command)
            self.state = RULES.apply(self.state, command)
            if RULES.outcome(self.state) is not None:
                return ""
            if self.stop_after is not None and len(self.answers) >= self.stop_after:
                return ""
            self.pending = RULES.protocol_lines(self.state)
        return self.pending.pop(0) + self.pad + self.newline


@pytest.mark.parametrize(("name", "saved"), [("08_diagonal_columns_of_holes_4_hole_row_mandatory_sacrifice", 4),
                                             ("11_mandatory_sacrifices", 2), ("12_well_worn_road", 1)])
def test_bot_wins_with_the_most_bikes_over_the_protocol(name, saved):
    referee = Referee(load(name))
    bot = run_bot(referee, referee)
    outcome = RULES.outcome(referee.state)
    assert outcome is not None and outcome.is_win and len(referee.state.active) == saved
    assert bot is not None and bot.turn == len(referee.answers) == referee.state.turn
    assert bot.plans == 1 and bot.notes[1:] == ["following the plan"] * (bot.turn - 1)


def test_bot_reads_crlf_trailing_spaces_and_blank_lines():
    referee = Referee(load("06_scattered_pits"), newline="\r\n\r\n", pad="  \t")
    run_bot(referee, referee)
    assert RULES.outcome(referee.state).is_win


def test_bot_ends_quietly_when_the_input_stops_mid_game():
    referee = Referee(load("12_well_worn_road"), stop_after=3)
    bot = run_bot(referee, referee)
    assert bot is not None and bot.turn == 3
    assert referee.written == ""


def test_bot_ends_quietly_in_the_middle_of_a_turn_block():
    lines = [*header(load("00_statement_example")), "1", "0 1 1"]
    from io import StringIO

    out = StringIO()
    bot = run_bot(StringIO("\n".join(lines)), out)
    assert bot is not None and bot.turn == 0
    assert out.getvalue() == ""
    assert run_bot(StringIO(""), out) is None


def test_bot_replans_when_the_referee_disagrees_with_its_prediction():
    level = load("11_mandatory_sacrifices")
    first = []

    def slow_start(state: State, command: Command) -> Command:
        # This referee ignores the first command and plays WAIT instead.
        first.append(command)
        return Command.WAIT if len(first) == 1 else command

    referee = Referee(level, tamper=slow_start)
    bot = run_bot(referee, referee)
    assert bot is not None and bot.plans == 2
    assert bot.notes[0].startswith("first turn") and bot.notes[1].startswith("referee at")
    assert bot.notes[2:] == ["following the plan"] * (bot.turn - 2)
    # From where the referee really put the bikes, the bot still saves as many as can be saved.
    best = exact_plan(RULES.apply(RULES.initial_state(level), Command.WAIT)).survivors
    assert RULES.outcome(referee.state).is_win and len(referee.state.active) == best


def test_bot_follows_its_plan_without_planning_again():
    level = load("12_well_worn_road")
    bot = Bot(level.lanes, len(level.bikes), level.need)
    state = RULES.initial_state(level)
    while RULES.outcome(state) is None:
        state = RULES.apply(state, bot.answer(state.speed, state.bikes))
    assert bot.plans == 1 and RULES.outcome(state).is_win


def test_classic_bot_plays_too():
    referee = Referee(load("04_chained_jumps_of_equal_length"))
    from arcade.games.runway import bot as bot_module

    bot_module.run_bot(referee, referee, ai="classic")
    assert RULES.outcome(referee.state).is_win


ONE_CELL = "1\n1\n.\n.\n.\n.\n"


@pytest.mark.parametrize(("text", "line"), [("5\n", 1), ("2\n1\n...\n..x\n", 4), (ONE_CELL + "fast\n", 7),
                                            (ONE_CELL + "1\n0 9 1\n", 8)])
def test_malformed_input_is_a_format_error_with_the_line(text, line):
    from io import StringIO

    with pytest.raises(FormatError) as info:
        run_bot(StringIO(text), StringIO())
    assert info.value.line == line


def test_the_bot_through_a_real_pipe():
    """``python -m arcade bot runway`` as CodinGame runs it: one line in, one command out."""
    level = load("11_mandatory_sacrifices")
    process = subprocess.Popen([sys.executable, "-m", "arcade", "bot", "runway"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    assert process.stdin is not None and process.stdout is not None
    state = RULES.initial_state(level)
    process.stdin.write("\r\n".join(header(level)) + "\r\n")
    try:
        while RULES.outcome(state) is None:
            process.stdin.write("\n".join(RULES.protocol_lines(state)) + "\n")
            process.stdin.flush()
            answer = process.stdout.readline()
            state = RULES.play(state, answer)
        process.stdin.close()
        rest = process.stdout.read()
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert rest == ""
    assert process.stderr is not None and process.stderr.read() == ""
    assert RULES.outcome(state).is_win and len(state.active) == 2


def test_the_pipe_reports_garbage_on_one_line_with_exit_status_2():
    result = subprocess.run([sys.executable, "-m", "arcade", "bot", "runway"], input="4\n9\n", text=True,
                            capture_output=True, timeout=30)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().endswith("<stdin>:2: V must be between 1 and M=4, got 9")
