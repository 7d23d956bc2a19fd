"""The dungeon key as plain data for its template: every code turned into printgen's words here."""

from __future__ import annotations

from typing import Any

from . import rules, words
from ...maps.level import Area, Exit, Level
from .model import Dungeon

RUNS = {"north-west": "north-west to south-east", "north-east": "south-west to north-east"}
PERCENT_ROLL = "d100"


def dungeon_key(dungeon: Dungeon) -> list[dict[str, Any]]:
    kinds = {level.number: level.data["kind"] for level in dungeon.levels}
    return [level_key(level, kinds) for level in dungeon.levels]


def level_name(number: int, kinds: dict[int, str]) -> str:
    """Where a way down leads, in the words of the printed dungeon: a level it prints, or one rolled in play."""
    if number in kinds:
        return f"level {number}"
    return f"level {number}, not printed: roll it in play"


def stair_leads(level: Level, kinds: dict[int, str]) -> str:
    """Where the Stairs of ``level`` lead; behind a mini-boss, to the treasure level or past it."""
    below = level.number + 1
    if level.data["kind"] == "mini-boss":
        # The level after a mini-boss's is a treasure level, which has no map: its page serves, printed or not.
        return (f"level {below}, the treasure level, if the mini-boss fell; "
                f"if it lives, {level_name(below + 1, kinds)}")
    return level_name(below, kinds)


def level_key(level: Level, kinds: dict[int, str]) -> dict[str, Any]:
    return {"number": level.number, "kind": level.data["kind"], "after": level_name(level.number + 1, kinds),
            "rooms": [room_key(level, a, kinds) for a in level.areas]}


def shape_text(area: Area) -> str:
    data, shape = area.data, area.data["shape"]
    size = f"size {data['size']}"
    if data["size_rolled"] != data["size"]:
        size += f" (rolled {data['size_rolled']}, shrunk to fit)"
    if area.type == "Triangle":
        legs = shape["legs"]
        detail = f"legs {legs} unit{'s' if legs > 1 else ''}, the long wall facing {shape['facing']}"
    elif "diagonal" in shape:
        detail = (f"at 45°, {RUNS[shape['runs']]}, {shape['diagonal']} squares corner to corner "
                  f"(about {shape['diagonal'] * 1.414:.1f} units), its ends cropped to the grid")
    elif area.type == "Circle":
        detail = f"{shape['width']} unit{'s' if shape['width'] > 1 else ''} across"
    else:
        detail = f"{shape['width']} × {shape['height']} unit{'s' if shape['width'] * shape['height'] > 1 else ''}"
    return f"{area.type}, {size}: {detail}"


def how_reached(area: Area) -> str:
    by, parent = area.data["entered_by"], area.data["entered_from"]
    if by == "stair":
        return "The heroes arrive here."
    if by == "murder-hole":
        return f"Seen first through the murder hole in room {parent}."
    if by == "teleport":
        return f"The far end of the teleporter in room {parent}."
    return f"Entered from room {parent}."


def exit_text(exit_: Exit, level: Level, kinds: dict[int, str]) -> str:
    name = words.EXIT_NAMES[exit_.kind]
    if exit_.secret and exit_.kind != "secret":
        name = f"Secret {name.lower()}"
    where = words.DIRECTIONS[{0: "north", 2: "east", 4: "south", 6: "west"}[exit_.heading]]
    length = len(exit_.units)
    text = f"{name} {where}"
    if length > 1:
        text += f", {length} units"
    if exit_.kind == "treasure" and not exit_.far_side:
        text += f" ({length} treasure{'s' if length > 1 else ''})"
    if exit_.leads == "area":
        rooms = [exit_.to] + exit_.also
        text += " → room" + ("s " if len(rooms) > 1 else " ") + ", ".join(map(str, rooms))
    elif exit_.leads == "level":
        text += f" → {stair_leads(level, kinds)}"
    else:
        text += f": {words.LEADS[exit_.leads]}"
    notes = {
        "shared-wall": "secret because the wall it stands in was shared and had no exit",
        "impossible": f"a rolled {exit_.data.get('rolled_as')} that had no room on its wall",
        "two-impossible": "a second impossible exit made this a Stair",
        "last-room": "the last room filled the level, and the level had no Stair",
        "destination": "the teleporter one arrives by",
        "mini-boss-level": "",
    }
    note = notes.get(exit_.data.get("why", ""), "")
    return f"{text} ({note})" if note else text


def content_text(item: dict[str, Any]) -> str:
    code = item["code"]
    name = words.CONTENT_NAMES[code]
    if code in ("ale", "poison", "ward", "trap"):
        check = item["check"]
        truth = words.CONTENT_NAMES[item["actually"]]
        verdict = f"truly {truth}" if item["actually"] != code else f"really {truth}"
        return f"{name}: {verdict} ({PERCENT_ROLL} {check['d100']} against {check['chance']})"
    if code == "treasure":
        key = item["key"]
        has = "with a magic key" if key["happens"] else "no key"
        extra = " (a one-exit room behind a secret door: treasures equal to its size)" if item.get("why") else ""
        return f"Treasure, {has} ({PERCENT_ROLL} {key['d100']} against {key['chance']}){extra}"
    if code == "special":
        return f"Special: {words.BOONS[item['boon']]} for 10 actions"
    if code == "murder-hole":
        side = words.DIRECTIONS[item["direction"]]
        if item.get("looks_into") is None:
            return f"Murder Hole, {side} wall: bricked up, no unmapped rock behind it"
        return (f"Murder Hole in the {side} wall, looking into room {item['looks_into']}: its shooters can shoot "
                "back through it; a generator there gives a direct shot half the time (75% with Reflective Shot)")
    if code == "password":
        return "Password: a locked chest with a scroll; its word, said once, turns every wall to Stairs for a moment"
    return name


def stat_line(code: str) -> str:
    m = rules.monsters()[code]
    health = "only potions harm it" if m["health"] == 0 else f"Health {m['health']}"
    return f"{health} · Melee {m['melee']} · Shot {m['shot']} · Speed {m['speed']}"


def encounter_text(item: dict[str, Any]) -> dict[str, str]:
    code = item["code"]
    if code == "none":
        return {"title": "No encounter", "stats": "", "tactics": ""}
    if code == "swarm":
        monster = rules.monsters()[item["monster"]]
        name = monster["name"]
        if item["lone"]:
            return {"title": f"A lone {name}", "stats": stat_line(item["monster"]), "tactics": monster["tactics"]}
        swarmed = "every hero" if item["pcs_swarmed"] == "all" else f"{item['pcs_swarmed']} hero" + (
            "es" if item["pcs_swarmed"] > 1 else "")
        plural = "s" if item["monsters"] > 1 else ""
        numbers = (f"swarm health {item['health']} of the room's {item['capacity']}; scatters below "
                   f"{item['scatter_below']}; about {item['monsters']} {name.lower()}{plural}; can swarm {swarmed}")
        if item["scattered_at_once"]:
            numbers += "; so weak it starts scattered: three at full health"
        attacks = f"Melee {monster['melee']} ×{item['melee_dice']} (×{item['melee_dice_alone']} on a lone hero)"
        if item["shots"]:
            attacks += f" · Shot {monster['shot']}, {item['shots']} shots a round"
        return {"title": f"Swarm of {name}s, {item['percent']}%",
                "stats": f"{numbers}. {attacks} · Speed {monster['speed']}", "tactics": monster["tactics"]}
    if code == "generator":
        made = rules.monsters()[item["monster"]]
        return {"title": f"Generator of {made['name']}s, grade {item['grade']}",
                "stats": f"Health {item['health']}; each round it sends out one {made['name'].lower()}: "
                         f"{stat_line(item['monster'])}",
                "tactics": rules.monsters()["generator"]["tactics"]}
    if code == "mini-boss":
        boss = rules.monsters()["mini-boss"]
        return {"title": "The mini-boss (printgen's numbers)",
                "stats": f"Health {item['health']} · Melee {boss['melee']} · Shot {boss['shot']} · "
                         f"Speed {item['speed']}",
                "tactics": boss["tactics"]}
    monster = rules.monsters()[code]
    return {"title": f"{monster['name']} (printgen's numbers)", "stats": stat_line(code), "tactics": monster["tactics"]}


ROLL_LABELS = {"room-size": "size", "room-shape": "shape", "exit-number": "exits", "exit-location": "where",
               "exit-type": "type", "contents": "contents", "encounter": "encounter", "monster": "monster",
               "swarm-size": "swarm", "special": "special", "generator-grade": "grade", PERCENT_ROLL: PERCENT_ROLL}


def rolls_text(area: Area) -> str:
    parts = [f"{ROLL_LABELS.get(k, k)} {', '.join(map(str, v))}" for k, v in area.rolls.items()]
    return "; ".join(parts)


def room_key(level: Level, area: Area, kinds: dict[int, str]) -> dict[str, Any]:
    return {
        "number": area.number,
        "shape": shape_text(area),
        "reached": how_reached(area),
        "exits": [exit_text(e, level, kinds) for e in area.exits],
        "contents": [content_text(c) for c in area.data["contents"] if c["code"] != "none"] or ["Nothing"],
        "encounters": [encounter_text(e) for e in area.data["encounters"] if e["code"] != "none"],
        "rolls": rolls_text(area),
    }
