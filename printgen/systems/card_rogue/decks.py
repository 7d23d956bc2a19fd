"""The Card Rogue set as decks: one per family, and ``all`` for the whole set in one file.

Numbers and counts come from the data files; the sentences from ``words``.
Tiles are drawn (face "tile"), characters have portraits (face "character"),
effect cards turn to count (face "counter"); the rest are text cards with
their symbols at the foot.
"""

from __future__ import annotations

from ...cards.model import Card, Deck, Paragraph, Stat, Symbol
from ...seed import SeedCode
from . import families, rules, words

DECK_ACCENT = families.FAMILY_COLOURS["exploration"]
TRADE = Symbol("trade")
NO_TRADE = Symbol("trade", crossed=True)


def _gold(amount: int, sellable: bool = True) -> Symbol:
    return Symbol("gold", str(amount) if sellable else "", crossed=not sellable)


def _paragraphs(effects: list[dict]) -> tuple[Paragraph, ...]:
    return tuple(Paragraph(words.ability(effect)) for effect in effects)


# -- exploration ------------------------------------------------------------

def tile(shape: dict, family: str, count: int) -> Card:
    arrow = shape.get("arrow", "")
    title = "Pathing Tile"
    return Card(title, count=count, face="tile", paths=tuple(shape["paths"]), arrow=arrow,
                back_style=families.back(family), source=f"{family} {shape['id']}")


def enemy_card(enemy: dict) -> Card:
    boss = enemy.get("boss")
    kind = "boss" if boss else "enemy"
    stats = [Stat("Attack", str(enemy["attack"])), Stat("Health", str(enemy["health"]))]
    if boss:
        stats.append(Stat("Victory", str(enemy["victory"])))
        kicker = f"Boss \u00b7 {enemy['victory']} victory point{'s' if enemy['victory'] != 1 else ''}"
    else:
        stats.append(Stat("Gold", str(enemy["gold"])))
        kicker = "Enemy \u00b7 slay it and keep it as loot"
    body = list(_paragraphs(enemy["abilities"]))
    if boss:
        body.append(Paragraph(words.BOSS_RULES[boss]))
        body.append(Paragraph("Cannot be sold, traded or discarded; it can be stolen, points and all."))
    symbols = (_gold(enemy["gold"], sellable=not boss), NO_TRADE if boss else TRADE)
    return Card(enemy["name"], kicker, tuple(stats), body=tuple(body), count=enemy["count"],
                emblem="crown" if boss else "claw", accent=families.KIND_COLOURS[kind], symbols=symbols,
                back_style=families.back("exploration"), source=f"enemy {enemy['id']}")


def trap_card(trap: dict, paths: tuple[str, ...]) -> Card:
    rule = words.TRAP_RULES[trap["id"]].format(**trap)
    return Card(trap["name"], "Trap", body=(Paragraph(rule), Paragraph(words.TRAP_FOOT)), count=trap["count"],
                face="tile", paths=paths, emblem=trap["emblem"], back_style=families.back("exploration"),
                source=f"trap {trap['id']}")


def landmark_cards(paths: tuple[str, ...]) -> list[Card]:
    """The fountain, the shop and the locked chest: crossings with a rule on a plate."""
    e = rules.exploration()
    fountain, shop, chest = e["fountain"], e["shop"], e["chest"]
    back = families.back("exploration")
    return [
        Card(fountain["name"], "Tile", body=(Paragraph(
            f"Start your turn here: roll a die. 1\u2013{fountain['drained_on'] - 1}: heal {fountain['heal']} health. "
            f"{fountain['drained_on']}: it runs dry; put a pathing tile in its place."),),
            count=fountain["count"], face="tile", paths=paths, emblem="fountain", back_style=back, source="fountain"),
        Card(shop["name"], "Tile", body=(Paragraph(
            "Stand here to trade with the shopkeeper: he buys any card for its gold amount and sells shop cards "
            "for twice theirs."),), count=shop["count"], face="tile", paths=paths, emblem="shop", back_style=back,
            source="shop"),
        Card(chest["name"], "Tile", body=(Paragraph(
            f"Step here holding the Key: discard it and score {chest['victory']} victory point."),),
            count=chest["count"], face="tile", paths=paths, emblem="chest", back_style=back, source="chest"),
    ]


def potion_cards() -> list[Card]:
    table = rules.potion_table()
    roll_list = "; ".join(f"{row.roll_text} {row.result.removeprefix('Potion of ')}" for row in table.rows)
    cards = []
    for colour in rules.potion_colours():
        cards.append(Card(
            f"{colour['name']} Potion", "Potion \u00b7 unknown until first used",
            body=(Paragraph("Drink it, or throw it at an adjacent player or enemy."),
                  Paragraph(f"First {colour['name'].lower()} used? Roll a die: {roll_list}.")),
            count=rules.potions_per_colour(), emblem="potion", tint=tuple(colour["rgb"]),
            accent=families.KIND_COLOURS["potion"], symbols=(Symbol("drink"), Symbol("throw"), _gold(1), TRADE),
            back_style=families.back("exploration"), source=f"potion {colour['name']}"))
    return cards


def artifact_cards() -> list[Card]:
    count = rules.exploration()["artifacts"]["count_each"]
    cards = []
    for artifact in rules.artifacts():
        body = list(_paragraphs(artifact["effects"]))
        body.append(Paragraph("Goes straight into your hand and works while it stays there."))
        symbols = [_gold(0, sellable=False), NO_TRADE]
        if artifact["cursed"]:
            symbols.append(Symbol("cursed"))
        cards.append(Card(artifact["name"], "Artifact" + (" \u00b7 cursed" if artifact["cursed"] else ""),
                          body=tuple(body), count=count, emblem="star", tint=(0.72, 0.55, 0.9),
                          accent=families.KIND_COLOURS["artifact"], symbols=tuple(symbols),
                          back_style=families.back("exploration"), source=f"artifact {artifact['id']}"))
    return cards


def key_card() -> Card:
    key = rules.exploration()["key"]
    return Card(key["name"], "Opens the Locked Chest", body=(Paragraph(
        "Keep it in your hand. Step onto the Locked Chest with it to score a victory point. It can be stolen."),),
        count=key["count"], emblem="key", accent=families.KIND_COLOURS["key"],
        symbols=(_gold(0, sellable=False), TRADE), back_style=families.back("exploration"), source="key")


def exploration_cards() -> list[Card]:
    special = tuple(rules.tiles()["special"]["paths"])
    cards = [tile(shape, "exploration", shape["exploration"]) for shape in rules.tile_shapes()]
    cards += [enemy_card(e) for e in rules.enemies()]
    cards += [trap_card(t, special) for t in rules.exploration()["trap"]]
    cards += landmark_cards(special)
    cards += potion_cards()
    cards += artifact_cards()
    cards.append(key_card())
    return cards


def pathing_cards() -> list[Card]:
    return [tile(shape, "pathing", shape["stack"]) for shape in rules.tile_shapes()]


def starting_cards() -> list[Card]:
    t = rules.tiles()
    back = families.back("starting")
    return [
        Card("Starting Tile", "Tile", body=(Paragraph(
            "Begin here. Turn the side nearest the table's edge to face it: that side is a wall. "
            "After the golem falls, the first back here ends the game."),), count=t["starting"]["count"],
             face="tile", paths=tuple(t["starting"]["paths"]), back_style=back, source="starting tile"),
        Card("Descending Ladder", "Story mode only", body=(Paragraph(
            "The way down to the next level. Leave it out of a normal game."),), count=t["ladder"]["count"],
             face="tile", paths=tuple(t["ladder"]["paths"]), emblem="ladder", back_style=back, source="ladder"),
    ]


# -- characters -------------------------------------------------------------

def character_cards() -> list[Card]:
    cards = []
    for character in rules.characters():
        health = rules.base_health() + sum(e.get("amount", 0) for e in character["positive"] + character["negative"]
                                           if e["code"] == "max-health")
        attack = sum(e.get("amount", 0) for e in character["positive"] + character["negative"]
                     if e["code"] == "attack")
        traits = [Paragraph(words.ability(e), lead="Gift:") for e in character["positive"]]
        traits += [Paragraph(words.ability(e), lead="Flaw:") for e in character["negative"]]
        stats = (Stat("Health", str(health)), Stat("Attack", words.signed(attack)))
        cards.append(Card(character["name"], "Character", stats, body=tuple(traits), face="character",
                          emblem=character["emblem"], accent=families.FAMILY_COLOURS["character"],
                          back_style=families.back("character"), source=f"character {character['id']}"))
    return cards


# -- shop, gold, effects, references, spares --------------------------------

def shop_cards() -> list[Card]:
    back = families.back("shop")
    cards = []
    for entry in rules.equipment():
        weapon = entry["slot"] in ("primary", "both-hands")
        kind = "Weapon" if weapon else "Armor"
        kicker = f"{kind} \u00b7 {words.SLOT_NAMES[entry['slot']]}"
        if entry["slot"] == "both-hands":
            kicker += " (two-handed)"
        stats = (Stat("Sell", str(entry["gold"])), Stat("Buy", str(2 * entry["gold"])))
        cards.append(Card(entry["name"], kicker, stats, body=_paragraphs(entry["effects"]), count=entry["count"],
                          emblem=entry["emblem"], accent=families.KIND_COLOURS["weapon" if weapon else "armor"],
                          symbols=(Symbol("slot", entry["slot"]), _gold(entry["gold"]), TRADE), back_style=back,
                          source=f"shop {entry['id']}"))
    for scroll in rules.scrolls():
        stats = (Stat("Sell", str(scroll["gold"])), Stat("Buy", str(2 * scroll["gold"])))
        cards.append(Card(scroll["name"], "Scroll \u00b7 read once, then discard", stats,
                          body=_paragraphs(scroll["effects"]) + (Paragraph("Works only on you."),),
                          count=scroll["count"], emblem="scroll", accent=families.KIND_COLOURS["scroll"],
                          symbols=(Symbol("throw", crossed=True), _gold(scroll["gold"]), TRADE), back_style=back,
                          source=f"scroll {scroll['id']}"))
    debt = rules.debt()
    cards.append(Card(debt["name"], "Victory point", (Stat("Buy", str(2 * debt["gold"])),), body=(
        Paragraph(f"Buy it to clear the shopkeeper's debt: it leaves the game and you score "
                  f"{words.ability(debt['effects'][0]).removesuffix('.').removeprefix('+')}, which no one can steal."),),
        count=debt["count"], emblem="coin", accent=families.KIND_COLOURS["debt"],
        symbols=(_gold(debt["gold"]), NO_TRADE), back_style=back, source="debt"))
    return cards


def gold_cards() -> list[Card]:
    back = families.back("gold")
    return [Card(f"{g['amount']} Gold", "Gold", body=(Paragraph("Pay the shopkeeper or the mole; trade freely."),),
                 count=g["count"], emblem=f"coin:{g['amount']}", accent=families.KIND_COLOURS["gold"],
                 symbols=(_gold(g["amount"]), TRADE), back_style=back, source=f"gold {g['amount']}")
            for g in rules.supplies()["gold"]]


EFFECT_RULES = {
    "poison": "Lose 1 health at the start of each turn.",
    "skip": "Paralyzed or tripped: lose your turns.",
    "cooldown": "The Mage's spell rests.",
}
COUNTER_HOW = "Turn a quarter each turn; the number nearest you is the turns left."


def effect_cards() -> list[Card]:
    back = families.back("effect")
    return [Card(effect["name"], "Effect", body=(Paragraph(EFFECT_RULES[effect["id"]]), Paragraph(COUNTER_HOW)),
                 count=effect["count"], face="counter", emblem=effect["emblem"],
                 accent=families.KIND_COLOURS["effect"], back_style=back, source=f"effect {effect['id']}")
            for effect in rules.supplies()["effect"]]


def reference_cards() -> list[Card]:
    from .reference_rules import reference_paragraphs

    count = rules.supplies()["reference"]["count"]
    legend = (Symbol("slot", "primary"), Symbol("drink"), Symbol("throw"), _gold(3), TRADE, Symbol("cursed"),
              _gold(0, sellable=False))
    return [Card("Reference", "The rules hardest to remember", body=reference_paragraphs(), count=count,
                 accent=families.KIND_COLOURS["reference"], back_style=families.back("reference"),
                 source="reference card"),
            Card("Card Symbols", "Read from the foot of a card", body=SYMBOLS_LEGEND, count=count,
                 accent=families.KIND_COLOURS["reference"], symbols=legend, back_style=families.back("reference"),
                 source="symbols card")]


SYMBOLS_LEGEND = (
    Paragraph("the slot it fills on the equipment card: hand, shield, head, chest or feet; two together for "
              "a two-handed weapon.", lead="Slot:"),
    Paragraph("it can be drunk, or thrown at an adjacent player or enemy.", lead="Flask, arc:"),
    Paragraph("its gold amount: what the shop pays for it; the shop asks twice that.", lead="Coin:"),
    Paragraph("it can be traded with an adjacent player.", lead="Arrows:"),
    Paragraph("cursed: it stays in your hand until a scroll removes it.", lead="Skull:"),
    Paragraph("crossed out in red, it cannot be used that way: a crossed coin cannot be sold.",
              lead="Red stroke:"),
)


def spare_cards() -> list[Card]:
    cards = []
    number = 0
    for spare in rules.supplies()["spare"]:
        for _ in range(spare["count"]):
            number += 1
            cards.append(Card(f"SPARE {number:02d}", f"Spare \u00b7 {words.FAMILY_NAMES[spare['family']]}", body=(
                Paragraph("Stands in for a lost card. Note on a slip of paper which card this spare replaces; "
                          "keep it out of the game until then."),), accent=families.KIND_COLOURS["spare"],
                back_style=families.back(spare["family"]), source=f"spare {number}"))
    return cards


# -- the decks ----------------------------------------------------------------

FAMILIES = {
    "exploration": ("Exploration", exploration_cards),
    "pathing": ("Pathing Tiles", pathing_cards),
    "starting": ("Starting Tiles", starting_cards),
    "characters": ("Characters", character_cards),
    "shop": ("Shop", shop_cards),
    "gold": ("Gold", gold_cards),
    "effects": ("Effects", effect_cards),
    "references": ("Reference", reference_cards),
    "spares": ("Spares", spare_cards),
}


def family_deck(name: str) -> Deck:
    title, cards = FAMILIES[name]
    rules.check()
    return Deck(name, title, tuple(cards()), accent=DECK_ACCENT)


def all_cards() -> Deck:
    rules.check()
    cards = tuple(card for _, build in FAMILIES.values() for card in build())
    return Deck("all", "Card Rogue", cards, accent=DECK_ACCENT)


def build_family(name: str):
    def build(code: SeedCode, options: dict) -> Deck:
        return family_deck(name)

    return build


def all_deck(code: SeedCode, options: dict) -> Deck:
    return all_cards()


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {"all": all_deck, **{name: build_family(name) for name in FAMILIES}}
