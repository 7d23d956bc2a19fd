"""The Roguelike decks as card data: creatures, gear, magic, traps, loot, encounters.

Names and numbers come from the rule set's data files; the words around
them from the game's phrasebook (words.toml), each rule in the one wording the
key and the rules page print too. Decks drawn in place of dice (loot, traps, encounters) hold
one card for each of the 36 ways two dice can fall, so a draw is as likely to
give each result as a roll of 2d6 is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ...cards import icons
from ...cards.model import Card, Color, Deck, Paragraph, Stat
from ...cards.notes import notes_card
from ...seed import SeedCode
from ...tables import Row, Table
from ...units import MIN_TEXT_PT
from ...words import Words
from . import GAME, rules


def _pictured(card: Card, section: str, name: str) -> Card:
    """The card with its picture from data/pictures.toml: [section], by ``name``."""
    picture, tint = icons.parse(GAME.data("pictures")[section][name])
    return replace(card, picture=picture, tint=tint)


# A reading printgen chose where the rules leave a gap, as the key and the rules page mark it: "(printgen's rule)".
CHOSEN = re.compile(r"\s*\(printgen's [^)]*\)")


def _with_notes(phrasebooks: Words, deck: Deck, *notes: Paragraph) -> Deck:
    """The deck with its notes card last: ``notes``, the cards that follow a reading of printgen's (their own
    words say no more than the rule), and whose pictures the deck shows."""
    say = phrasebooks.say_for(__package__)
    cards, chosen = [], []
    for card in deck.cards:
        body = tuple(replace(p, text=CHOSEN.sub("", p.text)) for p in card.body)
        if body != card.body:
            chosen.append(card.title)
        cards.append(replace(card, body=body))
    if chosen:
        notes += (Paragraph(say("deck.chosen", cards=", ".join(chosen))),)
    return replace(deck, cards=(*cards, notes_card(phrasebooks, deck.title, cards, notes, deck.accent)),
                   least_body=MIN_TEXT_PT)


# -- creatures -------------------------------------------------------------

def creatures_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    say = phrasebooks.say_for(__package__)
    types = _creature_types(phrasebooks)
    cards = []
    for table_id in rules.creature_lists():
        for row in rules.tables()[table_id].rows:
            kicker = say("deck.creatures.kicker", list=rules.list_name(table_id), types=types[table_id],
                         roll=row.roll_text)
            card = _rival_card(phrasebooks, row, kicker) if row.get("rival") else _creature_card(phrasebooks, row,
                                                                                                 kicker)
            cards.append(_pictured(card, "creatures", row.result))
    deck = Deck("creatures", say("deck.creatures.title"), tuple(cards), back_subtitle=say("deck.creatures.back"),
                accent=(0.55, 0.12, 0.1))
    return _with_notes(phrasebooks, deck, Paragraph(say("deck.creatures.notes")))


def _creature_types(phrasebooks: Words) -> dict[str, str]:
    """Each creature list's Type (1, 2, 3) from the type tables, e.g. "Types 1 & 3"."""
    say = phrasebooks.say_for(__package__)
    found: dict[str, list[str]] = {}
    for number, type_list in enumerate(rules.TYPE_LISTS, 1):
        for row in rules.tables()[type_list].rows:
            found.setdefault(row["table"], []).append(str(number))
    return {t: say("deck.creatures.type", types=n[0]) if len(n) == 1
            else say("deck.creatures.types", types=" & ".join(n)) for t, n in found.items()}


def _loot_rule(phrasebooks: Words, row: Row) -> str:
    """What a creature's Loot column (Yes, No, Maybe) means for the table, a Maybe by printgen's Loot: Maybe table."""
    say = phrasebooks.say_for(__package__)
    if row["loot"] == "Maybe":
        table = rules.tables()["loot-maybe"]
        carries = next(r for r in table.rows if r["carries"])
        return say("deck.creatures.loot-maybe", roll=carries.roll_text, die=table.die_text)
    return say(f"deck.creatures.loot-{row['loot'].lower()}")


def _creature_card(phrasebooks: Words, row: Row, kicker: str) -> Card:
    say = phrasebooks.say_for(__package__)
    words = say.section("deck.creatures")
    stats = (
        Stat(say("rating.health"), row["health"]),
        Stat(words["damage"], row.get("damage_dice") or words["no-damage"]),
        Stat(say("rating.speed"), str(row["speed"])),
        Stat(say("rating.attack"), str(row["attack"])),
        Stat(say("rating.defense"), str(row["defense"])),
    )
    # The badges and their rules say what the damage text adds to the dice ("+ Poison", "or Spell").
    # A poison that deals no Health damage (its note says so) gets no Poison badge, and its rule says so.
    tags = [s for s in row["specials"] if not (s == "Poison" and row.get("harmless_poison"))]
    body = [Paragraph(say("deck.creatures.special", rule=rule), say("deck.creatures.special-lead", special=special))
            for special, rule in rules.special_rules(phrasebooks, row)]
    if row.get("loot_gold"):  # Metal and Fused Elementals: their note's gold in place of a loot roll
        loot = say("deck.creatures.gold", gold=row["loot_gold"])
    else:
        loot = _loot_rule(phrasebooks, row)
    if row.get("note"):
        body.append(Paragraph(row["note"]))
    body.append(Paragraph(loot + " " + say("deck.how-many")))
    return Card(row.result, kicker, stats, tuple(tags), tuple(body))


def _rival_card(phrasebooks: Words, row: Row, kicker: str) -> Card:
    say = phrasebooks.say_for(__package__)
    words = say.section("deck.creatures")
    occupations = rules.tables()["occupation"]
    races = rules.tables()["race"]
    kit = ", ".join(_kit_item(phrasebooks, item) for item in rules.data_list("starting-kit").items)
    body = (
        Paragraph(say("deck.creatures.rival", rule=say("rival.rule"), kit=kit)),
        Paragraph(", ".join(say("deck.creatures.rival-row", roll=r.roll_text, name=r.result) for r in occupations.rows)
                  + ".", say("deck.creatures.rival-occupation", die=occupations.die_text)),
        Paragraph(", ".join(say("deck.creatures.rival-row", roll=r.roll_text, name=r.result) for r in races.rows)
                  + ".", say("deck.creatures.rival-race", die=races.die_text)),
        Paragraph(_loot_rule(phrasebooks, row) + " " + say("deck.how-many")),
    )
    # Its boxes give the span of each rating over the occupations and races it may be rolled as.
    return Card(row.result, kicker, _rival_stats(phrasebooks), (words["rival-tag"],), body)


def _span(values) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}\u2013{high}"


def _rival_stats(phrasebooks: Words) -> tuple[Stat, ...]:
    """A rival's ratings as the character rules give them: Health, Attack and Defense by its occupation, Speed by
    its race, and its damage its starting weapon's rating plus its race's Power."""
    say = phrasebooks.say_for(__package__)
    words = say.section("deck.creatures")
    occupations, races = rules.tables()["occupation"].rows, rules.tables()["race"].rows
    weapon = next(i for i in rules.data_list("weapons").items if i["name"] == rules.data_list("starting-kit").items[0]["name"])
    rating = int(weapon["wdr"])
    return (
        Stat(say("rating.health"), _span([r["health"] for r in occupations])),
        Stat(words["damage"], _span([rating + r["power"] for r in races])),
        Stat(say("rating.speed"), _span([r["speed"] for r in races])),
        Stat(say("rating.attack"), _span([r["attack"] for r in occupations])),
        Stat(say("rating.defense"), _span([r["defense"] for r in occupations])),
    )


def _kit_item(phrasebooks: Words, item: dict) -> str:
    say = phrasebooks.say_for(__package__)
    if item.get("count", 1) > 1:
        return say("deck.creatures.kit-many", count=item["count"], name=item["name"])
    return item["name"]


# -- weapons, armor, spells, miracles ----------------------------------------

def weapons_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    say = phrasebooks.say_for(__package__)
    words = say.section("deck.weapons")
    items = rules.data_list("weapons").items
    body = (Paragraph(say("deck.weapons.hit", formula=say("damage.weapon"), said=say("damage.weapon-said")),
                      words["lead"]),)
    cards = tuple(_pictured(Card(i["name"], words["kicker"], (Stat(words["wdr"], i["wdr"]),), (), body), "weapons",
                            i["name"]) for i in items)
    return _with_notes(phrasebooks,
                       Deck("weapons", words["title"], cards, back_subtitle=words["back"], accent=(0.16, 0.3, 0.45)))


def armor_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    say = phrasebooks.say_for(__package__)
    words = say.section("deck.armor")
    items = rules.data_list("armor").items
    body = (Paragraph(words["text"]),)
    cards = tuple(
        _pictured(Card(i["name"], say("deck.armor.kicker", slot=i["slot"]),
                       (Stat(words["ar"], str(i["ar"])), Stat(words["worn-on"], i["slot"])), (), body), "armor", i["name"])
        for i in items
    )
    return _with_notes(phrasebooks, Deck("armor", words["title"], cards, back_subtitle=say("deck.weapons.back"),
                            accent=(0.3, 0.32, 0.34)))


def spells_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    return _magic_deck(phrasebooks, "spells", "sdr", (0.35, 0.17, 0.5))


def miracles_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    return _magic_deck(phrasebooks, "miracles", "mdr", (0.62, 0.45, 0.08))


def _magic_deck(phrasebooks: Words, list_id: str, key: str, accent) -> Deck:
    say = phrasebooks.say_for(__package__)
    words = say.section(f"deck.{list_id}")
    items = rules.data_list(list_id).items
    label = words["rating"]
    cards = []
    for item in items:
        body = [Paragraph(item["effect"])]
        if item[key] != "NA":
            body.append(Paragraph(say("damage.magic", rating=label), say("deck.damage-lead")))
        body.append(Paragraph(say("deck.once-cast")))
        rating = "—" if item[key] == "NA" else item[key]  # the rules' NA: no damage
        cards.append(_pictured(Card(item["name"], words["kind"], (Stat(label, rating),), (), tuple(body)), list_id,
                               item["name"]))
    return _with_notes(phrasebooks, Deck(list_id, words["title"], tuple(cards), back_subtitle=say("deck.spells.back"),
                            accent=accent))


# -- traps and loot: decks that stand in for 2d6 -----------------------------

def _dice_deck(phrasebooks: Words, name: str, card: Callable[[Words, Table, Row, dict[str, str]], Card],
               accent: Color) -> Deck:
    """The deck drawn in place of 2d6 on the table ``name``: each row's card (``card(phrasebooks, table, row,
    words)``, ``words`` the deck's own phrases), as many of it as the dice have ways to roll the row."""
    say = phrasebooks.say_for(__package__)
    words = say.section(f"deck.{name}")
    table = rules.tables()[name]
    cards = tuple(card(phrasebooks, table, row, words) for row in table.rows)
    deck = Deck(name, words["title"], cards, back_subtitle=say("deck.drawn"), accent=accent)
    return _with_notes(phrasebooks, deck, Paragraph(say("deck.in-place-of-dice")))


def traps_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    return _dice_deck(phrasebooks, "traps", _trap_card, accent=(0.6, 0.3, 0.05))


def _trap_card(phrasebooks: Words, table: Table, row: Row, words: dict[str, str]) -> Card:
    say = phrasebooks.say_for(__package__)
    body = (Paragraph(_trap_effect(phrasebooks, row)),
            Paragraph(say("trap.thief", it=say("trap.it"), save=row["saving_roll"])))
    stats = (Stat(words["damage"], _trap_damage(phrasebooks, row)), Stat(words["save"], str(row["saving_roll"])))
    card = Card(row.result, say("deck.traps.kicker", roll=_roll_kicker(phrasebooks, table, row)), stats, (), body,
                count=_ways(table, row))
    return _pictured(card, "traps", row.result)


def _trap_damage(phrasebooks: Words, row: Row) -> str:
    """The damage as a short stat: the dice, or the rules' one word (Death, None, Curse)."""
    say = phrasebooks.say_for(__package__)
    if row.get("damage_dice"):
        return row["damage_dice"]
    return say("deck.traps.curse") if "Curse" in row["damage"] else row["damage"]


def _trap_effect(phrasebooks: Words, row: Row) -> str:
    say = phrasebooks.say_for(__package__)
    damage = row["damage"]
    if row["drops_to_next_level"]:
        return say("deck.traps.chute", damage=damage)
    if row["teleports"]:
        return say("deck.traps.teleport")
    if damage == "Death":
        return say("deck.traps.death")
    if damage.startswith("As Curse"):
        return say("deck.traps.curse-text")
    if "to Entire Room" in damage:
        return say("deck.traps.room", damage=row["damage_dice"])
    if "Poison" in damage:
        return say("deck.traps.poison", damage=row["damage_dice"])
    return say("deck.traps.hit", damage=damage)


def loot_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    return _dice_deck(phrasebooks, "loot", _loot_card, accent=(0.2, 0.42, 0.2))


def _loot_card(phrasebooks: Words, table: Table, row: Row, words: dict[str, str]) -> Card:
    say = phrasebooks.say_for(__package__)
    body = (Paragraph(_loot_text(phrasebooks, row)), Paragraph(table.notes))
    card = Card(_loot_title(row), say("deck.loot.kicker", roll=_roll_kicker(phrasebooks, table, row)),
                (Stat(words["points"], str(row["points"])),), (), body, count=_ways(table, row))
    return _pictured(card, "loot", row["kind"] if row["kind"] not in ("gold", "gems") else row.result)


def _loot_title(row: Row) -> str:
    return row.result.rstrip(".")


def _loot_text(phrasebooks: Words, row: Row) -> str:
    say = phrasebooks.say_for(__package__)
    kind = row["kind"]
    if kind == "weapon":
        return say("deck.loot.weapon")
    if kind == "armor":
        return say("deck.loot.armor")
    if kind in ("gold", "gems"):
        return say("deck.loot.some", loot=row.result.lower())
    return say("deck.loot.one", loot=row.result.lower())


def _roll_kicker(phrasebooks: Words, table: Table, row: Row) -> str:
    """The roll a card stands for, and its chance: "2 on 2d6 · 1 chance in 36"."""
    say = phrasebooks.say_for(__package__)
    ways = _ways(table, row)
    return say("deck.roll" if ways > 1 else "deck.roll-once", die=table.die_text, roll=row.roll_text, ways=ways)


def _ways(table: Table, row: Row) -> int:
    """How many of the 36 falls of 2d6 give this row: its card count."""
    return int(table.row_probability(row) * 36)


# -- encounters --------------------------------------------------------------

ROOM = "room-features"
CORRIDOR = "corridor-features"


def encounters_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    """36 cards, one per fall of two dice; each tells a room's and a corridor's contents, and is titled and pictured
    by them, the room's first."""
    say = phrasebooks.say_for(__package__)
    words = say.section("deck.encounters")
    rooms, corridors = rules.tables()[ROOM], rules.tables()[CORRIDOR]
    cards = []
    for first in range(1, 7):
        for second in range(1, 7):
            total = first + second
            room, corridor = rooms.lookup(total), corridors.lookup(total)
            body = (
                Paragraph(_contents(phrasebooks, room), words["room"]),
                Paragraph(_contents(phrasebooks, corridor), words["corridor"]),
            )
            kinds = room["contents_kind"], corridor["contents_kind"]
            holds = [say(f"deck.encounters.holds.{kind}") for kind in kinds]
            title = say("deck.encounters.card", room=holds[0], corridor=holds[1])
            pictures = GAME.data("pictures")["encounters"]
            cards.append(Card(title, say("deck.encounters.kicker", first=first, second=second),
                              (Stat(words["roll"], str(total)),), (), body,
                              picture=" ".join(icons.parse(pictures[kind])[0] for kind in kinds)))
    code.stream("deck", "encounters", "order").shuffle(cards)
    deck = Deck("encounters", words["title"], tuple(cards), back_subtitle=words["back"], accent=(0.1, 0.35, 0.4))
    return _with_notes(phrasebooks, deck, Paragraph(say("deck.in-place-of-dice")),
                       Paragraph(say("deck.encounters.shuffled")))


def _contents(phrasebooks: Words, row: Row) -> str:
    """What an encounter card says of a features row's contents, with the dice of the table it sends you to."""
    say = phrasebooks.say_for(__package__)
    tables = rules.tables()
    kind = row["contents_kind"]
    values: dict[str, object] = {"how_many": say("deck.how-many")}
    if kind == "creatures":
        types = tables["creature-type"]
        values.update(die=types.die_text, types=", ".join(f"{r.roll_text} {r.result}" for r in types.rows))
    elif kind == "crypt":
        values.update(die=tables[row["contents_table"]].die_text, list=rules.list_name(row["contents_table"]))
    elif kind == "fountain":
        fountain = tables["fountain"]
        good, poisoned = (next(r.roll_text for r in fountain.rows if r["good"] is g) for g in (True, False))
        values.update(die=fountain.die_text, good=good, poisoned=poisoned)
    return say(f"deck.encounters.contents.{kind}", **values)


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {
    "creatures": creatures_deck, "weapons": weapons_deck, "armor": armor_deck, "spells": spells_deck,
    "miracles": miracles_deck, "traps": traps_deck, "loot": loot_deck, "encounters": encounters_deck,
}
