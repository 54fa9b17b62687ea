"""Outside-program tests: no process may outlive its test."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from arcade.services.programs import close_all, live_programs
from tests.byob.helpers import leftovers, processes


@pytest.fixture(autouse=True)
def no_leftoverprocesses():
    """After each test: no program left open, no bot process anywhere, no child (or zombie) of ours."""
    if not Path("/proc/self/stat").exists():
        yield
        return
    before = {pid for pid, *_ in processes()}
    yield
    still_open = live_programs()
    close_all()
    assert not still_open, f"programs left open: {[p.argv for p in still_open]}"
    found = leftovers(before)
    end = time.monotonic() + 5  # pool workers and cluster processes take a moment to exit
    while found and time.monotonic() < end:
        time.sleep(0.05)
        found = leftovers(before)
    assert not found, f"processes left behind: {found}"
