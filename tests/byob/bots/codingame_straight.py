"""A CodinGame-protocol Runway bot for the tests: SPEED once, then WAIT (straight ahead, no jumps)."""

import sys

bikes = int(input())
need = int(input())
lanes = [input() for _ in range(4)]
turn = 0
while True:
    try:
        speed = int(input())
    except EOFError:
        break
    for _ in range(bikes):
        input()
    print(f"turn {turn} speed {speed}", file=sys.stderr, flush=True)
    print("SPEED" if speed == 0 else "WAIT", flush=True)
    turn += 1
