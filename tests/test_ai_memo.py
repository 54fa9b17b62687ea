"""The framework's AI memo: a cut-short result stays cut short, a longer or complete search replaces
it, a complete one is never replaced, and a damaged file never stops the game."""

from __future__ import annotations

import json

from arcade.services.ai_memo import Remembered, ResultMemo


def memo(path, version: int = 1) -> ResultMemo[int]:
    def decode(data, context):
        return data if isinstance(data, int) and not isinstance(data, bool) and data >= 0 else None

    return ResultMemo("toy", version, encode=lambda v: v, decode=decode, path=path, persist_after=0.0)


class Search:
    """A stub search: answers ``value`` (complete or not) and counts the calls."""

    def __init__(self, value: int, exact: bool) -> None:
        self.value, self.exact, self.calls = value, exact, 0

    def __call__(self, deadline):
        self.calls += 1
        return self.value, self.exact


def test_a_cut_short_result_serves_a_search_no_longer_and_a_longer_one_replaces_it(tmp_path):
    m = memo(tmp_path / "m.json")
    first = Search(5, exact=False)
    assert m.solve("L", "p", None, first, budget=1.0) == Remembered(5, False, 1.0)
    again = Search(9, exact=False)
    assert m.solve("L", "p", None, again, budget=1.0).value == 5 and again.calls == 0
    longer = Search(7, exact=False)
    assert m.solve("L", "p", None, longer, budget=3.0) == Remembered(7, False, 3.0) and longer.calls == 1
    complete = Search(8, exact=True)
    found = m.solve("L", "p", None, complete, budget=None)
    assert found.value == 8 and found.exact and complete.calls == 1
    m.store("L", "p", Remembered(1, False, 99.0))  # a cut-short one never replaces a complete one
    assert m.peek("L", "p", None, budget=None).value == 8
    # The next run reads the file: the same answer, marked as it was.
    stored = memo(tmp_path / "m.json").peek("L", "p", None, budget=None)
    assert stored is not None and (stored.value, stored.exact) == (8, True)


def test_an_entry_of_another_version_or_that_does_not_hold_up_is_ignored(tmp_path):
    path = tmp_path / "m.json"
    memo(path).store("L", "p", Remembered(4, True, 1.0))
    assert memo(path, version=2).peek("L", "p", None) is None
    data = json.loads(path.read_text())
    data["entries"]["L|p"]["value"] = -3
    path.write_text(json.dumps(data))
    assert memo(path).peek("L", "p", None) is None


def test_a_damaged_file_is_dropped_with_one_line_and_written_anew(tmp_path, caplog):
    path = tmp_path / "m.json"
    path.write_text('{"version": 1, "entr')
    m = memo(path)
    assert m.peek("L", "p", None) is None
    assert m.solve("L", "p", None, Search(3, True), budget=None).value == 3
    notes = [r.getMessage() for r in caplog.records if "AI memo" in r.getMessage()]
    assert len(notes) == 1 and "dropped" in notes[0] and "\n" not in notes[0]
    assert memo(path).peek("L", "p", None).value == 3


def test_a_search_its_caller_stopped_is_not_remembered(tmp_path):
    m = memo(tmp_path / "m.json")
    m.solve("L", "p", None, Search(2, False), budget=5.0, should_stop=lambda: True)
    assert m.peek("L", "p", None, budget=1.0) is None


def test_a_memo_that_cannot_be_written_says_so_once(tmp_path, caplog):
    """A full disk or a folder in the file's place failed every store, each with its own log line."""
    path = tmp_path / "m.json"
    path.mkdir()
    m = memo(path)
    for n in range(3):
        assert m.solve("L", str(n), None, Search(n, True), budget=None).value == n
    notes = [r.getMessage() for r in caplog.records if "AI memo" in r.getMessage()]
    assert len(notes) == 1, notes
    assert m.peek("L", "2", None).value == 2  # this run still remembers


def test_a_complete_entry_another_run_stored_is_not_replaced_by_a_cut_short_one(tmp_path):
    path = tmp_path / "m.json"
    memo(path).store("L", "p", Remembered(8, True, 2.0))
    other = memo(path)  # another window, which never read the file's entry
    other.store("L", "p", Remembered(3, False, 1.0))
    found = memo(path).peek("L", "p", None, budget=None)
    assert found is not None and (found.value, found.exact) == (8, True)


def test_two_runs_storing_at_once_keep_each_others_entries(tmp_path):
    """Each read the file, added its entry and wrote it back: the later write dropped the other's."""
    import threading

    path = tmp_path / "m.json"
    first_read, second_done = threading.Event(), threading.Event()

    def slow_encode(value):  # called between the first store's read of the file and its write
        first_read.set()
        second_done.wait(0.5)  # the second store comes now (or waits for this one, if it must)
        return value

    first = ResultMemo("toy", 1, encode=slow_encode, decode=lambda d, c: d, path=path, persist_after=0.0)
    writer = threading.Thread(target=first.store, args=("L", "a", Remembered(1, True, 1.0)))
    writer.start()
    assert first_read.wait(5)
    memo(path).store("L", "b", Remembered(2, True, 1.0))
    second_done.set()
    writer.join()
    assert set(json.loads(path.read_text())["entries"]) == {"L|a", "L|b"}


def test_many_keys_asked_leave_no_search_lock_behind(tmp_path):
    # One lock per key asked was kept for the run's whole life: every hint's position left one.
    m = memo(tmp_path / "m.json")
    for n in range(500):
        m.solve("L", f"p{n}", None, Search(n, True), budget=None)
    m.solve("L", "given-up", None, Search(1, True), budget=None, should_stop=lambda: True)
    assert m._busy == {}


def _waiting_on(m: ResultMemo[int], key: str, callers: int) -> bool:
    """Whether ``callers`` callers hold or wait on ``key``'s search (polled, never timed)."""
    import time

    for _ in range(2000):
        busy = m._busy.get(key)
        if busy is not None and busy.users >= callers:
            return True
        time.sleep(0.005)
    return False


def test_callers_asking_one_key_at_once_search_it_once_and_leave_no_lock(tmp_path):
    import threading

    m = memo(tmp_path / "m.json")
    callers, answers, ready = 8, [], []

    def search(deadline):
        ready.append(_waiting_on(m, m.key("L", "p"), callers))  # every other caller waits on this search
        return 7, True

    counted = Search(0, True)

    def counting(deadline):
        counted.calls += 1
        return search(deadline)

    threads = [threading.Thread(target=lambda: answers.append(m.solve("L", "p", None, counting, budget=None)))
               for _ in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert ready == [True] and counted.calls == 1
    assert [a.value for a in answers] == [7] * callers
    assert m._busy == {}


def test_a_caller_that_stops_waiting_leaves_the_lock_to_the_one_searching(tmp_path):
    import threading

    m = memo(tmp_path / "m.json")
    started, finish = threading.Event(), threading.Event()

    def slow(deadline):
        started.set()
        finish.wait()
        return 3, True

    first = threading.Thread(target=m.solve, args=("L", "p", None, slow), kwargs={"budget": None})
    first.start()
    started.wait()
    assert m.solve("L", "p", None, Search(9, True), budget=None, should_stop=lambda: True) is None
    assert m._busy[m.key("L", "p")].users == 1  # the searcher's own count is untouched
    finish.set()
    first.join()
    assert m._busy == {} and m.peek("L", "p", None, budget=None).value == 3
