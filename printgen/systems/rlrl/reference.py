"""The Dungeon Master's reference: every list and table of the guide, this campaign's colour key, the choices.

Everything is gathered here as plain text and numbers; the template
``rlrl/reference.html`` only places it. The colours are the campaign's own,
dealt from the seed's "colours" stream, so the reference of a seed matches
the campaign of the same seed. They are all that differs between two seeds'
references, so WeasyPrint lays the pages out without them, the same for every
seed (kept in the user's cache like a rules page: render/html.py), the "looks
like" cells empty but for a mark; each colour is then written in with
ReportLab at its mark, on its row's baseline, in the cell's bold face and size.
"""

from __future__ import annotations

import io
from typing import Any

import pikepdf

from ...render import fonts, house
from ...render.canvas import new_document
from ...render.compose import compose, destinations, lay_over, page_size
from ...render.html import render_pdf
from ...render.text import draw_run
from ...seed import SeedCode
from ...words import Words
from . import colours, key, rules

COLOUR_FACE = fonts.SERIF_BOLD  # the colour cells' face and size: .key td.colour, bold, in a table's type
COLOUR_SIZE = house.TABLE
COLOURS_NAME = "/PGColours"  # the resource name of the form the colours are written in


def build(request) -> bytes:
    """The reference product: the reference pages alone, with the seed's colour key."""
    say = request.words.say_for(__package__)
    return compose([pages(request, colours.for_seed(request.code), opens_file=True)], request.code,
                   say("title.reference"), listener=request.listener)


def pages(request, dealt: dict[str, str], opens_file: bool = False) -> bytes:
    """The reference pages without footers, for the campaign to compose after its cover (or, ``opens_file``,
    as a file of their own, the first page keeping room for the QR), with the colours ``dealt``."""
    say = request.words.say_for(__package__)
    title = say("title.reference")
    key_rows = colour_key(request.words, dealt)
    laid_out = render_pdf("rlrl/reference.html", request.code, title, request.paper, request.templates,
                          listener=request.listener, opens_file=opens_file, **context(request.words, key_rows),
                          phrasebooks=request.words, seed_free=True)
    return with_colours(laid_out, request.code, title, key_rows)


def mark(row: int) -> str:
    """The id of the mark in the "looks like" cell of the colour key's ``row`` (from 0)."""
    return f"colour-{row + 1}"


def looks_like(item: dict[str, str]) -> str:
    """What a colour key's row says an item looks like: its colour and its kind ("murky grey potion")."""
    return f"{item['colour']} {item['kind']}"


def with_colours(laid_out: bytes, code: SeedCode, title: str, key_rows: list[dict[str, str]]) -> bytes:
    """The reference's pages ``laid_out`` with what each item of the colour key looks like written in at its
    cell's mark (WeasyPrint's named destination for the mark's id: its left end, on the line's baseline), in the
    cell's face and size, drawn on a page of the same size and laid over the page. A template without the marks
    (a user's own) is left as it is."""
    with pikepdf.open(io.BytesIO(laid_out)) as part:
        found = destinations(part, [mark(row) for row in range(len(key_rows))])
        if not found:
            return laid_out
        on = sorted({page for page, _, _ in found.values()})
        overlay = new_document(code, title, page_size(part.pages[on[0]]))
        for index in on:
            size = page_size(part.pages[index])
            overlay.canvas.setPageSize(size)
            overlay.page_size = size
            overlay.canvas.setFillGray(0)
            for row, item in enumerate(key_rows):
                page, x, y = found.get(mark(row), (None, 0.0, 0.0))
                if page == index:
                    draw_run(overlay.canvas, x, y, looks_like(item), COLOUR_FACE, COLOUR_SIZE)
            overlay.canvas.showPage()
        with pikepdf.open(io.BytesIO(overlay.finish())) as stamps:
            lay_over(part, zip((part.pages[index] for index in on), stamps.pages), COLOURS_NAME)
            buffer = io.BytesIO()
            part.save(buffer, deterministic_id=True)
    return buffer.getvalue()


def context(phrasebooks: Words, key_rows: list[dict[str, str]]) -> dict[str, Any]:
    """What the template places. The built-in one places everything but the colours (the seed's, ``key_rows``):
    their cells hold a mark each. A user's own template made before may still print ``item.colour``; its pages
    are laid out every run (render/html.py keeps no page of a user's folder), so they may."""
    t = rules.tables()
    campaign = rules.campaign()
    character = rules.character()
    return {
        "dice": {table_id: table.die_text for table_id, table in t.tables.items()},
        "difficulty": character["difficulty"],
        "setup": campaign["setup"],
        "explore": campaign["explore"],
        "food": campaign["food"],
        "doors": _rows(t["door"]),
        "secret_doors": _rows(t["secret-doors"]),
        "features": [{**r, "text": key.feature_text(phrasebooks, r["code"])} for r in _rows(t["special-features"])],
        "encounters": [{"roll": row.roll_text, "result": row.result} for row in rules.encounters().rows],
        "letters": [_letter(phrasebooks, letter) for letter in rules.LETTERS],
        "status": _rows(t["loot-status"]),
        "shop": _shop(phrasebooks),
        "colour_key": [{**item, "mark": mark(row)} for row, item in enumerate(key_rows)],
        "spells": _spells(),
        "spell_roll": _spell_roll(),
        "max_pool": character["max_pool"],
        "abilities": [{"added": False, **ability} for ability in character["ability"]],
        "notes": list(rules.in_brief(phrasebooks)),
    }


def _rows(table) -> list[dict[str, Any]]:
    return [{"roll": row.roll_text, "result": row.result, **row.fields} for row in table.rows]


def _letter(phrasebooks: Words, letter: str) -> dict[str, Any]:
    t = rules.tables()
    monsters = [{"roll": row.roll_text, **key.monster_line(phrasebooks, row.result, letter)}
                for row in t[rules.monsters(letter)].rows]
    traps = []
    if rules.traps(letter) in t.tables:
        traps = [{"roll": row.roll_text, "name": row.result,
                  "text": key.trap_text(phrasebooks, key.trap_line(phrasebooks, row.result, letter))}
                 for row in t[rules.traps(letter)].rows]
    loot_table = t[rules.loot(letter)]
    loot = [{"roll": row.roll_text, "name": row.result, "text": loot_row_text(phrasebooks, row.fields)}
            for row in loot_table.rows]
    return {"letter": letter, "monsters": monsters, "traps": traps, "loot": loot,
            "a_loot": rules.counts_a_monsters(letter)}


def loot_row_text(phrasebooks: Words, fields: dict[str, Any]) -> str:
    """What a Loot list row gives: numbers from the list, words from the phrasebook."""
    say = phrasebooks.say_for(__package__)
    kind = fields["kind"]
    if kind == "gold":
        return say("loot-row.gold")
    if fields.get("magic"):
        effect = key.magic_effect(phrasebooks, fields["magic"])
        return say("loot-row.magic-charges", effect=effect, charges=fields["charges_dice"]) \
            if fields.get("charges_dice") else effect
    if kind == "weapon":
        damage = fields["damage_dice"]
        if fields.get("arrows_dice"):
            return say("loot-row.weapon-arrows", damage=damage, arrows=fields["arrows_dice"])
        return say("loot-row.weapon-thrown", damage=damage) if fields.get("ranged") \
            else say("loot-row.weapon", damage=damage)
    if kind == "armor":
        return say("loot-row.armor", armor=fields["armor"])
    if kind == "bag":
        return say("loot-row.bag", pulls=fields["pulls"])
    if kind == "amulet":
        return say("loot-row.amulet")
    if fields.get("choice"):
        return say("loot-row.choice")
    return say("loot-row.gear", bonus=fields["bonus"], skill=fields["skill"])


def _shop(phrasebooks: Words) -> dict[str, Any]:
    say = phrasebooks.say_for(__package__)
    campaign = rules.campaign()
    rows = [{"roll": row.roll_text, "result": row.result,
             "price": key.price_text(phrasebooks, row["price"], row.get("each", False))}
            for row in rules.tables()["shop-stock"].rows]
    mimic = campaign["mimic"]
    return {"rows": rows, **campaign["shop"], "mimic": key.foe_stats(phrasebooks, mimic),
            "mimic_traits": [say(f"trait.{trait}") for trait in mimic["traits"]],
            "keeper": key.foe_stats(phrasebooks, campaign["shopkeeper"])}


def colour_key(phrasebooks: Words, dealt: dict[str, str]) -> list[dict[str, str]]:
    """Every potion and wand with the colour this campaign gave it, potions first."""
    say = phrasebooks.say_for(__package__)
    return [{"name": item["name"], "kind": say(f"kind.{item['kind']}"), "colour": dealt[item["magic"]],
             "effect": key.magic_effect(phrasebooks, item["magic"])} for item in _key_items()]


def _key_items() -> list[dict[str, str]]:
    """The colour key's items in its order: every potion and wand, potions first."""
    return sorted(colours.magic_items(), key=lambda item: colours.KINDS.index(item["kind"]))


def _spell_roll() -> dict[str, str]:
    """The Spells table's die and its two halves' totals, for "Roll 1d6 for the half (1-3 ..., 4-6 ...)"."""
    table = rules.tables()["spell"]
    first, second = table.rows
    return {"die": table.die_text, "first": first.roll_text, "second": second.roll_text}


def _spells() -> list[dict[str, Any]]:
    found = []
    for half_row in rules.tables()["spell"].rows:
        for row in rules.tables()[half_row["table"]].rows:
            found.append({"half": half_row.roll_text, "roll": row.roll_text, "name": row.result,
                          "level": row["level"], "effect": row["effect"], "added": row.get("added", False)})
    return found
