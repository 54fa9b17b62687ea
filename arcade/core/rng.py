"""Seeded randomness (core): every generator and bot takes a seed so a run can be replayed.

We use :class:`random.Random` instances, never the module-level functions, and derive
sub-seeds by name so that adding a random draw in one place does not reshuffle another.
"""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> int:
    """A fresh seed for "surprise me" requests; printed so the user can reproduce it."""
    return secrets.randbelow(2**31)


def make_rng(seed: int | None) -> random.Random:
    """A private generator; ``None`` draws a fresh seed."""
    return random.Random(new_seed() if seed is None else seed)


def derive_seed(seed: int, *labels: object) -> int:
    """A stable sub-seed for ``labels`` (e.g. attempt numbers), independent of Python's hash salt."""
    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") & (2**63 - 1)
