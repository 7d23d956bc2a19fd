"""The JSON Schemas of printgen's data contracts, shipped in the package (``printgen schema NAME``).

``dungeon``: what ``printgen dungeon --format json`` writes for every game, with each game's own door
kinds, link kinds and walls documented (and checked) in it.
``solo``: what ``printgen solo --format json`` writes: the gamebook's sections and each one's events, the
common vocabulary of game steps, and each game's own kinds.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..options import not_one_of

HERE = Path(__file__).parent
NAMES = ("dungeon", "solo")


def text(name: str) -> str:
    """The schema's JSON text, as shipped."""
    if name.strip().lower() not in NAMES:
        raise not_one_of("schema", name, NAMES, subject="the schema NAME")
    name = name.strip().lower()
    return (HERE / f"{name}.schema.json").read_text(encoding="utf-8")


def load(name: str) -> dict:
    return json.loads(text(name))
