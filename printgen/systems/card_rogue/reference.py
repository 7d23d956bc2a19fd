"""The designer's notes: the counts, the simulated odds, the choices, the reference card.

Laid out by WeasyPrint from ``card-rogue/notes.html``; every figure comes
from the data and from the seeded simulation, so the tests can reproduce
each printed percentage from the seed code.
"""

from __future__ import annotations

from ...render.compose import compose
from ...render.html import render_pdf
from ...words import Words
from . import GAME, challenge_map, decks, rules, simulation, solo


def counts(phrasebooks: Words) -> list[dict]:
    """Each family with its cards and how many of each are printed."""
    families = []
    for name, build in decks.FAMILIES.items():
        merged: dict[str, int] = {}
        for card in build(phrasebooks):
            label = _count_label(phrasebooks, card)
            merged[label] = merged.get(label, 0) + card.count
        families.append({"deck": name, "title": decks.title(phrasebooks, name), "total": sum(merged.values()),
                         "cards": [{"name": k, "count": v} for k, v in merged.items()]})
    return families


def _count_label(phrasebooks: Words, card) -> str:
    say = phrasebooks.say_for(__package__)
    if card.source.startswith("spare "):
        return say("notes.spares", family=card.back_style.label)
    if card.face == "tile" and card.title == say("tile.pathing"):
        shape = say(f"tile.shape.{challenge_map.shape_of(card.paths)}")
        return say("tile.shaped-arrow", shape=shape) if card.arrow else say("tile.shaped", shape=shape)
    return card.title


def economy(phrasebooks: Words) -> dict:
    say = phrasebooks.say_for(__package__)
    ordinary = [e for e in rules.enemies() if not e.get("boss")]
    enemy_gold = sum(e["gold"] * e["count"] for e in ordinary)
    enemies = sum(e["count"] for e in ordinary)
    gear_cost = sum(rules.data("combat")["buy_factor"] * rules.item(i)["gold"] for i in simulation.GEAR)
    return {
        "enemy_gold": enemy_gold,
        "enemies": enemies,
        "average_gold": round(enemy_gold / enemies, 1),
        "enemies_for_gear": round(gear_cost * enemies / enemy_gold),
        "potion_gold": len(rules.potion_colours()) * rules.potions_per_colour() * rules.potion_gold(),
        "prices": [{"name": i["name"], "slot": say(f"slot.{i['slot']}"), "sell": i["gold"],
                    "buy": rules.data("combat")["buy_factor"] * i["gold"],
                    "effects": [decks.ability(phrasebooks, e) for e in i["effects"]]} for i in rules.equipment()],
        "gear": [rules.item(i)["name"] for i in simulation.GEAR],
        "gear_cost": gear_cost,
        "buy_factor": rules.data("combat")["buy_factor"],
    }


def enemies_table(phrasebooks: Words) -> list[dict]:
    return [{"name": e["name"], "attack": e["attack"], "health": e["health"], "gold": e["gold"],
             "count": e["count"], "victory": e.get("victory", 0),
             "abilities": [decks.ability(phrasebooks, a) for a in e["abilities"]]} for e in rules.enemies()]


def characters_table(phrasebooks: Words) -> list[dict]:
    return [{"name": c["name"], "positive": [decks.ability(phrasebooks, e) for e in c["positive"]],
             "negative": [decks.ability(phrasebooks, e) for e in c["negative"]]} for c in rules.characters()]


def build(request) -> bytes:
    say = request.words.say_for(__package__)
    report = simulation.simulate(request.code)
    context = {
        "seed": request.code.seed,
        "counts": counts(request.words),
        "enemies": enemies_table(request.words),
        "characters": characters_table(request.words),
        "economy": economy(request.words),
        "sim": report.as_data(),
        "solo": solo.simulate_games(request.code),
        "solo_gear": [rules.item(i)["name"] for i in solo.SHOPPING],
        "walk_back": solo.WALK_BACK,
        "ordinary_names": [e["name"] for e in rules.enemies() if not e.get("boss")],
        "choices": list(rules.in_brief(request.words)),
        "reference": [{"lead": p.lead, "text": p.text} for p in decks.reference_paragraphs(request.words)],
        "healing": rules.potion_amounts()["healing"],
        "base_health": rules.base_health(),
        "flee_on": decks.faces(request.words, rules.data("combat")["flee_on"]),
    }
    title = say("notes.title", game=GAME.title)
    pdf = render_pdf("card-rogue/notes.html", request.code, title, request.paper, request.templates,
                     listener=request.listener, **context, phrasebooks=request.words)
    return compose([pdf], request.code, title, listener=request.listener)
