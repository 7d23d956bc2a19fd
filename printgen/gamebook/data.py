"""A numbered gamebook as data: what ``--format json`` writes, so its structure can be checked, and the book
played, by anyone (the schema: printgen/schemas/solo.schema.json, ``printgen schema solo``).

    {"start": 1, "standing": {"dead": 212, ...},
     "sections": [{"number": 1, "level": 1, "area": null, "kind": "entrance", "in": null, "turn_to": [37],
                   "events": [{"kind": "text", "text": "..."}, {"kind": "choose", "options": [...]}]}, ...]}

Sections in the order of their numbers; ``area`` is null for a section that
is an event rather than a place, and ``in`` is the number of the place an
event happens in (null: the section is a place of its own); ``turn_to`` the
numbers its words send a reader to, in ascending order. A game adds fields
of its own to a section (an area's doorways); a section's key written as
``ref(key)`` (or, a mark, ``mark(key)``) anywhere in them becomes its number.

``events`` are the section's steps in order, made from the very steps the
page prints (so the two never disagree), each with its text, numbers filled
in:

- ``text``; ``tick`` (``marks``); ``if-ticked`` / ``if-not-ticked`` (``marks``, ``then``); ``go`` (``to``,
  and the way's ``ticks`` and ``cost``); ``end`` (``outcome``: won, died, left);
- ``choose``: ``options``, each with ``text`` (empty: worded by an earlier option), ``to`` (null: nowhere,
  choose again), ``needs`` and ``lacks`` (marks), ``asks`` (what the game asks of the reader to take it),
  ``test`` (a roll: passed, ``to``; failed, ``failed``), ``ticks``, ``cost``, ``leaves`` (a way out of the
  adventure), ``came_from`` (open only to a reader who came into this place from one of these sections) and
  ``warns`` (what its words warn of beyond it, in the game's words: a trap, creatures);
- a game's own step: ``kind``, ``text``, ``to`` (each outcome's section: ``{"won": 12, "fled": 40}``) and
  ``ticks`` (an outcome's marks, where it has any), then the step's data, a section's key anywhere in it
  a number. Both games speak a common vocabulary (``VOCABULARY``): ``fight`` (``creatures``: name, count and
  the game's stats; ``first``: who acts first), ``test`` (``skill``, ``dice``, and ``target`` or
  ``successes``), ``damage`` (``dice``), ``heal`` (``dice`` or ``amount``), ``points`` (``points``),
  ``loot`` (``items``), ``shop`` (``items`` with ``price`` and ``effect``); any other kind is the game's,
  documented in the schema.

A mark is a section's number (ticked in the play sheet's box of numbers) or a game's codeword, a string.
"""

from __future__ import annotations

import re
from typing import Any

from .model import CHOOSE, END, GO, IF_NOT_TICKED, IF_TICKED, TEXT, TICK, Book, Option, Section, Step, Way, filled

FIGHT, TEST, DAMAGE, HEAL, POINTS, LOOT, SHOP = "fight", "test", "damage", "heal", "points", "loot", "shop"
VOCABULARY = (FIGHT, TEST, DAMAGE, HEAL, POINTS, LOOT, SHOP)

_WHOLE_REF = re.compile("\ue000([^\ue001]*)\ue001")
_WHOLE_MARK = re.compile("\ue002([^\ue003]*)\ue003")


def as_data(book: Book, numbers: dict[str, int]) -> dict[str, Any]:
    ordered = sorted(book.sections.values(), key=lambda s: numbers[s.key])
    return {
        "start": numbers[book.start],
        "standing": {outcome: numbers[key] for outcome, key in sorted(book.standing.items())},
        "sections": [{"number": numbers[s.key], "level": s.level, "area": s.area, "kind": s.kind,
                      "in": numbers[s.place] if s.place is not None else None,
                      "turn_to": sorted(numbers[t] for t in s.targets()),
                      "events": events(s, numbers),
                      **_numbered(s.data, numbers)} for s in ordered],
    }


def events(section: Section, numbers: dict[str, int]) -> list[dict[str, Any]]:
    """The section's steps as the JSON's events, in order."""
    return [event(step, numbers) for step in section.steps]


def event(step: Step, numbers: dict[str, int]) -> dict[str, Any]:
    words = _words(step.text, numbers)
    if step.kind == TEXT:
        return {"kind": TEXT, "text": words}
    if step.kind == TICK:
        return {"kind": TICK, "text": words, "marks": _marks(step.marks, numbers)}
    if step.kind in (IF_TICKED, IF_NOT_TICKED):
        return {"kind": step.kind, "text": words, "marks": _marks(step.marks, numbers),
                "then": _to(step.ways["then"], numbers)}
    if step.kind == GO:
        return {"kind": GO, "text": words, **_way(step.ways["go"], numbers)}
    if step.kind == END:
        return {"kind": END, "text": words, "outcome": step.data["outcome"]}
    if step.kind == CHOOSE:
        return {"kind": CHOOSE, "options": [_option(o, numbers) for o in step.options]}
    found: dict[str, Any] = {"kind": step.kind, "text": words,
                             "to": {outcome: numbers[way.to] if way.to is not None else None
                                    for outcome, way in step.ways.items()}}
    ticks = {outcome: _marks(way.ticks, numbers) for outcome, way in step.ways.items() if way.ticks}
    if ticks:
        found["ticks"] = ticks
    data = _numbered(dict(step.data), numbers)
    clash = set(data) & set(found)
    if clash:
        raise ValueError(f"a {step.kind} step's data has fields the event already has: {sorted(clash)}")
    return {**found, **data}


def _words(text: str, numbers: dict[str, int]) -> str:
    return filled(text, numbers)


def _marks(marks: tuple[str, ...], numbers: dict[str, int]) -> list[int | str]:
    """Marks as the play sheet has them: a section's number, else the game's codeword."""
    return [numbers[m] if m in numbers else m for m in marks]


def _to(way: Way, numbers: dict[str, int]) -> int | None:
    return numbers[way.to] if way.to is not None else None


def _way(way: Way, numbers: dict[str, int]) -> dict[str, Any]:
    return {"to": _to(way, numbers), "ticks": _marks(way.ticks, numbers),
            "cost": _numbered(dict(way.cost), numbers) if way.cost is not None else None}


def _option(option: Option, numbers: dict[str, int]) -> dict[str, Any]:
    return {
        "text": _words(option.text, numbers), **_way(option.way, numbers),
        "needs": _marks(option.needs, numbers), "lacks": _marks(option.lacks, numbers),
        "asks": _numbered(dict(option.asks), numbers) if option.asks is not None else None,
        "test": _numbered(dict(option.test), numbers) if option.test is not None else None,
        "failed": _way(option.failed, numbers) if option.failed is not None else None,
        "leaves": option.leaves,
        "came_from": [numbers[k] for k in option.came_from],
        "warns": list(option.warns),
    }


def _numbered(value: Any, numbers: dict[str, int]) -> Any:
    if isinstance(value, str):
        found = _WHOLE_REF.fullmatch(value)
        if found:
            return numbers[found.group(1)]
        marked = _WHOLE_MARK.fullmatch(value)
        if marked:
            return _marks((marked.group(1),), numbers)[0]
        return value
    if isinstance(value, dict):
        return {k: _numbered(v, numbers) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_numbered(v, numbers) for v in value]
    return value
