"""Project: Amulet as data: the 2d8 generation tables, the monsters and printgen's choices.

Every file is read through the game's one loader (``GAME.data``, ``GAME.tables``,
``GAME.choices``); these accessors only name what a reader is after. Where a
page prints a name the data holds (a room's contents, a boon, a way health
changes) or a monster's tactics, the one function here gives it to every page.
"""

from __future__ import annotations

from typing import Any

from ...tables import Row, TableSet
from ...words import Words, key_of
from . import GAME


def tables() -> TableSet:
    return GAME.tables()


def monsters() -> dict[str, dict[str, Any]]:
    """Every monster by code: the six of the rules, then printgen's designs."""
    return {m["code"]: m for m in GAME.data("monsters")["monster"]}


def tactics(phrasebooks: Words, code: str) -> str:
    """How a monster fights, with the rule of the rules-in-brief that is its own (a potion and a wraith)."""
    say = phrasebooks.say_for(__package__)
    text = say(f"tactics.{code}")
    if code == "wraith":
        text = f"{text} {say('rule.potion-wraith')}"
    return text


def health_changes(phrasebooks: Words) -> list[dict[str, str]]:
    """The ways health comes back or goes, for the sheet and the rules at hand: the amount, and what it is
    (a room's contents by the Contents table's own word)."""
    say = phrasebooks.say_for(__package__)
    contents = _by_code("contents")
    return [{"code": c["code"], "amount": c["amount"],
             "what": contents[c["code"]].result if c["code"] in contents else say(f"change.{c['code']}")}
            for c in reference()["health_change"]]


def choices() -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps, in the order they are printed."""
    return GAME.choices()


def in_brief(phrasebooks: Words) -> tuple[tuple[str, str], ...]:
    """The choices as the rules at hand list them, "where the rules are silent": each topic with its line for
    the table (words.toml [silent], by the topic's key)."""
    say = phrasebooks.say_for(__package__)
    return tuple((c["topic"], say(f"silent.{key_of(c['topic'])}")) for c in choices())


def reference() -> dict[str, Any]:
    return GAME.data("reference")


def _by_code(table_id: str) -> dict[str, Row]:
    return {code_of(row): row for row in tables()[table_id].rows if not row.get("gm") and not row.get("rolls")}


def content_name(code: str) -> str:
    """A room's contents in the Contents table's own word: "murder-hole" -> "Murder Hole"."""
    return _by_code("contents")[code].result


def boon(code: str) -> Row:
    """A Special's row: its name as the rules give it, and how many actions it lasts."""
    return _by_code("special")[code]


def code_of(row: Row) -> str:
    """A table result as a code for the JSON: "Murder Hole" -> "murder-hole", "25%" -> "25"."""
    return row.get("code") or row.result.lower().replace(" ", "-").replace("%", "")


def shares(table_id: str, field: str | None = None) -> dict[str, float]:
    """Each result's chance on a column once GM results are rolled again (the Roll 2 and Roll 3 rows kept),
    keyed by ``field`` or by the result's code: what a level's drawn rooms and exits are measured against."""
    table = tables()[table_id]
    kept: dict[str, float] = {}
    for row in table.rows:
        if not row.get("gm"):
            key = row[field] if field else code_of(row)
            kept[key] = kept.get(key, 0.0) + float(table.row_probability(row))
    total = sum(kept.values())
    return {k: v / total for k, v in kept.items()}
