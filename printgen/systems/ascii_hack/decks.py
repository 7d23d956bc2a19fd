"""The Opposition's prompt decks and pre-rolled obstacles, as cards.

``obstacles`` builds and prices; this module only chooses the words. Each
deck opens with a card that says how it was dealt and what its suggestions
draw from, so the seeded choices are where the player looks (and in the JSON).
"""

from __future__ import annotations

from typing import Any

from ...cards.model import Card, Deck, Paragraph, Stat
from ...seed import SeedCode
from . import obstacles, rules
from .obstacles import builds

GENRE_NAMES = {"fantasy": "Fantasy", "scifi": "Sci-fi", "western": "Western"}
KIND_NAMES = {"zone": "Zone", "monster": "Monster", "trap": "Trap", "environ": "Environ", "puzzle": "Puzzle",
              "device": "Device", "obstacle": "Obstacle"}
ACCENTS = {"zone": (0.18, 0.35, 0.3), "monster": (0.55, 0.12, 0.1), "trap": (0.6, 0.33, 0.05),
           "environ": (0.15, 0.3, 0.5), "puzzle": (0.38, 0.2, 0.5), "device": (0.35, 0.33, 0.12),
           "obstacle": (0.2, 0.2, 0.24)}
HOW = {
    "zone": "Draw one when you make a Zone: a place to describe, how many exits it has (the entrance counted) "
            "and whether to pay the Token that makes it need light.",
    "monster": "Draw one when a Zone wants a foe. Talents cost the Talent price, Gear the Gear price; "
               "when it dies, the Adventurer takes half those Tokens, rounded up.",
    "trap": "Draw one for a Zone the Adventurer will poke at. The effect costs the Gear price, each trigger "
            "1 Token; it rolls only when the Adventurer sets it off.",
    "environ": "Draw one to make a Zone hostile. Its effect costs the Talent price and rolls once against "
               "the Adventurer on every entry.",
    "puzzle": "Draw one to bar the way on. A simple puzzle's toll costs you as many Tokens as it asks; "
              "a logic puzzle is free and may be ignored.",
    "obstacle": "Ready-made obstacles: monsters, traps, environs and puzzles, each kind equally likely, built "
                "and priced like the prompt decks'. Obstacle N is the same card whatever the count.",
    "device": "For the Adventurer: draw one when exploring for ideas. A Device has no die and costs 1 Token "
              "to find; anyone may object.",
}


def _deck(family: str, plural: str):
    def build_deck(code: SeedCode, options: dict[str, Any]) -> Deck:
        genre = options["genre"]
        cards = [_about(family, genre)] + [card(item, genre) for item in obstacles.deal(code, family, genre)]
        return Deck(plural.lower(), plural, tuple(cards), back_title=plural,
                    back_subtitle=f"ASCII @HACK · {GENRE_NAMES[genre]}", accent=ACCENTS[family])

    return build_deck




def obstacles_deck(code: SeedCode, options: dict[str, Any]) -> Deck:
    genre = options["genre"]
    rolled = [obstacles.pre_rolled(code, genre, n) for n in range(1, options["count"] + 1)]
    cards = [_about("obstacle", genre)] + [card(item, genre, f"Obstacle {item['number']}") for item in rolled]
    return Deck("obstacles", "Obstacles", tuple(cards), back_title="Obstacles",
                back_subtitle=f"ASCII @HACK · {GENRE_NAMES[genre]}", accent=ACCENTS["obstacle"])


def card(item: dict[str, Any], genre: str, label: str = "") -> Card:
    family = item["family"]
    kicker = " · ".join(filter(None, [label, KIND_NAMES[family], GENRE_NAMES[genre]]))
    stats, body = _FACES[family](item)
    return Card(item["name"], kicker, tuple(stats), (), (Paragraph(item["line"]), *body))


def _about(family: str, genre: str) -> Card:
    body = [Paragraph(HOW[family])]
    ranges = _ranges(family)
    if ranges:
        body.append(Paragraph(f"{ranges[0].upper()}{ranges[1:]} Each card's suggestion was chosen by the seed, every value of a range "
                              "equally likely; its cost is the rules' price.", "Suggestions:"))
    if family == "obstacle":
        body.append(Paragraph("Rolled by the seed code in the footer."))
        return Card("This deck", f"Pre-rolled obstacles · {GENRE_NAMES[genre]}", (), (), tuple(body))
    body.append(Paragraph("Shuffled by the seed code in the footer."))
    return Card("This deck", f"{KIND_NAMES[family]} prompts · {GENRE_NAMES[genre]}", (), (), tuple(body))


def _ranges(family: str) -> str:
    b = builds()
    if family == "monster":
        return (f"talents {_span(b['monster']['talent_ranks'])}, Gear {_span(b['monster']['gear_ranks'])}.")
    if family == "trap":
        return f"effect {_span(b['trap']['effect_ranks'])}, {b['trap']['triggers_at_least']} trigger or more."
    if family == "environ":
        return f"effect {_span(b['environ']['effect_ranks'])}."
    if family == "puzzle":
        low, high = b["puzzle"]["toll"]
        return f"a simple puzzle's toll {low} to {high} Tokens."
    if family == "obstacle":
        return " ".join(f"{KIND_NAMES[f]}s: {_ranges(f)}" for f in builds()["obstacles"]["families"])
    if family == "zone":
        low, high = b["zone"]["exits"]
        return f"{low} to {high} exits; light needed or not."
    return ""


def _span(ranks: list[str]) -> str:
    return f"{ranks[0]} to {ranks[-1]}"


def _sentence(phrases: list[str]) -> str:
    """Phrases as one sentence: "Opening the lid; touching the stain." """
    return "; ".join(p if i == 0 else p[0].lower() + p[1:] for i, p in enumerate(phrases)) + "."


def _elements(elements: list[dict[str, Any]]) -> str:
    return ", ".join(f"{e['name']} {e['die']} ({e['cost']})" for e in elements) + "."


def _monster(item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    body = [Paragraph(_elements(item["talents"]), "Talents:")]
    if item["gear"]:
        body.append(Paragraph(_elements(item["gear"]), "Gear:"))
    costs = " + ".join(str(e["cost"]) for e in item["talents"] + item["gear"])
    body.append(Paragraph(f"{costs} = {item['cost']} Tokens. Slain, it pays the Adventurer {item['slain_reward']}.",
                          "Cost:"))
    top = max((e["die"] for e in item["talents"] + item["gear"]), key=rules.ranks().index)
    stats = [Stat("Top die", top), Stat("Tokens", str(item["cost"])),
             Stat("Slain pays", str(item["slain_reward"]))]
    return stats, body


def _trap(item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    effect, triggers = item["effect"], item["triggers"]
    body = [Paragraph(f"{effect['name']} {effect['die']}, {effect['cost']} at the Gear price.", "Effect:"),
            Paragraph(_sentence(triggers), f"Triggers, {len(triggers)} at 1 each:"),
            Paragraph("It rolls against the Adventurer when set off; cut its die to d4 to disarm it.")]
    stats = [Stat("Effect", effect["die"]), Stat("Triggers", str(len(triggers))), Stat("Tokens", str(item["cost"]))]
    return stats, body


def _environ(item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    effect = item["effect"]
    body = [Paragraph(f"{effect['name']} {effect['die']}, {effect['cost']} at the Talent price.", "Effect:"),
            Paragraph("It rolls once against the Adventurer every time they enter the Zone.")]
    return [Stat("Effect", effect["die"]), Stat("Tokens", str(item["cost"]))], body


def _puzzle(item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    if item["kind"] == "logic":
        body = [Paragraph("free to set; the Adventurer may ignore it. Solved, it pays the Adventurer Tokens "
                          "the table agrees on once it is revealed.", "A logic puzzle:")]
        return [Stat("Tokens", "0")], body
    toll = item["toll"]
    body = [Paragraph(f"the Adventurer pays {toll} to pass into the next Zone; setting it costs you {toll}.",
                      "A simple puzzle:")]
    return [Stat("Toll", str(toll)), Stat("Tokens", str(item["cost"]))], body


def _zone(item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    body = [Paragraph(f"{item['exits']}, the entrance counted.", "Exits:")]
    if item["needs_light"]:
        body.append(Paragraph(f"pay {item['cost']} Token as the Adventurer enters: Illumination goes down 1.",
                              "Dark:"))
    stats = [Stat("Exits", str(item["exits"])), Stat("Light", "needed" if item["needs_light"] else "no"),
             Stat("Tokens", str(item["cost"]))]
    return stats, body


def _device(item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    body = [Paragraph(f"no die; {item['cost']} Token to find while exploring. If anyone objects, bid.", "A Device:")]
    return [Stat("Tokens", str(item["cost"]))], body


_FACES = {"zone": _zone, "monster": _monster, "trap": _trap, "environ": _environ, "puzzle": _puzzle,
          "device": _device}


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {
    "zones": _deck("zone", "Zones"), "monsters": _deck("monster", "Monsters"), "traps": _deck("trap", "Traps"),
    "environs": _deck("environ", "Environs"), "puzzles": _deck("puzzle", "Puzzles"),
    "devices": _deck("device", "Devices"), "obstacles": obstacles_deck,
}
