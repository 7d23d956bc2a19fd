"""Swarm numbers from the Swarms section: capacity, health, scatter threshold, reach, head count."""

from __future__ import annotations

from typing import Any

from ...words import Words

HEALTH_PER_UNIT = 20  # each unit of room size holds 20 health of swarm
SCATTER_TIMES = 3  # a swarm scatters below three times one monster's health
SCATTERED_COUNT = 3  # a scattered swarm becomes three monsters at full health
HEAD_DIVISORS = (5, 10)  # head count: swarm health over 5 or 10, whichever is nearer one monster's health
PCS_SWARMED = {25: 1, 50: 2, 75: 3, 100: "all"}
MELEE_TIMES = 2  # a swarm deals its melee twice to each hero who fails to get clear
MELEE_TIMES_ALONE = 4  # four times against a lone hero


def reach_words(phrasebooks: Words, reach: int | str) -> str:
    """How many heroes a swarm can swarm, in words: "1 hero", "3 heroes", "every hero"."""
    say = phrasebooks.say_for(__package__)
    if reach == "all":
        return say("swarm.reach-all")
    return say("swarm.reach-one", count=reach) if reach == 1 else say("swarm.reach-many", count=reach)


def capacity(room_size: int) -> int:
    return HEALTH_PER_UNIT * room_size


def swarm_health(room_size: int, percent: int) -> int:
    """25%: a quarter; 50%: half; 75%: capacity less a quarter; 100%: all of it."""
    full = capacity(room_size)
    quarter = full // 4  # 20 per unit divides by four exactly
    return {25: quarter, 50: full // 2, 75: full - quarter, 100: full}[percent]


def divisor(monster_health: int) -> int:
    return min(HEAD_DIVISORS, key=lambda d: (abs(d - monster_health), d))


def head_count(health: int, monster_health: int) -> int:
    """How many monsters a swarm holds: rounded down, at least one (printgen's rounding)."""
    return max(1, health // divisor(monster_health))


def swarm(monster: dict[str, Any], percent: int, room_size: int) -> dict[str, Any]:
    """The numbers of a swarm, or of a lone monster for the table's "1" (percent 0)."""
    if percent == 0:
        return {"percent": 0, "lone": True, "health": monster["health"], "monsters": 1, "pcs_swarmed": 0}
    health = swarm_health(room_size, percent)
    threshold = SCATTER_TIMES * monster["health"]
    return {
        "percent": percent,
        "lone": False,
        "capacity": capacity(room_size),
        "health": health,
        "scatter_below": threshold,
        "scattered_at_once": health < threshold,
        "monsters": head_count(health, monster["health"]),
        "pcs_swarmed": PCS_SWARMED[percent],
        "melee_dice": MELEE_TIMES,
        "melee_dice_alone": MELEE_TIMES_ALONE,
        "shots": room_size if monster["shot"] != "0" else 0,
    }
