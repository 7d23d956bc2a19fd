"""Pre-rolled ASCII @HACK adventurers, bought with Tokens at the rules' costs.

The budget is set in data (see the "Pre-rolled budget" choice): the starting
Tokens, less the genre World Element, plus the power level's refresh. Every
Talent and piece of Gear starts at d4 and is raised one rank at a time,
chosen by the seed among the raises still affordable, until what is left is
the reserve kept in hand. Gear bought at Home never passes d8.
"""

from __future__ import annotations

from typing import Any

from ...names import name as make_name
from ...seed import Rng
from ...words import Words
from . import GAME
from .rules import cost, power, ranks, rules


def genres() -> dict[str, dict[str, list[str]]]:
    """Talent and Gear names for pre-rolled adventurers, by genre."""
    return GAME.data("genres")


def budget(phrasebooks: Words) -> list[dict[str, Any]]:
    """The ledger lines before anything is bought: (what, tokens)."""
    say = phrasebooks.say_for(__package__)
    r = rules()
    pre = r["pre_rolled"]
    refresh = power(pre["power_level"])["adventurer_refresh"]
    return [
        {"what": say("ledger.starting"), "tokens": r["starting_tokens"]},
        {"what": say("ledger.world-element"), "tokens": -pre["world_elements"]},
        {"what": say("ledger.refresh", level=pre["power_level"]), "tokens": refresh},
    ]


def roll_character(phrasebooks: Words, rng: Rng, number: int, genre: str) -> dict[str, Any]:
    say = phrasebooks.say_for(__package__)
    r = rules()
    pre = r["pre_rolled"]
    names = genres()[genre]
    order = ranks()
    home_cap = order.index(r["home_max_rank"])
    ledger = budget(phrasebooks)
    available = sum(line["tokens"] for line in ledger)
    reserve = rng.randint(*pre["reserve"])
    n_talents = rng.randint(*pre["talents"])
    n_gear = min(rng.randint(*pre["gear"]), r["gear_limit"])
    elements = [{"kind": "talent", "name": n, "rank": 0} for n in rng.sample(names["talents"], n_talents)]
    elements += [{"kind": "gear", "name": n, "rank": 0} for n in rng.sample(names["gear"], n_gear)]
    spent = sum(cost(e["kind"], order[0]) for e in elements)
    while True:
        options = []
        for e in elements:
            cap = home_cap if e["kind"] == "gear" else len(order) - 1
            if e["rank"] < cap:
                step = cost(e["kind"], order[e["rank"] + 1]) - cost(e["kind"], order[e["rank"]])
                if spent + step <= available - reserve:
                    options.append((e, step))
        if not options:
            break
        e, step = rng.choice(options)
        e["rank"] += 1
        spent += step
    talents = [{"name": e["name"], "die": order[e["rank"]], "cost": cost("talent", order[e["rank"]])}
               for e in elements if e["kind"] == "talent"]
    gear = [{"name": e["name"], "die": order[e["rank"]], "cost": cost("gear", order[e["rank"]]), "home": True}
            for e in elements if e["kind"] == "gear"]
    for t in talents:
        ledger.append({"what": say("ledger.talent", name=t["name"], die=t["die"]), "tokens": -t["cost"]})
    for g in gear:
        ledger.append({"what": say("ledger.gear", name=g["name"], die=g["die"]), "tokens": -g["cost"]})
    left = available - spent
    return {
        "number": number,
        "name": make_name(rng, genre),
        "genre": genre,
        "power_level": pre["power_level"],
        "talents": talents,
        "gear": gear,
        "devices": [],
        "home_bank": [],
        "quests": [],
        "sustenance": r["sustenance_start"],
        "illumination": r["illumination_start"],
        "escalation": r["escalation_start"],
        "tokens_available": available,
        "tokens_spent": spent,
        "tokens_left": left,
        "ledger": ledger,
    }
