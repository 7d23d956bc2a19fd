"""The Dungeon Master's key to a level, in words: one entry per area, in walking order.

Everything comes from the level's data (codes and numbers); the words are
the game's phrasebook (words.toml), assembled here where the page is made.
A monster's, a trap's and an item's line are made here too, for the key,
the encounter deck and the reference alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...maps.level import Area, Exit
from ...render import fonts, text
from ...render.key_columns import level_columns
from ...sheets.draw import Style, heading
from ...units import Paper, mm
from ...words import Words
from . import rules
from .level import CORRIDOR, FALSE, LOCKED, STARTING_ROOM, Built

# --- monsters, traps and items, wherever they are printed -------------------------------------

def monster_line(phrasebooks: Words, name: str, letter: str) -> dict[str, Any]:
    """A monster's stat line from its list, for a key, a card or the reference."""
    say = phrasebooks.say_for(__package__)
    row = rules.monster_row(name, letter)
    return {"name": name, "letter": letter, "damage": row.get("damage_dice", say("monster.no-damage")),
            "fire": f"+{row['fire_dice']}" if row.get("fire_dice") else "", "hp": row["hp"],
            "traits": monster_traits(phrasebooks, row.fields)}


def monster_traits(phrasebooks: Words, fields: dict[str, Any]) -> list[str]:
    say = phrasebooks.say_for(__package__)
    found = []
    if fields["edible"]:
        found.append(say("monster.edible-diseased") if fields["diseased"] else say("monster.edible"))
    elif fields["diseased"]:
        found.append(say("monster.diseased-with", disease=fields["disease"]) if fields.get("disease")
                     else say("monster.diseased"))
    if fields["trainable"]:
        found.append(say("monster.trainable"))
    found += [say(f"trait.{trait}", getaway=fields.get("getaway_dice", "")) for trait in fields["traits"]]
    return found


def trap_line(phrasebooks: Words, name: str, letter: str) -> dict[str, Any]:
    say = phrasebooks.say_for(__package__)
    row = rules.trap_row(name, letter)
    effect = row.get("effect")
    return {"name": name, "letter": letter, "attack": row.get("attack_dice", ""), "damage": row.get("damage_dice", ""),
            "effect": say(f"trap-effect.{effect}", **row.fields) if effect else ""}


def trap_text(phrasebooks: Words, line: dict[str, Any]) -> str:
    """"attack 1d, damage 1d-2" or "always hits, sends the rogue ..."."""
    say = phrasebooks.say_for(__package__)
    parts = [say("trap.attack", dice=line["attack"]) if line["attack"] else say("trap.autohit")]
    if line["damage"]:
        parts.append(say("trap.damage", dice=line["damage"]))
    if line["effect"]:
        parts.append(line["effect"])
    return ", ".join(parts)


def loot_text(phrasebooks: Words, loot: dict[str, Any], colours: dict[str, str]) -> str:
    """A found item as the Dungeon Master reads it: what it is, what it looks like, its status."""
    say = phrasebooks.say_for(__package__)
    kind = loot["kind"]
    if kind == "gold":
        return say("loot.gold", gold=loot["gold"])
    text = loot["name"]
    if "arrows" in loot:
        text = say("loot.bow", arrows=loot["arrows"])
    if loot.get("magic"):
        magic = loot["magic"]
        words = {"name": text, "colour": colours[magic], "kind": say(f"kind.{kind}"),
                 "effect": magic_effect(phrasebooks, magic)}
        text = (say("loot.magic-charges", charges=loot["charges"], **words) if "charges" in loot
                else say("loot.magic", **words))
    status = say(f"status.{loot['status']['code']}") if "status" in loot else ""
    return say("loot.with-status", item=text, status=status) if status else text


def magic_effect(phrasebooks: Words, magic: str) -> str:
    """What a potion or wand does, its dice read from its loot row."""
    say = phrasebooks.say_for(__package__)
    return say(f"loot-effect.{magic}", **rules.magic_row(magic).fields)


def feature_text(phrasebooks: Words, code: str) -> str:
    """What a special feature means, its dice and bonuses read from its row."""
    say = phrasebooks.say_for(__package__)
    return say(f"feature.{code}", **rules.feature_row(code).fields)


# --- the key's entries ------------------------------------------------------------------------

def door_text(phrasebooks: Words, exit_: Exit) -> str:
    """"→ 5", "→ 5 locked", "secret → 7", "false door", "secret false door", "unexplored locked"."""
    say = phrasebooks.say_for(__package__)
    parts = []
    if exit_.secret:
        parts.append(say("key-door.secret"))
    if exit_.kind == FALSE or exit_.leads == "blocked":
        parts.append(say("door.false-door"))
    elif exit_.to is not None:
        parts.append(say("key-door.to", area=exit_.to))
    else:
        parts.append(say(f"leads.{exit_.leads}"))
    if exit_.kind == LOCKED:
        parts.append(say("key-door.locked"))
    if not exit_.rolled:
        parts.append(say("key-door.added"))
    return " ".join(parts)


def doors_text(phrasebooks: Words, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    text = "; ".join(door_text(phrasebooks, e) for e in area.exits)
    unplaced = sum(1 for e in area.exits if e.at is None)
    if unplaced:
        text += " " + say("key-door.unplaced", count=unplaced)
    return text


def monster_text(phrasebooks: Words, monster: dict[str, Any]) -> str:
    say = phrasebooks.say_for(__package__)
    line = monster_line(phrasebooks, monster["name"], monster["letter"])
    damage = (say("monster.damage-fire", dice=line["damage"], fire=line["fire"]) if line["fire"]
              else say("monster.damage", dice=line["damage"]))
    head = say("key.monster", name=monster["name"], letter=monster["letter"], damage=damage, hp=line["hp"])
    return ", ".join([head, *line["traits"]])


def encounter_text(phrasebooks: Words, encounter: dict[str, Any], colours: dict[str, str]) -> str:
    say = phrasebooks.say_for(__package__)
    parts = [monster_text(phrasebooks, m) for m in encounter["monsters"]]
    parts += [say("key.trap", name=t["name"], letter=t["letter"],
                  text=trap_text(phrasebooks, trap_line(phrasebooks, t["name"], t["letter"])))
              for t in encounter["traps"]]
    loot = encounter["loot"]
    if loot is not None:
        text = loot_text(phrasebooks, loot, colours)
        if loot["kind"] == "amulet":
            text = say("key.amulet-real") if loot.get("real") else say("item.fake-amulet")
        found = {"letter": loot["letter"], "roll": loot["roll"], "item": text}
        parts.append(say("key.loot-bonus", bonus=loot["bonus"], **found) if loot["bonus"]
                     else say("key.loot", **found))
    return say("key.encounter", name=encounter["name"], roll=encounter["roll"], parts="; ".join(parts))


def area_entry(phrasebooks: Words, area: Area, colours: dict[str, str]) -> tuple[str, str]:
    """(lead, text) for one area of the key."""
    say = phrasebooks.say_for(__package__)
    if area.type == CORRIDOR:
        return f"{area.number}", say("key.corridor", squares=area.rolls["Corridor"],
                                     doors=doors_text(phrasebooks, area))
    size = len(area.cells)
    first = [say("key.starting-room", squares=size) if area.type == STARTING_ROOM else say("key.room", squares=size)]
    if area.data.get("stairs") == "down":
        first.append(say("key.stairs-down"))
    if area.data.get("corner") == "amulet" and area.data.get("amulet"):
        first.append(say("key.amulet-here"))
    sentences = [", ".join(first)]
    feature = area.data.get("feature")
    if feature and feature["code"] != "empty":
        sentences.append(say("key.feature", name=feature["name"], roll=feature["roll"],
                             meaning=feature_text(phrasebooks, feature["code"])))
    sentences += [encounter_text(phrasebooks, encounter, colours) for encounter in area.data.get("encounters", [])]
    if area.exits:
        sentences.append(say("key.doors", doors=doors_text(phrasebooks, area)))
    return f"{area.number}", ". ".join(s[0].upper() + s[1:] for s in sentences) + "."


def price_text(phrasebooks: Words, price: int, each: bool) -> str:
    say = phrasebooks.say_for(__package__)
    return say("price.each", price=price) if each else say("price.once", price=price)


def shop_entry(phrasebooks: Words, shop: dict[str, Any], colours: dict[str, str]) -> tuple[str, str]:
    say = phrasebooks.say_for(__package__)
    items = []
    for item in shop["stock"]:
        name = item["item"]
        if name == "loot":
            text = loot_text(phrasebooks, item["loot"], colours)
        elif name in ("scroll", "spellbook"):
            spell = item["spell"]
            text = say(f"item.{name}", spell=say("item.spell", name=spell["name"], level=spell["level"]))
        else:
            row = rules.tables()["shop-stock"].lookup(item["roll"])
            text = say(f"item.{name}", count=item.get("count", ""), armor=row.get("armor", ""),
                       bonus=row.get("bonus", ""), skill=row.get("skill", ""))
        items.append(say("key.stock", item=text, price=price_text(phrasebooks, item["price"], item["each"])))
    scrolls = {"count": shop["identify_scrolls"], "price": shop["identify_price"]}
    items.append(say("key.identify-many", **scrolls) if scrolls["count"] > 1 else say("key.identify-one", **scrolls))
    keeper = rules.campaign()["shopkeeper"]
    return say("key.shop-lead", level=shop["level"]), " ".join([
        say("key.shop", roll=shop["stock_roll"], items="; ".join(items)),
        say("shop.keeper", stats=foe_stats(phrasebooks, keeper))])


def foe_stats(phrasebooks: Words, foe: dict[str, Any]) -> str:
    """A shop foe's numbers: "attack 4d, damage 4d, 50 HP"."""
    say = phrasebooks.say_for(__package__)
    return say("shop.stats", attack=foe["attack_dice"], damage=foe["damage_dice"], hp=foe["hp"])


def level_key(phrasebooks: Words, built: Built, shop: dict[str, Any], colours: dict[str, str]) -> list[tuple[str, str]]:
    entries = [shop_entry(phrasebooks, shop, colours)]
    entries += [area_entry(phrasebooks, area, colours) for area in built.level.areas]
    return entries


# --- the key's pages --------------------------------------------------------------------------

# How the key is set, in the order tried: the first that holds the whole key on its page wins (pt, columns).
# Two columns always: most entries (a corridor, a door) are short, and would leave most of a line of the
# page's width empty.
KEY_SETTINGS = ((8.4, 2), (8.0, 2), (7.6, 2), (7.2, 2), (6.8, 2), (6.4, 2))
SPACING = text.Spacing(leading=1.18)
GAP = 0.45  # of the font size, between entries
COLUMN_GAP = mm(5)
REMINDER_SIZE = 6.8
MARGIN = mm(10)
FOOTER_ROOM = mm(12)  # the footer is stamped here when the parts are joined
NOTE_BASELINE = mm(9)  # a page the key runs past says so here, right of the footer
TITLE_HEIGHT = 22.0
STYLE = Style()


@dataclass(frozen=True)
class Placed:
    """An entry set on a page: its bold lead at (x, top), its lines ``indent`` to the right of it."""

    x: float
    top: float
    lead: str
    indent: float
    lines: list[text.Line]


def entry_lines(entry: tuple[str, str], width: float, size: float) -> tuple[float, list[text.Line]]:
    """An entry's text broken into lines beside its bold lead: (the lead's room, the lines)."""
    lead, words = entry
    indent = text.measure(lead + "  ", fonts.SERIF_BOLD, size)
    return indent, text.lines([[(words, fonts.SERIF)]], size, width - indent)


def place(entries: list[tuple[str, str]], x: float, top: float, width: float, bottom: float, size: float,
          columns: int) -> tuple[list[Placed], int]:
    """Entries set from ``top`` down to ``bottom`` in ``columns`` columns of ``width`` in all, each entry whole
    in one column (one taller than a column stands at a column's head all the same); returns the entries
    placed and how many that is (the rest go on a later page)."""
    column_width = (width - (columns - 1) * COLUMN_GAP) / columns
    column, y, placed = 0, top, []
    for count, entry in enumerate(entries):
        indent, lines = entry_lines(entry, column_width, size)
        height = len(lines) * size * SPACING.leading
        if y - height < bottom and y < top:
            if column + 1 == columns:
                return placed, count
            column, y = column + 1, top
        placed.append(Placed(x + column * (column_width + COLUMN_GAP), y, entry[0], indent, lines))
        y -= height + size * GAP
    return placed, len(entries)


def balanced(placed: list[Placed], x: float, top: float, width: float, size: float) -> list[Placed]:
    """The key's last page shared between its two columns so that they end as level as whole entries let them (the
    left one no shorter), both from ``top``, in the same order: a key that ends part way down its page is not one
    full column beside a few lines."""
    if len(placed) < 2:
        return placed
    column_width = (width - COLUMN_GAP) / 2
    spots = level_columns([len(p.lines) * size * SPACING.leading + size * GAP for p in placed], top)
    return [Placed(x + column * (column_width + COLUMN_GAP), y, entry.lead, entry.indent, entry.lines)
            for entry, (column, y) in zip(placed, spots)]


def setting(entries: list[tuple[str, str]], width: float, height: float) -> tuple[float, int]:
    """The first of KEY_SETTINGS at which every entry holds in ``height``; else the last."""
    return next(((size, columns) for size, columns in KEY_SETTINGS
                 if place(entries, 0, height, width, 0, size, columns)[1] == len(entries)), KEY_SETTINGS[-1])


def draw_placed(c: Canvas, placed: list[Placed], size: float) -> None:
    c.setFillGray(0)
    for entry in placed:
        text.draw_run(c, entry.x, entry.top - size, entry.lead, fonts.SERIF_BOLD, size)
        text.draw_lines(c, entry.lines, entry.x + entry.indent, entry.top, 0, size, SPACING)


def _title(c: Canvas, paper: Paper, words: str, right: str) -> float:
    top = paper.height - MARGIN
    heading(c, MARGIN, top - TITLE_HEIGHT, paper.width - 2 * MARGIN, TITLE_HEIGHT, words, STYLE, right=right)
    return top - TITLE_HEIGHT - mm(3)


def _reminder_text(phrasebooks: Words, built: Built) -> str:
    say = phrasebooks.say_for(__package__)
    d = built.difficulty
    actions = (say("key-page.difficulty-many", difficulty=d) if d > 1
               else say("key-page.difficulty-one", difficulty=d))
    return " ".join([actions, say("key-page.returning-lead"), say("rule.returning")])


def _reminder(phrasebooks: Words, c: Canvas, x: float, width: float, top: float, built: Built) -> float:
    """The standing reminders at the head of the key; returns where the key begins."""
    lines = text.lines([[(_reminder_text(phrasebooks, built), fonts.SERIF_ITALIC)]], REMINDER_SIZE, width)
    c.setFillGray(0.2)
    text.draw_lines(c, lines, x, top, width, REMINDER_SIZE, SPACING)
    bottom = top - text.block_height(REMINDER_SIZE, lines, SPACING) - 3
    c.setStrokeGray(0.5)
    c.setLineWidth(0.4)
    c.line(x, bottom, x + width, bottom)
    return bottom - mm(3)


def draw_pages(phrasebooks: Words, c: Canvas, paper: Paper, built: Built, shop: dict[str, Any],
               colours: dict[str, str]) -> int:
    """The level's key, to face its map: the standing reminders, then every entry in the page's two columns,
    as large as holds them all on the page, the last page's columns ending level; a key that cannot fit at the smallest goes on to a page more,
    and says so.
    Each page is finished (showPage); returns how many there are."""
    say = phrasebooks.say_for(__package__)
    number = built.level.number
    width = paper.width - 2 * MARGIN
    entries = level_key(phrasebooks, built, shop, colours)
    title, size, pages = say("key-page.title", level=number), None, 0
    while entries:
        top = _title(c, paper, title, say("key-page.aside"))
        if size is None:  # the first key page: the standing reminders, then the key set as it fits best
            top = _reminder(phrasebooks, c, MARGIN, width, top, built)
            size, columns = setting(entries, width, top - FOOTER_ROOM)
        placed, count = place(entries, MARGIN, top, width, FOOTER_ROOM, size, columns)
        if count == len(entries) and columns == 2:  # the key's last page ends level
            placed = balanced(placed, MARGIN, top, width, size)
        draw_placed(c, placed, size)
        entries = entries[count:]
        if entries:
            c.setFillGray(0.2)
            text.draw_run(c, paper.width - MARGIN, NOTE_BASELINE, say("key-page.goes-on"), fonts.SERIF_ITALIC, 8,
                          align="right")
        c.showPage()
        pages += 1
        title = say("key-page.title-continued", level=number)
    return pages
