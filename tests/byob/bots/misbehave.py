"""A bot that reads its first line and then misbehaves, for the tests: ``misbehave.py MODE``.

sleep: never answers · crash: a traceback and exit status 1 · garbage: prints nonsense ·
blurt: prints nonsense and quits without reading the rest of its input ·
overlong: an endless answer line · padded WORD: WORD, 6000 spaces and a line end ·
spawn: starts a grandchild that sleeps, then sleeps itself
(the process-group kill's test).
"""

import subprocess
import sys
import time

mode = sys.argv[1]
sys.stdin.readline()
if mode == "sleep":
    time.sleep(60)
elif mode == "crash":
    print("about to divide", file=sys.stderr, flush=True)
    # Its own words: the interpreter's changed in 3.14 ("division by zero")
    raise ZeroDivisionError("integer division or modulo by zero")
elif mode == "garbage":
    print("hello there", flush=True)
    time.sleep(60)
elif mode == "blurt":
    print("hello there", flush=True)
elif mode == "overlong":
    sys.stdout.write("1" * 100_000)
    sys.stdout.flush()
    time.sleep(60)
elif mode == "padded":
    sys.stdout.write(sys.argv[2] + " " * 6000 + "\n")
    sys.stdout.flush()
    time.sleep(60)
elif mode == "spawn":
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)  # byob-grandchild"])
    time.sleep(60)
