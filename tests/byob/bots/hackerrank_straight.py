"""A HackerRank-protocol Tron bot for the tests: the first free direction of UP, RIGHT, DOWN, LEFT."""

import sys

letter = sys.stdin.readline().strip()
rr, rc, gr, gc = map(int, sys.stdin.readline().split())
rows = [line.rstrip("\n") for line in sys.stdin]
row, col = (rr, rc) if letter == "r" else (gr, gc)
print(f"{letter} at {row} {col}", file=sys.stderr)
for word, (dr, dc) in (("UP", (-1, 0)), ("RIGHT", (0, 1)), ("DOWN", (1, 0)), ("LEFT", (0, -1))):
    r, c = row + dr, col + dc
    if 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] == "-":
        print(word)
        break
else:
    print("UP")
