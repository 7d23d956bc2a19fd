"""The encounter deck: a card for every monster and trap of the E to A lists, and the shop's two foes.

For a Dungeon Master who would rather pull a card than look a name up: each
card gives the list letter and the roll that finds it, the numbers, and what
the creature or trap does, in printgen's words.
"""

from __future__ import annotations

from ...cards.model import Card, Deck, Paragraph, Stat
from ...seed import SeedCode
from . import rules, words

ACCENT = (0.18, 0.32, 0.22)


def encounters_deck(code: SeedCode, options: dict) -> Deck:
    cards = []
    for letter in rules.LETTERS:
        cards += [_monster_card(row, letter) for row in rules.tables()[rules.monsters(letter)].rows]
        if rules.traps(letter) in rules.tables().tables:
            cards += [_trap_card(row, letter) for row in rules.tables()[rules.traps(letter)].rows]
    cards += _shop_cards()
    return Deck("encounters", "Encounters", tuple(cards), back_subtitle="Rogue Like Roguelike · monsters and traps",
                accent=ACCENT)


def _monster_card(row, letter: str) -> Card:
    line = words.monster_line(row.result, letter)
    fire = (Stat("Fire", line["fire"]),) if line["fire"] else ()
    stats = (Stat("Damage", line["damage"]), *fire, Stat("HP", str(line["hp"])), Stat("List", letter))
    body = tuple(Paragraph(trait[0].upper() + trait[1:] + ".") for trait in line["traits"])
    body += tuple(Paragraph(text, lead) for lead, text in _eating(row))
    return Card(row.result, f"{letter} Level monster · roll {row.roll_text}", stats, body=body)


def _eating(row) -> list[tuple[str, str]]:
    """What eating it does, in numbers from the rules."""
    if not row["edible"]:
        return []
    food = rules.campaign()["food"]
    said = [("Eaten:", f"+{food['edible_hp']} HP, +{food['cooked_hp']} if cooked over a fire.")]
    if row["diseased"]:
        said.append(("Diseased:", f"−{food['disease_loss']} HP every {food['disease_minutes']} minutes of play "
                                  "until a Cureall potion."))
    return said


def _trap_card(row, letter: str) -> Card:
    line = words.trap_line(row.result, letter)
    damage = (Stat("Damage", line["damage"]),) if line["damage"] else ()
    stats = (Stat("Attack", line["attack"] or "auto"), *damage, Stat("List", letter))
    body = [Paragraph("It always hits: no roll to dodge.")] if not line["attack"] else []
    if line["effect"]:
        body.append(Paragraph(line["effect"][0].upper() + line["effect"][1:] + "."))
    return Card(row.result, f"{letter} Level trap · roll {row.roll_text}", stats, body=tuple(body))


def _shop_cards() -> list[Card]:
    campaign = rules.campaign()
    mimic, keeper = campaign["mimic"], campaign["shopkeeper"]
    return [
        Card(mimic["name"], "Shop · where leveled stock shows gold",
             (Stat("Attack", mimic["attack_dice"]), Stat("Damage", mimic["damage_dice"]), Stat("HP", str(mimic["hp"]))),
             body=(Paragraph("Sits on the shelf as stock and attacks whoever touches it; "
                             + words.TRAITS["relentless"] + "."),)),
        Card("Shopkeeper", "Shop · only if attacked",
             (Stat("Attack", keeper["attack_dice"]), Stat("Damage", keeper["damage_dice"]),
              Stat("HP", str(keeper["hp"]))),
             body=(Paragraph("Peaceful while the rogue pays. Attacked, a fearsome foe."),)),
    ]


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {"encounters": encounters_deck}
