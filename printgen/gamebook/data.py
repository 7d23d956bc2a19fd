"""A numbered gamebook as data: what ``--format json`` writes, so its structure can be checked and reused.

    {"start": 1, "standing": {"dead": 212, ...},
     "sections": [{"number": 1, "level": 1, "area": null, "kind": "entrance", "turn_to": [37]}, ...]}

Sections in the order of their numbers; ``area`` is null for a section that
is an event rather than a place; ``turn_to`` the numbers its words send a
reader to, in ascending order. A game adds fields of its own to a section
(an area's doorways); a section's key written as ``ref(key)`` anywhere in
them becomes its number.
"""

from __future__ import annotations

import re
from typing import Any

from .model import Book

_WHOLE_REF = re.compile("\ue000([^\ue001]*)\ue001")


def as_data(book: Book, numbers: dict[str, int]) -> dict[str, Any]:
    ordered = sorted(book.sections.values(), key=lambda s: numbers[s.key])
    return {
        "start": numbers[book.start],
        "standing": {outcome: numbers[key] for outcome, key in sorted(book.standing.items())},
        "sections": [{"number": numbers[s.key], "level": s.level, "area": s.area, "kind": s.kind,
                      "turn_to": sorted(numbers[t] for t in s.targets()),
                      **_numbered(s.data, numbers)} for s in ordered],
    }


def _numbered(value: Any, numbers: dict[str, int]) -> Any:
    if isinstance(value, str):
        found = _WHOLE_REF.fullmatch(value)
        return numbers[found.group(1)] if found else value
    if isinstance(value, dict):
        return {k: _numbered(v, numbers) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_numbered(v, numbers) for v in value]
    return value
