"""Pages of a long text (ui): a text too long for its room split into pages of a few lines each.

The status line and a toast in it show a long text a page at a time ("1/2 ▸"). Cut greedily --
every page full but the last -- the last page was often a lone word: at 640x400 a Hashi hint
paged as "… (Hint again to play" / "it)". :func:`balanced_pages` takes as many pages as the
greedy cut, but fills them evenly, and never breaks a parenthesised aside that fits a page whole.
It knows no font: the caller's ``wrap`` says how a text breaks into lines.
"""

from __future__ import annotations

from collections.abc import Callable

#: Splits a text into the lines it is drawn as (each fits the room).
Wrap = Callable[[str], list[str]]


def _units(words: list[str], fits: Callable[[list[str]], bool]) -> list[list[str]]:
    """``words`` in groups a page never breaks: a parenthesised aside ("(Hint again to play it)"),
    and a number with the word before it ("column 5"), each kept whole when it ``fits`` a page."""
    units: list[list[str]] = []
    i = 0
    while i < len(words):
        word = words[i]
        end = i
        if word.startswith("(") and not word.endswith(")"):
            end = next((j for j in range(i + 1, len(words)) if words[j].endswith(")")), i)
        group = words[i:end + 1]
        if len(group) > 1 and not fits(group):
            group = [word]
        if units and word[:1].isdigit() and len(group) == 1 and fits([*units[-1], word]):
            units[-1] = [*units[-1], word]
        else:
            units.append(group)
        i += len(group)
    return units


def balanced_pages(text: str, wrap: Wrap, per_page: int) -> list[list[str]]:
    """``text`` as pages of at most ``per_page`` lines each (``wrap`` breaks a text into lines): as
    few pages as cutting the lines greedily takes, but as even as they can be -- no page a lone
    word while the others are full -- and broken only between words, never inside an aside that
    fits a page. Joined, the pages give back the text's words in order. A word too long for a page
    on its own (a path) leaves the greedy cut."""
    lines = wrap(text)
    greedy = [lines[i:i + per_page] for i in range(0, len(lines), per_page)] or [[]]
    if len(greedy) < 2:
        return greedy
    words = text.split(" ")

    def fits(group: list[str]) -> bool:
        return len(wrap(" ".join(group))) <= per_page

    if not all(fits([word]) for word in words):
        return greedy
    # Asides kept whole if the pages allow; else broken between any words.
    for units in (_units(words, fits), [[word] for word in words]):
        pages = _even(units, fits, len(greedy))
        if pages is not None:
            return [wrap(" ".join(w for unit in page for w in unit)) for page in pages]
    return greedy


def _even(units: list[list[str]], fits: Callable[[list[str]], bool], count: int) -> list[list[list[str]]] | None:
    """``units`` in as few pages as they take, at most ``count``, each one that ``fits``, as even as
    they can be: the smallest page as large as it can be (in characters), then the pages' sizes as
    close as they can be (least sum of squares). None: they take more pages.

    Which units a page ending at unit ``i`` may start from is a run (fewer words never take more
    lines), found with one pass of two pointers; the split itself is then counted, not wrapped."""
    n = len(units)
    sizes = [len(" ".join(unit)) + 1 for unit in units]
    starts = [0] * (n + 1)
    for i in range(1, n + 1):
        start = starts[i - 1]
        while not fits([w for unit in units[start:i] for w in unit]):
            start += 1
        starts[i] = start
    total = [0]
    for size in sizes:
        total.append(total[-1] + size)
    # best[k][i]: the best split of the first i units into k pages, and where its last page starts.
    best: list[list[tuple[tuple[int, int], int] | None]] = [[None] * (n + 1) for _ in range(count + 1)]
    best[0][0] = ((1 << 30, 0), 0)
    for k in range(1, count + 1):
        for i in range(1, n + 1):
            found: tuple[tuple[int, int], int] | None = None  # ((smallest page, -sum of squares), start)
            for j in range(starts[i], i):
                before = best[k - 1][j]
                if before is None:
                    continue
                page = total[i] - total[j]
                score = (min(before[0][0], page), before[0][1] - page * page)
                if found is None or score > found[0]:
                    found = (score, j)
            best[k][i] = found
    # As few pages as they take (a split of pages differs a little from cutting the lines).
    k = next((k for k in range(1, count + 1) if best[k][n] is not None), 0)
    if not k:
        return None
    pages: list[list[list[str]]] = []
    i = n
    while k:
        entry = best[k][i]
        assert entry is not None
        pages.append(units[entry[1]:i])
        i, k = entry[1], k - 1
    return pages[::-1]
