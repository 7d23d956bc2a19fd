"""Obstacles and prompts built by the seed and priced by the rules.

A prompt (name, flavour and what it suggests) comes from the genre's list in
``data/prompts``; ``build`` rolls what the rules leave open within the ranges
of ``data/builds.toml`` and prices it at the rules' costs. The result is plain
data: names from the lists, dice, counts and Token costs.
"""

from __future__ import annotations

from typing import Any

from ...seed import Rng, SeedCode
from . import GAME
from .rules import cost, slain_reward

FAMILIES = {"zone": "zones", "monster": "monsters", "trap": "traps", "environ": "environs", "puzzle": "puzzles",
            "device": "devices"}
DEVICE_COST = 1  # "pay one Token to find a Device"
ILLUMINATION_COST = 1  # an Opposition player's Token makes a Zone need light


def builds() -> dict[str, Any]:
    return GAME.data("builds")


def prompts(family: str, genre: str) -> tuple[dict[str, Any], ...]:
    return tuple(GAME.data(f"prompts/{FAMILIES[family]}")[genre])


def build(family: str, prompt: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """One prompt with its suggested build rolled and priced."""
    return {"family": family, "name": prompt["name"], "line": prompt["line"], **_BUILDERS[family](prompt, rng)}


def deal(code: SeedCode, family: str, genre: str) -> list[dict[str, Any]]:
    """Every prompt of a family and genre, each built from its own stream, in an order dealt by the seed."""
    built = [build(family, prompt, code.stream("prompt", family, genre, index))
             for index, prompt in enumerate(prompts(family, genre))]
    code.stream("deal", family, genre).shuffle(built)
    return built


def pre_rolled(code: SeedCode, genre: str, number: int) -> dict[str, Any]:
    """Obstacle ``number``: a kind, a prompt of that kind and its build, all from its own stream."""
    rng = code.stream("obstacle", genre, number)
    family = rng.choice(builds()["obstacles"]["families"])
    obstacle = build(family, rng.choice(prompts(family, genre)), rng)
    return {"number": number, **obstacle}


def _monster(prompt: dict[str, Any], rng: Rng) -> dict[str, Any]:
    ranges = builds()["monster"]
    talents = [_element(name, "talent", rng.choice(ranges["talent_ranks"])) for name in prompt["talents"]]
    gear = [_element(name, "gear", rng.choice(ranges["gear_ranks"])) for name in prompt["gear"]]
    tokens = sum(e["cost"] for e in talents + gear)
    return {"talents": talents, "gear": gear, "cost": tokens, "slain_reward": slain_reward(tokens)}


def _trap(prompt: dict[str, Any], rng: Rng) -> dict[str, Any]:
    ranges = builds()["trap"]
    effect = _element(prompt["effect"], "gear", rng.choice(ranges["effect_ranks"]))
    triggers = rng.sample(prompt["triggers"], rng.randint(ranges["triggers_at_least"], len(prompt["triggers"])))
    return {"effect": effect, "triggers": triggers, "cost": effect["cost"] + len(triggers)}


def _environ(prompt: dict[str, Any], rng: Rng) -> dict[str, Any]:
    effect = _element(prompt["effect"], "talent", rng.choice(builds()["environ"]["effect_ranks"]))
    return {"effect": effect, "cost": effect["cost"]}


def _puzzle(prompt: dict[str, Any], rng: Rng) -> dict[str, Any]:
    if prompt["kind"] == "logic":
        return {"kind": "logic", "cost": 0}
    toll = rng.randint(*builds()["puzzle"]["toll"])
    return {"kind": "simple", "toll": toll, "cost": toll}


def _zone(prompt: dict[str, Any], rng: Rng) -> dict[str, Any]:
    ranges = builds()["zone"]
    light = rng.choice(ranges["light"])
    return {"exits": rng.randint(*ranges["exits"]), "needs_light": light, "cost": ILLUMINATION_COST if light else 0}


def _device(prompt: dict[str, Any], rng: Rng) -> dict[str, Any]:
    return {"cost": DEVICE_COST}


def _element(name: str, kind: str, die: str) -> dict[str, Any]:
    return {"name": name, "die": die, "cost": cost(kind, die)}


_BUILDERS = {"zone": _zone, "monster": _monster, "trap": _trap, "environ": _environ, "puzzle": _puzzle,
             "device": _device}
