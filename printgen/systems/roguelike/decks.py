"""The Roguelike decks as card data: creatures, gear, magic, traps, loot, encounters.

Names and numbers come from the rule set's data files; the sentences are
printgen's own. Decks drawn in place of dice (loot, traps, encounters) hold
one card for each of the 36 ways two dice can fall, so a draw is as likely to
give each result as a roll of 2d6 is.
"""

from __future__ import annotations

from ...cards.model import Card, Deck, Paragraph, Stat
from ...seed import SeedCode
from ...tables import Row, Table
from . import rules

SPECIAL_RULES = {
    "Poison": "after a hit, the victim loses 3 Health every round until cured.",
    "Curse": "works like the Curse miracle: −3 Speed, Power, Health and Intellect until lifted.",
    "Paralyze": "works like the Paralyze spell: the victim loses 1d6 turns.",
    "Spell": "on its turn it may cast a spell instead of dealing damage.",
    "Smell": "instead of dealing damage it may loose its stench: the target, retching, loses its next turn (printgen's rule).",
    "Constrict": "once it hits, it keeps squeezing for another 1d6 every turn.",
}
LOOT_RULES = {
    "Yes": "Carries loot: draw a Loot card (or roll 2d6 on Loot) for each body.",
    "No": "Carries no loot.",
    "Maybe": "May carry loot: on 4-6 on 1d6, draw a Loot card.",
}
HOW_MANY = "Meet 1d6 of them."


# -- creatures -------------------------------------------------------------

def creatures_deck(code: SeedCode, options: dict) -> Deck:
    types = _creature_types()
    cards = []
    for table_id in rules.creature_lists():
        table = rules.tables()[table_id]
        for row in table.rows:
            kicker = f"{table.name} · {types[table_id]} · roll {row.roll_text}"
            cards.append(_rival_card(row, kicker) if row.get("rival") else _creature_card(row, kicker))
    return Deck("creatures", "Creatures", tuple(cards), back_subtitle="Roguelike · Appendix A",
                accent=(0.55, 0.12, 0.1))


def _creature_types() -> dict[str, str]:
    """Each creature list's Type (1, 2, 3) from the type tables, e.g. "Types 1 & 3"."""
    found: dict[str, list[str]] = {}
    for number in (1, 2, 3):
        for row in rules.tables()[f"creature-list-type-{number}"].rows:
            found.setdefault(row["table"], []).append(str(number))
    return {t: ("Type " if len(n) == 1 else "Types ") + " & ".join(n) for t, n in found.items()}


def _creature_card(row: Row, kicker: str) -> Card:
    stats = (
        Stat("Health", row["health"]),
        Stat("Damage", row.get("damage_dice") or "none"),
        Stat("Speed", str(row["speed"])),
        Stat("Attack", str(row["attack"])),
        Stat("Defense", str(row["defense"])),
    )
    # The badges and their rules say what the damage text adds to the dice ("+ Poison", "or Spell").
    # A poison that deals no Health damage (its note says so) gets no Poison badge or rule.
    specials = [s for s in row["specials"] if not (s == "Poison" and row.get("harmless_poison"))]
    body = [Paragraph(SPECIAL_RULES[s], f"{s}:") for s in specials]
    if row.get("loot_gold"):
        body.append(Paragraph(f"{row['note']} It drops {row['loot_gold']} gold pieces in place of a Loot card. {HOW_MANY}"))
    elif row["loot"] == "Maybe" and row.get("note"):
        # The note already gives printgen's rule for "Maybe".
        body.append(Paragraph(f"{row['note']} If so, draw a Loot card. {HOW_MANY}"))
    else:
        if row.get("note"):
            body.append(Paragraph(row["note"]))
        body.append(Paragraph(LOOT_RULES[row["loot"]] + " " + HOW_MANY))
    return Card(row.result, kicker, stats, tuple(specials), tuple(body))


def _rival_card(row: Row, kicker: str) -> Card:
    occupations = rules.tables()["occupation"]
    races = rules.tables()["race"]
    kit = ", ".join(_kit_item(item) for item in rules.data_list("starting-kit").items)
    body = (
        Paragraph("another adventurer after the same loot. Roll one up:", "A rival:"),
        Paragraph(", ".join(f"{r.roll_text} {r.result}" for r in occupations.rows) + ".",
                  f"Occupation ({occupations.die_text}):"),
        Paragraph(", ".join(f"{r.roll_text} {r.result}" for r in races.rows) + ".", f"Race ({races.die_text}):"),
        Paragraph(f"Stats and abilities as for a player's character; it carries the starting kit ({kit}). "
                  + LOOT_RULES[row["loot"]] + " " + HOW_MANY),
    )
    stats = (Stat("Occupation", occupations.die_text), Stat("Race", races.die_text))
    return Card(row.result, kicker, stats, ("Rival",), body)


def _kit_item(item: dict) -> str:
    return f"{item['count']} {item['name']}s" if item.get("count", 1) > 1 else item["name"]


# -- weapons, armor, spells, miracles ----------------------------------------

def weapons_deck(code: SeedCode, options: dict) -> Deck:
    items = rules.data_list("weapons").items
    body = (Paragraph("weapon damage rating + your Power − the target's armor rating.", "A hit deals"),)
    cards = tuple(Card(i["name"], "Weapon", (Stat("WDR", i["wdr"]),), (), body) for i in items)
    return Deck("weapons", "Weapons", cards, back_subtitle="Roguelike · Death and Damage", accent=(0.16, 0.3, 0.45))


def armor_deck(code: SeedCode, options: dict) -> Deck:
    items = rules.data_list("armor").items
    body = (Paragraph("Its armor rating is taken off the damage of every hit against you."),)
    cards = tuple(
        Card(i["name"], f"Armor · {i['slot']}", (Stat("AR", str(i["ar"])), Stat("Worn on", i["slot"])), (), body)
        for i in items
    )
    return Deck("armor", "Armor", cards, back_subtitle="Roguelike · Death and Damage", accent=(0.3, 0.32, 0.34))


def spells_deck(code: SeedCode, options: dict) -> Deck:
    return _magic_deck("spells", "Spells", "sdr", "SDR", (0.35, 0.17, 0.5))


def miracles_deck(code: SeedCode, options: dict) -> Deck:
    return _magic_deck("miracles", "Miracles", "mdr", "MDR", (0.62, 0.45, 0.08))


def _magic_deck(list_id: str, title: str, key: str, label: str, accent) -> Deck:
    items = rules.data_list(list_id).items
    kind = title[:-1]
    cards = []
    for item in items:
        body = [Paragraph(item["effect"])]
        if item[key] != "NA":
            body.append(Paragraph(rules.stated()["damage"]["magic"].format(rating=label), "Damage:"))
        body.append(Paragraph("Once cast, it is gone: discard this card."))
        rating = "—" if item[key] == "NA" else item[key]  # the rules' NA: no damage
        cards.append(Card(item["name"], kind, (Stat(label, rating),), (), tuple(body)))
    return Deck(list_id, title, tuple(cards), back_subtitle="Roguelike · Spells and Miracles", accent=accent)


# -- traps and loot: decks that stand in for 2d6 -----------------------------

def traps_deck(code: SeedCode, options: dict) -> Deck:
    table = rules.tables()["traps"]
    cards = []
    for row in table.rows:
        body = [Paragraph(_trap_effect(row))]
        body.append(Paragraph(f"A Thief rolls {table.die_text}: {row['saving_roll']} or under finds and disarms it. "
                              "Anyone else sets it off."))
        stats = (Stat("Damage", _trap_damage(row)), Stat("Save", str(row["saving_roll"])))
        cards.append(Card(row.result, f"Trap · {_roll_kicker(table, row)}", stats, (), tuple(body),
                          count=_ways(table, row)))
    return Deck("traps", "Traps", tuple(cards), back_subtitle="Roguelike · draw in place of 2d6",
                accent=(0.6, 0.3, 0.05))


def _trap_damage(row: Row) -> str:
    """The damage as a short stat: the dice, or the rules' one word (Death, None, Curse)."""
    if row.get("damage_dice"):
        return row["damage_dice"]
    return "Curse" if "Curse" in row["damage"] else row["damage"]


def _trap_effect(row: Row) -> str:
    damage = row["damage"]
    if row["drops_to_next_level"]:
        return f"The floor gives way: take {damage} and slide down to a new level."
    if row["teleports"]:
        return "No harm done, but you vanish and reappear in a new room: generate it."
    if damage == "Death":
        return "Whoever sets it off dies on the spot."
    if damage.startswith("As Curse"):
        return "Whoever sets it off is cursed, as by the Curse miracle."
    if "to Entire Room" in damage:
        return f"Everyone in the room takes {row['damage_dice']}."
    if "Poison" in damage:
        return f"Take {row['damage_dice']} now and 1d6 more each turn until the poison is cured."
    return f"Whoever sets it off takes {damage}."


def loot_deck(code: SeedCode, options: dict) -> Deck:
    table = rules.tables()["loot"]
    cards = []
    for row in table.rows:
        body = (Paragraph(_loot_text(row)), Paragraph(table.notes))
        cards.append(Card(_loot_title(row), f"Loot · {_roll_kicker(table, row)}", (Stat("Points", str(row["points"])),),
                          (), body, count=_ways(table, row)))
    return Deck("loot", "Loot", tuple(cards), back_subtitle="Roguelike · draw in place of 2d6",
                accent=(0.2, 0.42, 0.2))


def _loot_title(row: Row) -> str:
    return row.result.rstrip(".")


def _loot_text(row: Row) -> str:
    kind = row["kind"]
    if kind == "weapon":
        return "Take any one weapon from the weapon list."
    if kind == "armor":
        return "Take any one piece of armor from the armor list."
    if kind in ("gold", "gems"):
        return f"Put {row.result.lower()} in the sack."
    return f"Put the {row.result.lower()} in the sack."


def _roll_kicker(table: Table, row: Row) -> str:
    return f"{table.die_text} roll {row.roll_text} · {_ways(table, row)} of 36"


def _ways(table: Table, row: Row) -> int:
    """How many of the 36 falls of 2d6 give this row: its card count."""
    return int(table.row_probability(row) * 36)


# -- encounters --------------------------------------------------------------

ROOM = "room-features"
CORRIDOR = "corridor-features"


def encounters_deck(code: SeedCode, options: dict) -> Deck:
    """36 cards, one per fall of two dice; each tells a room's and a corridor's contents."""
    rooms, corridors = rules.tables()[ROOM], rules.tables()[CORRIDOR]
    cards = []
    for first in range(1, 7):
        for second in range(1, 7):
            total = first + second
            room, corridor = rooms.lookup(total), corridors.lookup(total)
            body = (
                Paragraph(_contents(room), "Room or chamber:"),
                Paragraph(_contents(corridor), "Corridor or cavern:"),
            )
            cards.append(Card("Encounter", f"draw in place of 2d6 for Contents · dice {first} + {second}",
                              (Stat("Roll", str(total)),), (), body))
    code.stream("deck", "encounters", "order").shuffle(cards)
    return Deck("encounters", "Encounters", tuple(cards), back_subtitle="Roguelike · draw for an area's contents",
                accent=(0.1, 0.35, 0.4))


def _contents(row: Row) -> str:
    kind = row["contents_kind"]
    follow = {
        "creatures": ("Creatures: roll 1d6 for the Type (1-2 Type 1, 3-4 Type 2, 5-6 Type 3), 1d6 on that Type's "
                      "list of kinds, then 1d6 on that kind's list. " + HOW_MANY),
        "crypt": "Coffins and crypts, and Undead: roll 1d6 on the Undead list. " + HOW_MANY,
        "loot": "Loot: draw a Loot card.",
        "loot-chest": "A loot chest: draw a Loot card.",
        "fountain": "A fountain: roll 1d6 on Fountain, 1-4 good, 5-6 poisoned.",
        "stairs-down": "A staircase down.",
        "stairs-up-trap": "A staircase up, and a trap: draw a Trap card.",
        "trap": "A trap: draw a Trap card.",
        "empty": "Nothing.",
    }
    return follow[kind]



# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {
    "creatures": creatures_deck, "weapons": weapons_deck, "armor": armor_deck, "spells": spells_deck,
    "miracles": miracles_deck, "traps": traps_deck, "loot": loot_deck, "encounters": encounters_deck,
}
