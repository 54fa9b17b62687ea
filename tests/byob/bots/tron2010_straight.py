"""A 2010-protocol Tron bot for the tests: keep going straight, turn to the first free side when blocked.

``--flood`` also writes a megabyte to stderr before every answer (the output bound's test);
``--crash-after N`` answers N times, then dies with a traceback (a program failing mid-round);
``--twice`` prints every answer twice (a line too many each turn);
``--slow-start S`` sleeps S seconds before its first answer (a start-up inside the first answer's limit);
``--ignore-eof`` stays when its input ends (it must be stopped, not waited for).
"""

import sys
import time

STEPS = {1: (0, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 0)}
flood = "--flood" in sys.argv
twice = "--twice" in sys.argv
crash_after = int(sys.argv[sys.argv.index("--crash-after") + 1]) if "--crash-after" in sys.argv else None
slow_start = float(sys.argv[sys.argv.index("--slow-start") + 1]) if "--slow-start" in sys.argv else 0.0
answers = 0
heading = None
while True:
    line = sys.stdin.readline()
    if not line:
        if "--ignore-eof" in sys.argv:
            time.sleep(60)
        break
    if not line.strip():
        continue
    width, height = map(int, line.split())
    rows = [sys.stdin.readline().rstrip("\n").ljust(width) for _ in range(height)]
    me = next((x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "1")

    def free(d, me=me, rows=rows, width=width, height=height):
        x, y = me[0] + STEPS[d][0], me[1] + STEPS[d][1]
        return 0 <= x < width and 0 <= y < height and rows[y][x] == " "

    if heading is None or not free(heading):
        heading = next((d for d in (1, 2, 3, 4) if free(d)), 1)
    if crash_after is not None and answers == crash_after:
        raise RuntimeError(f"crashed after {answers} answers")
    if answers == 0 and slow_start:
        time.sleep(slow_start)
    answers += 1
    if flood:
        sys.stderr.write("x" * 1_000_000 + "\n")
    sys.stderr.write(f"heading {heading}\n")
    sys.stderr.flush()
    # --twice: both lines in one write, as print(d); print(d) buffered on a pipe then flushed.
    sys.stdout.write(f"{heading}\n{heading}\n" if twice else f"{heading}\n")
    sys.stdout.flush()
