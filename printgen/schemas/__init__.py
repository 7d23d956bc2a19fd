"""The JSON Schemas of printgen's data contracts, shipped in the package (``printgen schema NAME``).

``dungeon``: what ``printgen dungeon --format json`` writes for every game, with each game's own door
kinds, link kinds and walls documented (and checked) in it.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import PrintgenError

HERE = Path(__file__).parent
NAMES = ("dungeon",)


def text(name: str) -> str:
    """The schema's JSON text, as shipped."""
    if name not in NAMES:
        raise PrintgenError(f"no schema named {name!r}; printgen has: {', '.join(NAMES)}")
    return (HERE / f"{name}.schema.json").read_text(encoding="utf-8")


def load(name: str) -> dict:
    return json.loads(text(name))
