"""The Roguelike reference page: spells, miracles, weapons and armor to choose from and look up."""

from __future__ import annotations

from pathlib import Path

from ...contracts import Request
from ...progress import Listener
from ...render.compose import compose
from ...render.html import render_pdf
from ...seed import SeedCode
from ...units import Paper
from ...words import Words
from .rules import ability_counts, ability_use, data_list, tables

TEMPLATE = "roguelike/reference.html"


def context(phrasebooks: Words) -> dict:
    """The lists as plain data for the template."""
    say = phrasebooks.say_for(__package__)
    def magic(list_id: str, rating: str) -> list[dict]:
        return [{"name": i["name"], "rating": None if i[rating] == "NA" else i[rating], "effect": i["effect"]}
                for i in data_list(list_id).items]

    def roll_table(table_id: str, keys: tuple[str, ...]) -> dict:
        table = tables()[table_id]
        rows = [{"roll": row.roll_text, "name": row.result, "values": [row[k] for k in keys],
                 "special": ability_counts(phrasebooks, row["abilities"]) or say("ability.none")}
                for row in table.rows]
        return {"title": table.name, "die": table.die_text, "columns": [say(f"rating.{k}") for k in keys],
                "rows": rows}

    armor = data_list("armor").items
    return {
        "roll_tables": [roll_table("occupation", ("health", "attack", "defense")),
                        roll_table("race", ("speed", "power", "intellect"))],
        "spells": magic("spells", "sdr"),
        "miracles": magic("miracles", "mdr"),
        "weapons": [{"name": i["name"], "rating": i["wdr"]} for i in data_list("weapons").items],
        "armor_slots": [(slot, [{"name": i["name"], "rating": i["ar"]} for i in armor if i["slot"] == slot])
                        for slot in dict.fromkeys(i["slot"] for i in armor)],
        "abilities": [{"name": name,
                       "use": ability_use(phrasebooks, name)} for name in _abilities_with_a_use(phrasebooks)],
        "level_up": [i["name"] for i in data_list("level-up").items],
    }


def _abilities_with_a_use(phrasebooks: Words) -> list[str]:
    """The special abilities the occupation and race tables give, in their order, but spells and miracles."""
    names = [a["name"] for t in ("occupation", "race") for row in tables()[t].rows for a in row["abilities"]]
    return [name for name in dict.fromkeys(names) if ability_use(phrasebooks, name)]


def pages(phrasebooks: Words, code: SeedCode, paper: Paper, templates: Path | None, opens_file: bool = False,
          listener: Listener | None = None) -> bytes:
    """The reference without footers, to compose after another document's pages (or, ``opens_file``, as a file
    of its own, its page keeping room for the QR); ``listener`` (the request's) hears the step."""
    say = phrasebooks.say_for(__package__)
    return render_pdf(TEMPLATE, code, say("reference.title"), paper, templates, listener, opens_file=opens_file,
                      **context(phrasebooks), phrasebooks=phrasebooks, seed_free=True)


def build(request: Request) -> bytes:
    say = request.words.say_for(__package__)
    listener = request.listener
    return compose([pages(request.words, request.code, request.paper, request.templates, opens_file=True,
                          listener=listener)],
                   request.code, say("reference.title"), listener=listener)
