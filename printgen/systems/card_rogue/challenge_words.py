"""The words of a challenge map: level names, stories, card names, the rules of the race."""

from __future__ import annotations

from . import rules

# Three stories for each stage of a run: the way in, the depths, the last level.
STORIES = {
    "first": (
        ("The Fallen Caravan", "The merchant's broken wagon still lies where the ground gave way. Past the "
         "splintered wheels a passage runs into the dark, and something small is scratching in it."),
        ("The Rope and the Ladder", "The village lowered a ladder for the merchant; now it holds you. The first "
         "passages are narrow and damp, and the rats have long had them to themselves."),
        ("A Lantern Left Behind", "Someone came down before you: a lantern, still warm, sits at the foot of the "
         "ladder. Follow the soot on the walls and find out where they went."),
    ),
    "middle": (
        ("The Sorcerers' Halls", "The walls here were cut, not dug. Old symbols run along them, and the goblins "
         "who live among them do not care to share."),
        ("The Shopkeeper's Rumour", "The shopkeeper swears he saw a second way down, past the bats and the "
         "traps. He also swears he will sell you what you need to reach it, at a price."),
        ("Bones in the Dust", "The passages narrow. Bones lie where earlier heroes fell, and not all of them "
         "lie still."),
    ),
    "last": (
        ("The Chest of the Cult", "At the bottom of the catacombs the cult hid its secrets in a locked chest. A "
         "basilisk coils beside it. Find the key, pass the beast, and open it."),
        ("The Sealed Vault", "The last ladder ends in a vault the sorcerers sealed. Its chest holds the proof of "
         "what they did, and its guardian has not slept in a hundred years."),
        ("Below the Golem's Hall", "Far beneath the hall where the golem waits lies the cult's chest. A "
         "basilisk guards it; the key lies somewhere in the maze around you."),
    ),
}

HOW_TO_PLAY = (
    "Set up: lay each card face down where the diagram shows it, in the order of its number, turned as drawn. "
    "Start on the starting tile. Play by the normal rules, with two changes: edges that lead to no card are "
    "walls, and when a card is taken away (a slain enemy, a potion, an artifact, the key), lay the pathing "
    "tile the diagram draws beneath it. Count your turns. Reaching the descending ladder ends a level; opening "
    "the chest ends the last. Fewest turns over every level wins; compare scores with friends who play the "
    "same seed code."
)

SHAPE_NAMES = {"dead-end": "dead end", "straight": "straight", "corner": "corner", "tee": "T-crossing",
               "cross": "crossing"}


def stage(number: int, levels: int) -> str:
    if number == levels:
        return "last"
    return "first" if number == 1 else "middle"


def card_name(card: str, shape: str) -> str:
    """What to pull from the set for a cell."""
    kind, _, which = card.partition(":")
    if kind == "tile":
        return f"Pathing tile, {SHAPE_NAMES[shape]}"
    if kind == "enemy":
        return rules.enemy(which)["name"]
    if kind == "trap":
        return next(t["name"] for t in rules.exploration()["trap"] if t["id"] == which)
    if kind == "potion":
        return f"{which} Potion"
    if kind == "artifact":
        return next(a["name"] for a in rules.artifacts() if a["id"] == which)
    e = rules.exploration()
    return {"start": "Starting Tile", "ladder": "Descending Ladder", "chest": e["chest"]["name"],
            "key": e["key"]["name"], "fountain": e["fountain"]["name"], "shop": e["shop"]["name"]}[kind]


EMBLEMS = {"enemy": "claw", "trap:spikes": "spikes", "trap:poison": "poison", "trap:paralysis": "paralysis",
           "potion": "potion", "artifact": "star", "key": "key", "chest": "chest", "fountain": "fountain",
           "shop": "shop", "ladder": "ladder"}


def emblem(card: str) -> str | None:
    if card in EMBLEMS:
        return EMBLEMS[card]
    if card == "enemy:basilisk":
        return "crown"
    return EMBLEMS.get(card.partition(":")[0])
