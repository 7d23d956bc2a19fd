"""The Opposition's prompt decks and pre-rolled obstacles, as cards.

``obstacles`` builds and prices; this module only chooses the words (from
``words.toml``). Each deck opens with a card that says how it was dealt and
what its suggestions draw from, so the seeded choices are where the player
looks (and in the JSON).
"""

from __future__ import annotations

from typing import Any

from ...cards import icons
from ...cards.model import Card, Deck, Look, Paragraph, Stat
from ...cards.notes import notes_card
from ...seed import SeedCode
from ...units import MIN_TEXT_PT
from ...words import Words
from . import GAME, obstacles, rules

ACCENTS = {"zone": (0.18, 0.35, 0.3), "monster": (0.5, 0.1, 0.3), "trap": (0.6, 0.33, 0.05),
           "environ": (0.15, 0.3, 0.5), "puzzle": (0.38, 0.2, 0.5), "device": (0.35, 0.33, 0.12),
           "obstacle": (0.2, 0.2, 0.24)}


# ASCII @HACK's cards: a terminal's look, titles in the monospaced face, pictures in a ruled box, a rule inside
# the trim, a cool white stock.
LOOK = Look(band="straight", frame="ruled", border=True, paper=(0.97, 0.972, 0.975), title="mono")

def _deck(family: str, name: str):
    def build_deck(phrasebooks: Words, code: SeedCode, options: dict[str, Any]) -> Deck:
        say = phrasebooks.say_for(__package__)
        genre = options["genre"]
        dealt = obstacles.deal(code, family, genre)
        cards = [_about(phrasebooks, family, genre)] + [card(phrasebooks, item, genre) for item in dealt]
        title = say(f"deck.{name}")
        cards.append(_notes(phrasebooks, family, title, cards))
        return Deck(name, title, tuple(cards), back_title=title, look=LOOK, least_body=MIN_TEXT_PT,
                    back_subtitle=say("deck.back", genre=say(f"genre.{genre}")), accent=ACCENTS[family])

    return build_deck


def obstacles_deck(phrasebooks: Words, code: SeedCode, options: dict[str, Any]) -> Deck:
    say = phrasebooks.say_for(__package__)
    genre = options["genre"]
    rolled = [obstacles.pre_rolled(code, genre, n) for n in range(1, options["count"] + 1)]
    cards = [_about(phrasebooks, "obstacle", genre)] + [card(phrasebooks, item, genre,
                                                             say("card.number", number=item["number"]))
                                           for item in rolled]
    title = say("deck.obstacles")
    cards.append(_notes(phrasebooks, "obstacle", title, cards))
    return Deck("obstacles", title, tuple(cards), back_title=title, look=LOOK, least_body=MIN_TEXT_PT,
                back_subtitle=say("deck.back", genre=say(f"genre.{genre}")), accent=ACCENTS["obstacle"])


def card(phrasebooks: Words, item: dict[str, Any], genre: str, label: str = "") -> Card:
    say = phrasebooks.say_for(__package__)
    family = item["family"]
    kicker = " · ".join(filter(None, [label, say(f"family.{family}"), say(f"genre.{genre}")]))
    stats, body = _FACES[family](phrasebooks, item)
    picture, tint = picture_of(item["name"], family, genre)
    return Card(item["name"], kicker, tuple(stats), (), (Paragraph(item["line"]), *body), picture=picture, tint=tint)


def picture_of(name: str, family: str, genre: str) -> tuple[str, tuple[float, float, float] | None]:
    """A prompt's picture, from data/pictures.toml: [genre.family], by the prompt's name."""
    return icons.parse(GAME.data("pictures")[genre][family][name])


def about_picture() -> str:
    """The picture of the card that opens each deck and says how it was dealt."""
    return icons.parse(GAME.data("pictures")["about"])[0]


def _about(phrasebooks: Words, family: str, genre: str) -> Card:
    say = phrasebooks.say_for(__package__)
    if family == "obstacle":
        body = [Paragraph(rules.note("Pre-rolled obstacles"))]
    else:
        cost = say(f"obstacle-cost.{family}") if family in rules.rules()["obstacles"] else ""
        body = [Paragraph(say(f"about.{family}", cost=cost, slain=say("rule.slain"), trap=say("rule.trap"),
                              environ=say("rule.environ"), entrance=say("rule.entrance"),
                              device=rules.capital(say("rule.device", cost=obstacles.DEVICE_COST))))]
    genre_name = say(f"genre.{genre}")
    if family == "obstacle":
        body.append(Paragraph(say("about.rolled")))
        return Card(say("about.title"), say("about.obstacle-kicker", genre=genre_name), (), (), tuple(body),
                    picture=about_picture(), reference=True)
    body.append(Paragraph(say("about.shuffled")))
    return Card(say("about.title"), say("about.kicker", kind=say(f"family.{family}"), genre=genre_name), (), (),
                tuple(body), picture=about_picture(), reference=True)


def _notes(phrasebooks: Words, family: str, title: str, cards: list[Card]) -> Card:
    """The notes card that ends a deck: what the seed chose (the "Suggested builds" note, as the notes list it),
    and whose pictures the deck's ``cards`` show."""
    say = phrasebooks.say_for(__package__)
    chosen = () if family == "device" else (Paragraph(rules.note("Suggested builds"), say("about.suggestions")),)
    return notes_card(phrasebooks, title, cards, chosen, ACCENTS[family])


def _sentence(phrases: list[str]) -> str:
    """Phrases as one sentence: "Opening the lid; touching the stain." """
    return "; ".join(p if i == 0 else p[0].lower() + p[1:] for i, p in enumerate(phrases)) + "."


def _elements(elements: list[dict[str, Any]]) -> str:
    return ", ".join(f"{e['name']} {e['die']} ({e['cost']})" for e in elements) + "."


def _monster(phrasebooks: Words, item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    say = phrasebooks.say_for(__package__)
    body = [Paragraph(_elements(item["talents"]), say("card.monster.talents"))]
    if item["gear"]:
        body.append(Paragraph(_elements(item["gear"]), say("card.monster.gear")))
    costs = " + ".join(str(e["cost"]) for e in item["talents"] + item["gear"])
    body.append(Paragraph(say("card.monster.sum", sum=costs, tokens=item["cost"], reward=item["slain_reward"]),
                          say("card.monster.cost")))
    top = max((e["die"] for e in item["talents"] + item["gear"]), key=rules.ranks().index)
    stats = [Stat(say("card.tokens"), str(item["cost"])), Stat(say("card.monster.top-die"), top),
             Stat(say("card.monster.slain-pays"), str(item["slain_reward"]))]
    return stats, body


def _trap(phrasebooks: Words, item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    say = phrasebooks.say_for(__package__)
    effect, triggers = item["effect"], item["triggers"]
    body = [Paragraph(say("card.trap.effect-text", **effect), say("card.trap.effect")),
            Paragraph(_sentence(triggers), say("card.trap.triggers", count=len(triggers))),
            Paragraph(rules.capital(say("rule.trap")) + ".")]
    stats = [Stat(say("card.tokens"), str(item["cost"])), Stat(say("card.trap.effect-stat"), effect["die"]),
             Stat(say("card.trap.triggers-stat"), str(len(triggers)))]
    return stats, body


def _environ(phrasebooks: Words, item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    say = phrasebooks.say_for(__package__)
    effect = item["effect"]
    body = [Paragraph(say("card.environ.effect-text", **effect), say("card.environ.effect")),
            Paragraph(rules.capital(say("rule.environ")) + ".")]
    return [Stat(say("card.tokens"), str(item["cost"])), Stat(say("card.environ.effect-stat"), effect["die"])], body


def _puzzle(phrasebooks: Words, item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    say = phrasebooks.say_for(__package__)
    if item["kind"] == "logic":
        body = [Paragraph(say("card.puzzle.logic-text"), say("card.puzzle.logic"))]
        return [Stat(say("card.tokens"), "0")], body
    toll = item["toll"]
    body = [Paragraph(say("card.puzzle.simple-text", toll=toll), say("card.puzzle.simple"))]
    return [Stat(say("card.tokens"), str(item["cost"])), Stat(say("card.puzzle.toll"), str(toll))], body


def _zone(phrasebooks: Words, item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    say = phrasebooks.say_for(__package__)
    body = [Paragraph(say("card.zone.exits-text", exits=item["exits"], entrance=say("rule.entrance")),
                      say("card.zone.exits"))]
    if item["needs_light"]:
        body.append(Paragraph(rules.capital(say("rule.light", cost=item["cost"])) + ".", say("card.zone.dark")))
    light = say("card.zone.needed") if item["needs_light"] else say("card.zone.not-needed")
    stats = [Stat(say("card.tokens"), str(item["cost"])), Stat(say("card.zone.exits-stat"), str(item["exits"])),
             Stat(say("card.zone.light"), light)]
    return stats, body


def _device(phrasebooks: Words, item: dict[str, Any]) -> tuple[list[Stat], list[Paragraph]]:
    say = phrasebooks.say_for(__package__)
    body = [Paragraph(rules.capital(say("rule.device", cost=item["cost"])) + ".")]
    return [Stat(say("card.tokens"), str(item["cost"]))], body


# Every card's first stat is what it costs in tokens, so a deck that mixes the kinds (the pre-rolled obstacles) has
# it in the same box on every card; each kind's own stats follow it.
_FACES = {"zone": _zone, "monster": _monster, "trap": _trap, "environ": _environ, "puzzle": _puzzle,
          "device": _device}


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {
    "zones": _deck("zone", "zones"), "monsters": _deck("monster", "monsters"), "traps": _deck("trap", "traps"),
    "environs": _deck("environ", "environs"), "puzzles": _deck("puzzle", "puzzles"),
    "devices": _deck("device", "devices"), "obstacles": obstacles_deck,
}
