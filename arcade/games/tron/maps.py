"""The map catalogue (game levels, pure): bundled maps by id and group, generated maps by seed.

Bundled maps live in ``levels/tron/<group>/<name>.txt`` (groups: ``official``, ``later``,
``hackerrank``); their id is the file name without ``.txt`` (``joust``) or, in full,
``official/joust``. ``random-<seed>`` names a generated map and ``scatter-<seed>`` one with
single walls strewn about (:func:`~arcade.games.tron.generator.scatter`). The CLI and the scene
resolve every reference here, so a typo fails the same way everywhere: one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arcade.core.errors import UsageError
from arcade.core.inputs import printable_name
from arcade.core.numbers import parse_int
from arcade.core.rng import derive_seed
from arcade.games.tron import generator
from arcade.games.tron.logic import RULES, Level
from arcade.services.resources import check_stdin_once, level_files, levels_dir, read_level, read_level_arg

GAME = "tron"
GROUPS = ("official", "later", "hackerrank")
#: Seeds of ``random-SEED`` maps and the N of ``random:N`` are bounded like every other number.
#: (``scatter-SEED`` and ``scatter:N`` alike.)
MAX_SEED = 2**63 - 1
MAX_RANDOM_MAPS = 1000
GROUP_TITLES = {"official": "Google AI Challenge 2010", "later": "2010, added later",
                "hackerrank": "HackerRank"}
#: What is special about a map, for the picker.
NOTES = {
    "test-board": "a forced draw (a protocol test board)",
    "test-board2": "a forced draw: one move each",
    "divider": "the cycles start in separate rooms",
    "playground": "the cycles start in separate rooms",
    "center": "the heads start side by side",
    "huge-room": "the biggest official map",
    "apocalyptic": "no full border: off the map is wall",
    "u": "no full border: off the map is wall",
    "apoc_small": "no full border: off the map is wall",
}


@dataclass(frozen=True)
class MapEntry:
    """A map of the catalogue: its id, group and bundled file (None: a generated map, made from
    its id on :meth:`load`), so listing maps never reads or generates one.
    """

    id: str
    group: str
    path: Path | None = None

    def load(self) -> Level:
        if self.path is not None:
            return RULES.load_level_file(self.path)
        return _generated(self.id)


def bundled() -> list[MapEntry]:
    """Every bundled map, official first, then the later additions, then HackerRank."""
    root = levels_dir(GAME)
    entries = []
    for path in level_files(GAME, RULES.level_pattern):
        rel = path.relative_to(root)
        group = rel.parts[0] if len(rel.parts) > 1 else ""
        entries.append(MapEntry(path.stem, group, path))
    rank = {g: i for i, g in enumerate(GROUPS)}
    return sorted(entries, key=lambda e: (rank.get(e.group, len(GROUPS)), e.id))


#: Generated families: id prefix -> the function drawing a map from its seed.
FAMILIES = {"random": generator.generate, "scatter": generator.scatter}


def _generated(map_id: str) -> Level:
    family, _, seed = map_id.partition("-")
    return FAMILIES[family](parse_int(seed, 0, MAX_SEED, f"the seed of a {family}-SEED map"))


def fresh(family: str, seed: int) -> tuple[str, Level]:
    """A map of a generated family (``random``, ``scatter``) drawn from ``seed``: (id, level)."""
    return f"{family}-{seed}", FAMILIES[family](seed)


def seed_of(map_id: str) -> int | None:
    """The seed a generated map's id names (``scatter-7`` -> 7), None for any other map."""
    family, _, seed = map_id.partition("-")
    return int(seed) if family in FAMILIES and seed.isascii() and seed.isdigit() else None


def load(ref: str, *, stdin: bool = False) -> tuple[str, Level]:
    """(id, level) for a bundled id, a file path, ``random-<seed>`` or ``scatter-<seed>``;
    with ``stdin`` (command-line filters, not the window), ``-`` is standard input, id ``stdin``."""
    family, _, seed = ref.partition("-")
    if family in FAMILIES and seed:
        return ref, _generated(ref)
    level, path = read_level_arg(RULES, ref) if stdin else read_level(RULES, ref)
    return (printable_name(path.stem) if path else "stdin"), level  # the id is shown and written: printable


def resolve(spec: str, seed: int = 0) -> list[tuple[str, Level]]:
    """Maps for a comma-separated spec: ``all``, a group, ids, paths, ``random:N``, ``random-<seed>``,
    ``scatter:N``, ``scatter-<seed>``."""
    result: list[tuple[str, Level]] = []
    seen: dict[str, tuple[Level, str]] = {}

    def add(map_id: str, level: Level, source: str = "") -> None:
        """One more map; the same map named twice (``all,official``) is played once. Two different
        maps with one id -- ``m2/box.txt,m3/box.txt``, or ``u`` and a file ``u.txt`` -- were merged
        without a word (only the first was played), and an id must name one map in the results."""
        source = source or map_id
        if map_id in seen:
            first, first_source = seen[map_id]
            if first != level:
                raise UsageError(f"two maps named {map_id!r}: {first_source} and {source} "
                                 "(a map's id is its file name: rename one)")
            return
        seen[map_id] = (level, source)
        result.append((map_id, level))

    tokens = [t.strip() for t in spec.split(",")]
    check_stdin_once(tokens)
    for token in tokens:
        if not token:
            continue
        if token == "all":
            for entry in bundled():
                add(entry.id, entry.load(), f"{entry.group}/{entry.id}")
        elif token in GROUPS:
            for entry in bundled():
                if entry.group == token:
                    add(entry.id, entry.load(), f"{entry.group}/{entry.id}")
        elif token.partition(":")[0] in FAMILIES and ":" in token:
            family, _, text = token.partition(":")
            count = parse_int(text, 0, MAX_RANDOM_MAPS, f"N in '{family}:N'")
            for k in range(count):
                # random:N keeps the seeds it always drew; each other family draws its own.
                salt = "tournament-map" if family == "random" else f"tournament-{family}"
                map_seed = derive_seed(seed, salt, k) % 1_000_000
                add(*fresh(family, map_seed))
        else:
            add(*load(token, stdin=True), printable_name(token))
    if not result:
        raise UsageError(f"no maps in {spec!r}")
    return result
