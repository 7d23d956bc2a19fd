"""The ASCII @HACK table reference: costs, exact odds, power levels, bids.

Every figure is worked out here from the rules' numbers (``rules``) and the
exact chances (``odds``); the template only places them. ``--size page`` is
one page; ``--size card`` holds the same on ten poker-size cards, six on the
first sheet and four on the second, to cut out.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any

from ...cards.sizes import CARD_SIZES
from ...render.compose import compose
from ...render.html import render_pdf
from ...units import to_mm
from ...words import Words
from . import odds, rules
from .obstacles import DEVICE_COST, ILLUMINATION_COST

POOL_SIZES = range(1, 6)  # pools of one to five dice a side
CARD = CARD_SIZES["poker"]
NOTES = ("Pools", "Rounded chances", "Stunt dice", "Success and failure chances")  # in the order printed


def build(request) -> bytes:
    template, title, context = layout(request.words, request.options["size"])
    page = render_pdf(template, request.code, title, request.paper, request.templates, listener=request.listener,
                      page_width_mm=to_mm(request.paper.width), **context, phrasebooks=request.words,
                      seed_free=True)  # costs and odds: the same for every seed
    return compose([page], request.code, title, listener=request.listener)


def layout(phrasebooks: Words, size: str) -> tuple[str, str, dict[str, Any]]:
    """The template of ``size`` ("page" or "card"), the document's title and what the template is given."""
    say = phrasebooks.say_for(__package__)
    if size == "card":
        template, title = "ascii-hack/reference-cards.html", say("reference.cards-title")
    else:
        template, title = "ascii-hack/reference.html", say("reference.title")
    return template, title, {"card": {"width": CARD.width_mm, "height": CARD.height_mm}, "capital": rules.capital,
                             **figures(phrasebooks)}


def figures(phrasebooks: Words) -> dict[str, Any]:
    """Everything the reference prints, worked out and formatted."""
    r = rules.rules()
    return {
        "success_at_least": r["success_at_least"],
        "failure_face": r["failure_face"],
        "dice": [die_row(rank) for rank in r["rank"]],
        "grids": [pool_grid(die) for die in rules.ranks()],
        "pool_sizes": list(POOL_SIZES),
        "duel": duel_grid(),
        "pool_example": {"count": 3, "die": "d8", "net": decimal(odds.expected_net(("d8",) * 3), 2)},
        "expected": [{"die": die, "cells": [decimal(n * odds.expected_net((die,)), 2) for n in POOL_SIZES]}
                     for die in rules.ranks()],
        "power": r["power"],
        "prices": rules.prices(phrasebooks),
        "obstacles": rules.obstacle_costs(phrasebooks),
        "starting_tokens": r["starting_tokens"],
        "gear_limit": r["gear_limit"],
        "home_max_rank": r["home_max_rank"],
        "escalation_final": r["escalation_final"],
        "device_cost": DEVICE_COST,
        "illumination_cost": ILLUMINATION_COST,
        "notes": rules.in_brief(phrasebooks, NOTES),
    }


def die_row(rank: dict[str, Any]) -> dict[str, str]:
    die = rank["die"]
    success, failure = odds.chances(die)
    near = rules.near_range()[die]
    near_success, near_failure = odds.chances(near)
    return {
        "die": die,
        "talent": str(rank["talent"]),
        "gear": str(rank["gear"]),
        "stunt": str(rules.stunt_cost(rank["gear"])),
        "success": odds.percent(success),
        "failure": odds.percent(failure),
        "net": decimal(success - failure, 2),
        "near": near,
        "near_useless": near_success == 0,
        "near_success": odds.percent(near_success),
    }


def pool_grid(die: str) -> dict[str, Any]:
    """Your n dice of one size against their m dice of the same size: the chance you win the round."""
    rows = []
    for mine in POOL_SIZES:
        cells = []
        for theirs in POOL_SIZES:
            p = odds.beat((die,) * mine, (die,) * theirs)
            cells.append({"text": odds.percent(p, 0), "shade": shade(p)})
        rows.append({"n": mine, "cells": cells})
    return {"die": die, "rows": rows}


def duel_grid() -> list[dict[str, Any]]:
    """One die against one die of every size: the chance the first wins the round."""
    dice = rules.ranks()
    return [{"die": mine, "cells": [{"text": odds.percent(p, 0), "shade": shade(p)}
                                    for p in (odds.beat((mine,), (theirs,)) for theirs in dice)]}
            for mine in dice]


def shade(p: Fraction) -> int:
    """A cell's lightness in percent, in ten steps from white (no chance) to 64 (90% or more): the eye finds the odds."""
    return 100 - 4 * min(9, floor(p * 10))


def decimal(value: Fraction, places: int) -> str:
    """``value`` rounded half up to ``places`` decimals, from the exact fraction."""
    steps = floor(value * 10**places + Fraction(1, 2))
    sign = "-" if steps < 0 else ""
    whole, part = divmod(abs(steps), 10**places)
    return f"{sign}{whole}.{part:0{places}d}"
