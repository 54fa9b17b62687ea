"""A CodinGame-template Runway bot that plays SPEED and misbehaves on one later turn, for the tests:
``codingame_late.py MODE TURN``. debug: prints a debug line on stdout that turn · crash: an
IndexError that turn (a contestant's bug that only shows up mid-run)."""

import sys

mode, bad_turn = sys.argv[1], int(sys.argv[2])
m = int(input())
v = int(input())
lanes = [input() for _ in range(4)]
turn = 0
while True:
    speed = int(input())
    bikes = [input() for _ in range(m)]
    turn += 1
    print(f"turn {turn} speed {speed}", file=sys.stderr, flush=True)
    if turn == bad_turn:
        if mode == "debug":
            print("debug: speed is", speed)
        else:
            lanes[7]
    print("SPEED")
