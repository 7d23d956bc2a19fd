"""The Card Rogue set as decks: one per family, and ``all`` for the whole set in one file.

Numbers and counts come from the data files; the words from the game's
phrasebook (words.toml), each card description by its code.
Tiles are drawn (face "tile"), characters have portraits (face "character"),
effect cards turn to count (face "counter"); the rest are text cards with
their symbols at the foot.
"""

from __future__ import annotations

from typing import Any

from ...cards import icons
from ...cards.model import Card, Deck, Look, Paragraph, Stat, Symbol
from ...cards.notes import notes_card
from ...seed import SeedCode
from ...units import MIN_TEXT_PT
from ...words import Words
from . import GAME, families, rules

# Card Rogue's text cards: a notched band, a rounded frame, a rule inside the trim.
LOOK = Look(band="notched", frame="rounded", border=True)

def picture(kind: str, card_id: str) -> dict[str, Any]:
    """A card's picture and its colour, from data/pictures.toml: [kind], by the card's id."""
    icon, tint = icons.parse(GAME.data("pictures")[kind][card_id])
    return {"picture": icon, "tint": tint}

DECK_ACCENT = families.FAMILY_COLOURS["exploration"]
TRADE = Symbol("trade")
NO_TRADE = Symbol("trade", crossed=True)


def _gold(amount: int, sellable: bool = True) -> Symbol:
    return Symbol("gold", str(amount) if sellable else "", crossed=not sellable)


# -- the words of a card description ------------------------------------------------

def faces(phrasebooks: Words, on: list[int]) -> str:
    """[4, 5, 6] -> "4, 5 or 6"."""
    say = phrasebooks.say_for(__package__)
    numbers = [str(n) for n in on]
    return numbers[0] if len(numbers) == 1 else say("join.or", most=", ".join(numbers[:-1]), last=numbers[-1])


def signed(amount: int) -> str:
    return f"+{amount}" if amount >= 0 else f"\u2212{-amount}"


def count(phrasebooks: Words, n: int, noun: str) -> str:
    """A number with its noun, one or many: count(2, "turn") -> "2 turns"."""
    say = phrasebooks.say_for(__package__)
    return say(f"count.{noun}" if n == 1 else f"count.{noun}s", n=n)


def ability(phrasebooks: Words, effect: dict[str, Any]) -> str:
    """One card description (an ability, trait or effect), as printed on a card."""
    say = phrasebooks.say_for(__package__)
    code = effect["code"]
    on = effect.get("on", [])
    if code == "flee":
        on = sorted(set(on) | set(rules.data("combat")["flee_on"]))
    if code == "double-roll" and effect.get("cooldown"):
        code = "double-roll-spell"
    amount = effect.get("amount", 0)
    turns = effect.get("turns", effect.get("cooldown", 0))
    return say(f"ability.{code}", on=faces(phrasebooks, on) if on else "", amount=amount, signed=signed(amount),
               turns=count(phrasebooks, turns, "turn"), points=count(phrasebooks, amount, "victory-point"))


def _paragraphs(phrasebooks: Words, effects: list[dict]) -> tuple[Paragraph, ...]:
    return tuple(Paragraph(ability(phrasebooks, effect)) for effect in effects)


# -- exploration ------------------------------------------------------------

def tile(phrasebooks: Words, shape: dict, family: str, copies: int) -> Card:
    say = phrasebooks.say_for(__package__)
    arrow = shape.get("arrow", "")
    return Card(say("tile.pathing"), count=copies, face="tile", paths=tuple(shape["paths"]), arrow=arrow,
                back_style=families.back(phrasebooks, family), source=f"{family} {shape['id']}")


def enemy_card(phrasebooks: Words, enemy: dict) -> Card:
    say = phrasebooks.say_for(__package__)
    boss = enemy.get("boss")
    kind = "boss" if boss else "enemy"
    stats = [Stat(say("stat.attack"), str(enemy["attack"])), Stat(say("stat.health"), str(enemy["health"]))]
    if boss:
        stats.append(Stat(say("stat.victory"), str(enemy["victory"])))
        kicker = say("enemy.boss-kicker", points=count(phrasebooks, enemy["victory"], "victory-point"))
    else:
        stats.append(Stat(say("stat.gold"), str(enemy["gold"])))
        kicker = say("enemy.kicker")
    body = list(_paragraphs(phrasebooks, enemy["abilities"]))
    if boss:
        body.append(BOSS_RULES[boss](phrasebooks))
        body.append(Paragraph(say("boss.kept")))
    symbols = (_gold(enemy["gold"], sellable=not boss), NO_TRADE if boss else TRADE)
    return Card(enemy["name"], kicker, tuple(stats), body=tuple(body), count=enemy["count"],
                accent=families.KIND_COLOURS[kind], symbols=symbols, full_art=bool(boss),
                back_style=families.back(phrasebooks, "exploration"), source=f"enemy {enemy['id']}",
                **picture("enemy", enemy["id"]))


def end_rush(phrasebooks: Words) -> Paragraph:
    """The end rush, as the golem's card and the starting tiles print it."""
    return rule_paragraph(phrasebooks, "end-rush",
                          points=count(phrasebooks, rules.tiles()["starting"]["victory"], "victory-point"))


# The rule each boss card prints, by its boss code in enemies.toml.
BOSS_RULES = {"basilisk": lambda phrasebooks: rule_paragraph(phrasebooks, "basilisks"), "golem": end_rush}


def trap_card(phrasebooks: Words, trap: dict, paths: tuple[str, ...]) -> Card:
    say = phrasebooks.say_for(__package__)
    rule = say(f"trap.{trap['id']}", damage=trap.get("damage", 0),
               turns=count(phrasebooks, trap.get("turns", 0), "turn"),
               rule=say("rule.poison"))
    return Card(trap["name"], say("trap.kicker"), body=(Paragraph(rule), Paragraph(say("trap.again"))),
                count=trap["count"], face="tile", paths=paths, back_style=families.back(phrasebooks, "exploration"),
                source=f"trap {trap['id']}", **picture("tile", trap["id"]))


def chest_and_key(phrasebooks: Words) -> Paragraph:
    """The rule of the locked chest and its key, as both cards print it."""
    e = rules.exploration()
    return rule_paragraph(phrasebooks, "chest", chest=e["chest"]["name"], key=e["key"]["name"],
                          points=count(phrasebooks, e["chest"]["victory"], "victory-point"))


def landmark_cards(phrasebooks: Words, paths: tuple[str, ...]) -> list[Card]:
    """The fountain, the shop and the locked chest: crossings with a rule on a plate."""
    say = phrasebooks.say_for(__package__)
    e = rules.exploration()
    fountain, shop, chest = e["fountain"], e["shop"], e["chest"]
    back = families.back(phrasebooks, "exploration")
    bodies = {
        "fountain": (Paragraph(say("tile.fountain", upto=fountain["drained_on"] - 1, heal=fountain["heal"],
                                   drained=fountain["drained_on"])),),
        "shop": (Paragraph(say("tile.shop")), shop_prices(phrasebooks)),
        "chest": (chest_and_key(phrasebooks),),  # the key's card prints it too
    }
    return [Card(card["name"], say("tile.kicker"), body=bodies[which], count=card["count"], face="tile", paths=paths,
                 back_style=back, source=which, **picture("tile", which))
            for which, card in (("fountain", fountain), ("shop", shop), ("chest", chest))]


def shop_prices(phrasebooks: Words) -> Paragraph:
    """What the shopkeeper pays and asks, as the shop's tile and the reference card print it."""
    return rule_paragraph(phrasebooks, "shop", factor=rules.data("combat")["buy_factor"])


def potion_rolls(phrasebooks: Words) -> str:
    """The rules' potion table in a line, with what each does: "1 Healing +5 health; 2 Poison for 3 turns; ..."."""
    say = phrasebooks.say_for(__package__)
    amounts = rules.potion_amounts()  # by code: "healing" = 5, "poison_turns" = 3, ...
    return "; ".join(say("potion.roll", roll=row.roll_text, effect=row["effect"], what=say(
        f"potion.effect.{row['code']}", amount=amounts.get(row["code"], 0),
        turns=count(phrasebooks, amounts.get(f"{row['code']}_turns", 0), "turn"))) for row in rules.potion_table().rows)


def potion_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    rolls = rule_paragraph(phrasebooks, "potions", first=say("rule.potion-first"), rolls=potion_rolls(phrasebooks))
    symbols = (Symbol("drink"), Symbol("throw"), _gold(rules.potion_gold()), TRADE)
    cards = []
    for colour in rules.potion_colours():
        cards.append(Card(
            say("potion.title", colour=colour["name"]), say("potion.kicker"),
            body=(rolls,),  # drinking and throwing: its symbols
            count=rules.potions_per_colour(), picture=picture("potion", colour["name"])["picture"],
            tint=tuple(colour["rgb"]), accent=families.KIND_COLOURS["potion"], symbols=symbols,
            back_style=families.back(phrasebooks, "exploration"), source=f"potion {colour['name']}"))
    return cards


def artifact_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    copies = rules.exploration()["artifacts"]["count_each"]
    cards = []
    for artifact in rules.artifacts():
        body = list(_paragraphs(phrasebooks, artifact["effects"]))
        body.append(Paragraph(say("artifact.kept")))
        symbols = [_gold(0, sellable=False), NO_TRADE]
        if artifact["cursed"]:
            symbols.append(Symbol("cursed"))
        kicker = say("artifact.cursed-kicker") if artifact["cursed"] else say("artifact.kicker")
        cards.append(Card(artifact["name"], kicker, body=tuple(body), count=copies,
                          accent=families.KIND_COLOURS["artifact"], symbols=tuple(symbols),
                          back_style=families.back(phrasebooks, "exploration"), source=f"artifact {artifact['id']}",
                          **picture("artifact", artifact["id"])))
    return cards


def key_card(phrasebooks: Words) -> Card:
    say = phrasebooks.say_for(__package__)
    key, chest = rules.exploration()["key"], rules.exploration()["chest"]["name"]
    return Card(key["name"], say("key.kicker", chest=chest),
                body=(Paragraph(say("key.rule")), chest_and_key(phrasebooks)),
                count=key["count"], accent=families.KIND_COLOURS["key"], symbols=(_gold(0, sellable=False), TRADE),
                back_style=families.back(phrasebooks, "exploration"), source="key", **picture("key", "key"))


def exploration_cards(phrasebooks: Words) -> list[Card]:
    special = tuple(rules.tiles()["special"]["paths"])
    cards = [tile(phrasebooks, shape, "exploration", shape["exploration"]) for shape in rules.tile_shapes()]
    cards += [enemy_card(phrasebooks, e) for e in rules.enemies()]
    cards += [trap_card(phrasebooks, t, special) for t in rules.exploration()["trap"]]
    cards += landmark_cards(phrasebooks, special)
    cards += potion_cards(phrasebooks)
    cards += artifact_cards(phrasebooks)
    cards.append(key_card(phrasebooks))
    return cards


def pathing_cards(phrasebooks: Words) -> list[Card]:
    return [tile(phrasebooks, shape, "pathing", shape["stack"]) for shape in rules.tile_shapes()]


def starting_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    t = rules.tiles()
    back = families.back(phrasebooks, "starting")
    return [
        Card(say("tile.starting"), say("tile.kicker"),
             body=(Paragraph(say("tile.starting-rule")), end_rush(phrasebooks)),
             count=t["starting"]["count"], face="tile", paths=tuple(t["starting"]["paths"]), back_style=back,
             source="starting tile", **picture("tile", "starting")),
        Card(say("tile.ladder"), say("tile.ladder-kicker"), body=(Paragraph(say("tile.ladder-rule")),),
             count=t["ladder"]["count"], face="tile", paths=tuple(t["ladder"]["paths"]), back_style=back,
             source="ladder", **picture("tile", "ladder")),
    ]


# -- characters -------------------------------------------------------------

def character_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    cards = []
    for character in rules.characters():
        health = rules.base_health() + sum(e.get("amount", 0) for e in character["positive"] + character["negative"]
                                           if e["code"] == "max-health")
        attack = sum(e.get("amount", 0) for e in character["positive"] + character["negative"]
                     if e["code"] == "attack")
        traits = [Paragraph(ability(phrasebooks, e), lead=say("character.gift")) for e in character["positive"]]
        traits += [Paragraph(ability(phrasebooks, e), lead=say("character.flaw")) for e in character["negative"]]
        stats = (Stat(say("stat.health"), str(health)), Stat(say("stat.attack"), signed(attack)))
        cards.append(Card(character["name"], say("character.kicker"), stats, body=tuple(traits), face="character",
                          emblem=character["emblem"], accent=families.FAMILY_COLOURS["character"],
                          back_style=families.back(phrasebooks, "character"), source=f"character {character['id']}",
                          picture=picture("character", character["id"])["picture"]))
    return cards


# -- shop, gold, effects, references, spares --------------------------------

def shop_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    back = families.back(phrasebooks, "shop")
    factor = rules.data("combat")["buy_factor"]  # the shop sells for this many times a card's gold amount
    cards = []
    for entry in rules.equipment():
        weapon = entry["slot"] in ("primary", "both-hands")
        kind, slot = say("shop.weapon") if weapon else say("shop.armor"), say(f"slot.{entry['slot']}")
        if entry["slot"] == "both-hands":
            kicker = say("shop.two-handed", kind=kind, slot=slot)
        else:
            kicker = say("shop.kicker", kind=kind, slot=slot)
        stats = (Stat(say("stat.sell"), str(entry["gold"])), Stat(say("stat.buy"), str(factor * entry["gold"])))
        cards.append(Card(entry["name"], kicker, stats, body=_paragraphs(phrasebooks, entry["effects"]),
                          count=entry["count"],
                          accent=families.KIND_COLOURS["weapon" if weapon else "armor"],
                          symbols=(Symbol("slot", entry["slot"]), _gold(entry["gold"]), TRADE), back_style=back,
                          source=f"shop {entry['id']}", **picture("shop", entry["id"])))
    for scroll in rules.scrolls():
        stats = (Stat(say("stat.sell"), str(scroll["gold"])), Stat(say("stat.buy"), str(factor * scroll["gold"])))
        cards.append(Card(scroll["name"], say("shop.scroll-kicker"), stats,
                          body=_paragraphs(phrasebooks, scroll["effects"]) + (Paragraph(say("shop.scroll-self")),),
                          count=scroll["count"], accent=families.KIND_COLOURS["scroll"],
                          symbols=(Symbol("throw", crossed=True), _gold(scroll["gold"]), TRADE), back_style=back,
                          source=f"scroll {scroll['id']}", **picture("shop", scroll["id"])))
    debt = rules.debt()
    points = count(phrasebooks, debt["effects"][0]["amount"], "victory-point")
    # A debt is never sold: its Sell box stands empty, so Buy keeps its place on every shop card.
    stats = (Stat(say("stat.sell"), "\u2014"), Stat(say("stat.buy"), str(factor * debt["gold"])))
    cards.append(Card(debt["name"], say("shop.debt-kicker"), stats,
                      body=(Paragraph(say("shop.debt", points=points)),), count=debt["count"],
                      accent=families.KIND_COLOURS["debt"], symbols=(_gold(debt["gold"]), NO_TRADE), back_style=back,
                      source="debt", **picture("shop", "debt")))
    return cards


def gold_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    back = families.back(phrasebooks, "gold")
    return [Card(say("gold.title", amount=g["amount"]), say("gold.kicker"), body=(Paragraph(say("gold.rule")),),
                 count=g["count"], accent=families.KIND_COLOURS["gold"], symbols=(_gold(g["amount"]), TRADE),
                 back_style=back, source=f"gold {g['amount']}", **picture("gold", str(g["amount"])))
            for g in rules.supplies()["gold"]]


def _effect_rule(phrasebooks: Words, effect: str) -> Paragraph:
    """What an effect card counts: poison prints its [rule], the others their effect.<id>."""
    say = phrasebooks.say_for(__package__)
    return rule_paragraph(phrasebooks, "poison") if effect == "poison" else Paragraph(say(f"effect.{effect}"))


def effect_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    back = families.back(phrasebooks, "effect")
    return [Card(effect["name"], say("effect.kicker"),
                 body=(_effect_rule(phrasebooks, effect["id"]), Paragraph(say("effect.turning"))),
                 count=effect["count"], face="counter", accent=families.KIND_COLOURS["effect"], back_style=back,
                 source=f"effect {effect['id']}", **picture("effect", effect["id"]))
            for effect in rules.supplies()["effect"]]


def reference_paragraphs(phrasebooks: Words) -> tuple[Paragraph, ...]:
    """The reference card: the rules a table forgets most, with the numbers from the data."""
    say = phrasebooks.say_for(__package__)
    combat = rules.data("combat")
    values = {"turn": {"steps": say("rule.turn-steps")},
              "flee": {"on": faces(phrasebooks, combat["flee_on"]), "fled": say("rule.fled")},
              "players": {"trip": faces(phrasebooks, combat["trip_on"]), "steal": faces(phrasebooks,
                                                                                        combat["steal_on"])},
              "shop": {"factor": combat["buy_factor"]},
              "potions": {"first": say("rule.potion-first"), "rolls": potion_rolls(phrasebooks)},
              "mole": {"cost": combat["mole_cost"]}}
    return tuple(rule_paragraph(phrasebooks, part, **values.get(part, {})) for part in REFERENCE)


def rule_paragraph(phrasebooks: Words, part: str, **values: Any) -> Paragraph:
    """One of the rules a table forgets most, after its lead, as the reference card and other cards print it."""
    say = phrasebooks.say_for(__package__)
    return Paragraph(say("reference.rule", rule=say(f"rule.{part}", **values)), lead=say(f"lead.{part}"))


REFERENCE = ("turn", "combat", "flee", "players", "shop", "potions", "dying", "mole")  # in order
SYMBOLS = ("slot", "use", "gold", "trade", "cursed", "crossed")  # the symbols card, in order


def reference_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    copies = rules.supplies()["reference"]["count"]
    legend = (Symbol("slot", "primary"), Symbol("drink"), Symbol("throw"), _gold(3), TRADE, Symbol("cursed"),
              _gold(0, sellable=False))
    symbols = tuple(Paragraph(say(f"symbols.{part}.text"), lead=say(f"symbols.{part}.lead")) for part in SYMBOLS)
    return [Card(say("reference.title"), say("reference.kicker"), body=reference_paragraphs(phrasebooks), count=copies,
                 accent=families.KIND_COLOURS["reference"], back_style=families.back(phrasebooks, "reference"),
                 source="reference card", reference=True, **picture("reference", "reference")),
            Card(say("symbols.title"), say("symbols.kicker"), body=symbols, count=copies,
                 accent=families.KIND_COLOURS["reference"], symbols=legend,
                 back_style=families.back(phrasebooks, "reference"),
                 source="symbols card", reference=True, **picture("reference", "symbols"))]


def spare_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    cards = []
    number = 0
    for spare in rules.supplies()["spare"]:
        for _ in range(spare["count"]):
            number += 1
            cards.append(Card(say("spare.title", number=f"{number:02d}"),
                              say("spare.kicker", family=say(f"back.{spare['family']}.name")),
                              body=(Paragraph(say("spare.rule")),), accent=families.KIND_COLOURS["spare"],
                              back_style=families.back(phrasebooks, spare["family"]), source=f"spare {number}",
                              write_in=True))
    return cards


# -- the decks ----------------------------------------------------------------

# Each family deck by name, with the cards it holds; its title is the phrase deck.<name>.
FAMILIES = {
    "exploration": exploration_cards,
    "pathing": pathing_cards,
    "starting": starting_cards,
    "characters": character_cards,
    "shop": shop_cards,
    "gold": gold_cards,
    "effects": effect_cards,
    "references": reference_cards,
    "spares": spare_cards,
}


def title(phrasebooks: Words, name: str) -> str:
    """A family deck's title."""
    say = phrasebooks.say_for(__package__)
    return say(f"deck.{name}")


def deck_notes(phrasebooks: Words, deck_title: str, cards: tuple[Card, ...]) -> Card:
    """The notes card that ends every deck: where the numbers come from, and whose pictures its ``cards`` show."""
    say = phrasebooks.say_for(__package__)
    return notes_card(phrasebooks, deck_title, cards, (Paragraph(say("notes.deck")),),
                      families.KIND_COLOURS["reference"],
                      families.back(phrasebooks, "reference"))


def family_deck(phrasebooks: Words, name: str) -> Deck:
    rules.check()
    cards = tuple(FAMILIES[name](phrasebooks))
    return Deck(name, title(phrasebooks, name), (*cards, deck_notes(phrasebooks, title(phrasebooks, name), cards)),
                accent=DECK_ACCENT, look=LOOK,
                least_body=MIN_TEXT_PT)


def all_cards(phrasebooks: Words) -> Deck:
    rules.check()
    cards = tuple(card for build in FAMILIES.values() for card in build(phrasebooks))
    return Deck("all", GAME.title, (*cards, deck_notes(phrasebooks, GAME.title, cards)), accent=DECK_ACCENT, look=LOOK,
                least_body=MIN_TEXT_PT)


def build_family(name: str):
    def build(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
        return family_deck(phrasebooks, name)

    return build


def all_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    return all_cards(phrasebooks)


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {"all": all_deck, **{name: build_family(name) for name in FAMILIES}}
