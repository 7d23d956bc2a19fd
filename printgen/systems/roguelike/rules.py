"""The Roguelike rule set as data: its tables, lists and printgen's choices, read through the game's one loader."""

from __future__ import annotations

from functools import cache

from ...tables import DataList, Row, TableSet
from ...words import Words, key_of
from . import GAME

# The data, read through the game's one loader.

@cache
def tables() -> TableSet:
    return GAME.tables()


@cache
def data_list(list_id: str) -> DataList:
    return GAME.data_list(list_id)


@cache
def _choices() -> tuple[dict[str, str], ...]:
    return GAME.choices()


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps (data/notes.toml), each as its topic and text;
    a rule the text names (``says``) is filled in from the phrasebook, where it is worded once."""
    return tuple({"topic": c["topic"], "text": _filled(phrasebooks, c["text"], c.get("says", {}))} for c in _choices())


def in_brief(phrasebooks: Words) -> tuple[tuple[str, str], ...]:
    """The choices as the rules page lists them, "where the rules are silent": each topic with its line for
    the table (words.toml [silent], by the topic's key), a rule it names filled in as in the whole text."""
    say = phrasebooks.say_for(__package__)
    return tuple((c["topic"],
                  _filled(phrasebooks, say(f"silent.{key_of(c['topic'])}"), c.get("says", {}))) for c in _choices())


def _filled(phrasebooks: Words, text: str, says: dict[str, str]) -> str:
    return text.format_map({name: phrase(phrasebooks, key) for name, key in says.items()}) if says else text


def phrase(phrasebooks: Words, key: str) -> str:
    """The phrase ``key`` whole: a phrase that names another rule ({poison}: the Poison special attack) gets it."""
    say = phrasebooks.say_for(__package__)
    return say(key, poison=say("special.poison"))


def creature_lists() -> list[str]:
    """The table ids of the fourteen creature lists of Appendix A, in the rules' order."""
    return sorted(t for t in tables().tables if t.startswith("creatures-"))


TYPE_LISTS = ("creature-list-type-1", "creature-list-type-2", "creature-list-type-3")


def list_name(table_id: str) -> str:
    """A creature list's one name: the one the Type lists roll, not its heading (notes.toml, "Humanoid lists":
    the Type 1 list's Humanoids 2 is the list headed Humanoids 1)."""
    return next(row.result for t in TYPE_LISTS for row in tables()[t].rows if row["table"] == table_id)


def gold_loot(gold: int) -> dict:
    """The loot table's row for ``gold`` gold pieces, as a piece of loot found without a roll."""
    row = next(r for r in tables()["loot"].rows if r["kind"] == "gold" and r["gold"] == gold)
    return {"roll": None, "result": row.result, "points": row["points"]}


def creature(name: str) -> Row:
    """The creature row called ``name`` among the lists of Appendix A."""
    return next(row for t in creature_lists() for row in tables()[t].rows if row.result == name)


def special_rules(phrasebooks: Words, row: Row) -> list[tuple[str, str]]:
    """Each special attack of a creature (as its damage names it) with its rule, worded once (words.toml
    [special]); a poison that deals no Health damage says what it does instead."""
    say = phrasebooks.say_for(__package__)
    found = []
    for special in row["specials"]:
        if special == "Poison" and row.get("harmless_poison"):
            rule = say("special.harmless-poison", who=say("special.its"),
                       becomes=say("special.becomes", creature=row["turns_into"]))
        else:
            rule = special_rule(phrasebooks, special)
        found.append((special, rule))
    return found


def special_rule(phrasebooks: Words, special: str) -> str:
    """A special attack's rule: the miracle's or the spell's effect when it works as the one of the same name
    (Curse, Paralyze), else its own phrase."""
    say = phrasebooks.say_for(__package__)
    for list_id, key in (("miracles", "special.as-miracle"), ("spells", "special.as-spell")):
        item = next((i for i in data_list(list_id).items if i["name"] == special), None)
        if item is not None:
            return say(key, name=special, effect=item["effect"].rstrip("."))
    return say(f"special.{special.lower()}")


def ability_counts(phrasebooks: Words, abilities: list[dict]) -> str:
    """A row's special abilities with their counts, e.g. "2 Picks, 1 Sneak"."""
    say = phrasebooks.say_for(__package__)
    return ", ".join(say("ability.many", count=a["count"], name=a["name"]) if a["count"] > 1
                     else say("ability.one", count=a["count"], name=a["name"]) for a in abilities)


def ability_use(phrasebooks: Words, name: str) -> str:
    """What spending one use of the ability ``name`` does, in a few words ("" for a spell or miracle)."""
    say = phrasebooks.say_for(__package__)
    return say.section("ability-use").get(name.lower(), "")
