"""The dungeon key as plain data for its template: every code turned into words here, from words.toml."""

from __future__ import annotations

from typing import Any

from ...maps.level import Area, Exit, Level
from ...words import Words
from . import rules, swarms
from .model import Dungeon

PERCENT_ROLL = "d100"  # the record of the hidden checks among a room's rolls
SIDES = {0: "north", 2: "east", 4: "south", 6: "west"}  # an exit's heading as the Exit-Loc column names it


def dungeon_key(phrasebooks: Words, dungeon: Dungeon) -> list[dict[str, Any]]:
    """Every level's key; a level with a map carries the treasure level after it, if there is one (``then``:
    it has no map of its own, so its lines go at the foot of the key before it)."""
    kinds = {level.number: level.data["kind"] for level in dungeon.levels}
    keys = [level_key(phrasebooks, level, kinds) for level in dungeon.levels]
    for key, after in zip(keys, keys[1:] + [None]):
        key["then"] = after if after is not None and after["kind"] == "treasure" else None
    return keys


def level_name(phrasebooks: Words, number: int, kinds: dict[int, str]) -> str:
    """Where a way down leads, in the words of the printed dungeon: a level it prints, or one rolled in play."""
    say = phrasebooks.say_for(__package__)
    return say("key.level", number=number) if number in kinds else say("key.level-unprinted", number=number)


def stair_leads(phrasebooks: Words, level: Level, kinds: dict[int, str]) -> str:
    """Where the Stairs of ``level`` lead; behind a mini-boss, to the treasure level or past it."""
    say = phrasebooks.say_for(__package__)
    below = level.number + 1
    if level.data["kind"] == "mini-boss":
        # The level after a mini-boss's is a treasure level, which has no map: its page serves, printed or not.
        return say("key.after-mini-boss", below=below, after=level_name(phrasebooks, below + 1, kinds))
    return level_name(phrasebooks, below, kinds)


def level_key(phrasebooks: Words, level: Level, kinds: dict[int, str]) -> dict[str, Any]:
    return {"number": level.number, "kind": level.data["kind"], "after": level_name(phrasebooks, level.number + 1,
                                                                                    kinds),
            "monsters": monsters_met(phrasebooks, level), "why": whys(phrasebooks, level),
            "rooms": [room_key(phrasebooks, level, a, kinds) for a in level.areas]}


def whys(phrasebooks: Words, level: Level) -> list[str]:
    """What each rule that made or changed an exit of the level means, said once at the head of its key."""
    say = phrasebooks.say_for(__package__)
    found = {e.data.get("why") for a in level.areas for e in a.exits} - {None, "", "mini-boss-level"}
    return [say(f"key.why-said.{why}") for why in say.section("key.why-said") if why in found]


def units(phrasebooks: Words, count: int) -> str:
    say = phrasebooks.say_for(__package__)
    return say("key.shape.unit") if count == 1 else say("key.shape.units")


def shape_text(phrasebooks: Words, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    data, shape = area.data, area.data["shape"]
    if data["size_rolled"] != data["size"]:
        size = say("key.shape.shrunk", size=data["size"], rolled=data["size_rolled"])
    else:
        size = say("key.shape.size", size=data["size"])
    if area.type == "Triangle":
        legs = shape["legs"]
        detail = say("key.shape.triangle", legs=legs, units=units(phrasebooks, legs),
                     facing=say(f"heading.{shape['facing']}"))
    elif "runs" in shape:
        detail = turned_text(phrasebooks, area.type, shape)
    elif area.type == "Circle":
        detail = say(f"key.shape.circle.{shape['drawn']}", width=shape["width"],
                     units=units(phrasebooks, shape["width"]))
    else:
        detail = say("key.shape.box", width=shape["width"], height=shape["height"],
                     units=units(phrasebooks, shape["width"] * shape["height"]))
    return say("key.shape.line", shape=area.type, size=size, detail=detail)


def turned_text(phrasebooks: Words, word: str, shape: dict) -> str:
    """A room at 45°: its sides in angular units, the way its long walls run, a Hallway's cropped ends."""
    say = phrasebooks.say_for(__package__)
    long_, short = shape["sides"]
    detail = say(f"key.shape.turned.{word.lower()}", long=long_, short=short, units=units(phrasebooks, long_),
                 runs=say(f"key.shape.runs.{shape['runs']}"))
    ends = [say(f"heading.{side}") for side in shape.get("cropped", [])]
    if len(ends) == 1:
        return say("key.shape.cropped-one", detail=detail, facing=ends[0])
    if ends:
        return say("key.shape.cropped-both", detail=detail, first=ends[0], second=ends[1])
    return detail


def how_reached(phrasebooks: Words, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    return say(f"key.reached.{area.data['entered_by']}", room=area.data["entered_from"])


def exit_name(phrasebooks: Words, exit_: Exit) -> str:
    say = phrasebooks.say_for(__package__)
    name = say(f"exit.{exit_.kind}")
    if exit_.secret and exit_.kind != "secret":
        name = say("key.exit.secret", name=name.lower())
    return name


def exit_text(phrasebooks: Words, exit_: Exit, level: Level, kinds: dict[int, str]) -> str:
    say = phrasebooks.say_for(__package__)
    direction = say(f"direction.{SIDES[exit_.heading]}")
    length = len(exit_.units)
    if length > 1:
        text = say("key.exit.long", name=exit_name(phrasebooks, exit_), direction=direction, length=length)
    else:
        text = say("key.exit.line", name=exit_name(phrasebooks, exit_), direction=direction)
    if exit_.kind == "treasure" and not exit_.far_side:
        treasures = {"exit": text, "count": length}
        text = say("key.exit.treasure", **treasures) if length == 1 else say("key.exit.treasures", **treasures)
    if exit_.leads == "area":
        rooms = {"exit": text, "rooms": ", ".join(map(str, [exit_.to] + exit_.also))}
        text = say("key.exit.to-rooms", **rooms) if exit_.also else say("key.exit.to-room", **rooms)
    elif exit_.leads == "level":
        text = say("key.exit.down", exit=text, level=stair_leads(phrasebooks, level, kinds))
    else:
        text = say("key.exit.leads", exit=text, leads=say(f"key.leads.{exit_.leads}"))
    why = exit_.data.get("why", "")
    if why and why != "mini-boss-level":  # the mini-boss level's Door and Stair are the rules' own
        rolled = exit_.data.get("rolled_as")
        text = say("key.exit.why", exit=text, why=say(f"key.why.{why}", kind=say(f"exit.{rolled}") if rolled else ""))
    return text


def content_text(phrasebooks: Words, item: dict[str, Any]) -> str:
    say = phrasebooks.say_for(__package__)
    code = item["code"]
    name = rules.content_name(code)
    if code in ("ale", "poison", "ward", "trap"):
        check = {"name": name, "truth": rules.content_name(item["actually"]), "roll": item["check"]["d100"],
                 "chance": item["check"]["chance"]}
        return say("key.contents.truly", **check) if item["actually"] != code else say("key.contents.really", **check)
    if code == "treasure":
        key = {"name": name, "roll": item["key"]["d100"], "chance": item["key"]["chance"]}
        if item["key"]["happens"]:
            text = say("key.contents.treasure-key", **key)
        else:
            text = say("key.contents.treasure-no-key", **key)
        return say("key.contents.secret-room", treasure=text) if item.get("why") else text
    if code == "special":
        boon = rules.boon(item["boon"])
        return say("key.contents.special", name=name, boon=boon.result, actions=boon["actions"])
    if code == "murder-hole":
        side = say(f"direction.{item['direction']}")
        if item.get("looks_into") is None:
            return say("key.contents.murder-hole-bricked", name=name, side=side)
        return say("key.contents.murder-hole", name=name, side=side, room=item["looks_into"])
    if code == "password":
        return say("key.contents.password", name=name)
    return name


def stat(phrasebooks: Words, code: str, value: object) -> str:
    """An ability and its value: "Melee d8"."""
    say = phrasebooks.say_for(__package__)
    return f"{say(f'stat.{code}')} {value}"


def stat_line(phrasebooks: Words, code: str) -> str:
    say = phrasebooks.say_for(__package__)
    m = rules.monsters()[code]
    health = say("key.encounter.potions-only") if m["health"] == 0 else stat(phrasebooks, "health", m["health"])
    return " · ".join([health, stat(phrasebooks, "melee", m["melee"]), stat(phrasebooks, "shot", m["shot"]),
                       stat(phrasebooks, "speed", m["speed"])])


def encounter_text(phrasebooks: Words, item: dict[str, Any]) -> dict[str, str]:
    say = phrasebooks.say_for(__package__)
    code = item["code"]
    if code == "swarm":
        monster = rules.monsters()[item["monster"]]
        if item["lone"]:
            return {"title": say("key.encounter.lone", name=monster["name"]), "stats": "",
                    "tactics": rules.tactics(phrasebooks, item["monster"])}
        count = item["monsters"]
        numbers = say("key.encounter.swarm-numbers", health=item["health"], capacity=item["capacity"],
                      scatter=item["scatter_below"], count=count,
                      monsters=(monster["plural"] if count > 1 else monster["name"]).lower(),
                      reach=swarms.reach_words(phrasebooks, item["pcs_swarmed"]))
        if item["scattered_at_once"]:
            numbers = "; ".join([numbers, say("key.encounter.scattered")])
        attacks = [say("key.encounter.melee", melee=stat(phrasebooks, "melee", monster["melee"]),
                       times=item["melee_dice"],
                       alone=item["melee_dice_alone"])]
        if item["shots"]:
            attacks.append(say("key.encounter.shots", shot=stat(phrasebooks, "shot", monster["shot"]),
                               shots=item["shots"]))
        attacks.append(stat(phrasebooks, "speed", monster["speed"]))
        return {"title": say("key.encounter.swarm", plural=monster["plural"], percent=item["percent"]),
                "stats": f"{numbers}. {' · '.join(attacks)}", "tactics": rules.tactics(phrasebooks, item["monster"])}
    if code == "generator":
        made = rules.monsters()[item["monster"]]
        return {"title": say("key.encounter.generator", plural=made["plural"], grade=item["grade"]),
                "stats": say("key.encounter.generator-stats", health=stat(phrasebooks, "health", item["health"]),
                             monster=made["name"].lower()),
                "tactics": rules.tactics(phrasebooks, "generator")}
    if code == "mini-boss":
        boss = rules.monsters()["mini-boss"]
        return {"title": say("key.encounter.mini-boss"),
                "stats": " · ".join([stat(phrasebooks, "health", item["health"]),
                                     stat(phrasebooks, "melee", boss["melee"]),
                                     stat(phrasebooks, "shot", boss["shot"]),
                                     stat(phrasebooks, "speed", item["speed"])]),
                "tactics": rules.tactics(phrasebooks, "mini-boss")}
    return {"title": rules.monsters()[code]["name"], "stats": "",  # its numbers are in the level's monsters
            "tactics": rules.tactics(phrasebooks, code)}


def monsters_met(phrasebooks: Words, level: Level) -> list[dict[str, str]]:
    """The stat line of each monster a level's encounters bring (a generator's, a swarm's, a lone one), once
    for the level's key: the rooms' lines then name them only."""
    say = phrasebooks.say_for(__package__)
    met = set()
    for area in level.areas:
        for item in area.data["encounters"]:
            if item["code"] in ("swarm", "generator"):
                met.add(item["monster"])
            elif item["code"] not in ("none", "mini-boss"):
                met.add(item["code"])
    return [{"name": say("key.encounter.designed", name=m["name"]) if m.get("designed") else m["name"],
             "stats": stat_line(phrasebooks, code)} for code, m in rules.monsters().items() if code in met]


def rolls_text(phrasebooks: Words, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    return "; ".join(f"{say(f'key.roll.{table}')} {', '.join(map(str, totals))}"
                     for table, totals in area.rolls.items())


def room_key(phrasebooks: Words, level: Level, area: Area, kinds: dict[int, str]) -> dict[str, Any]:
    say = phrasebooks.say_for(__package__)
    return {
        "number": area.number,
        "shape": shape_text(phrasebooks, area),
        "reached": how_reached(phrasebooks, area),
        "exits": [exit_text(phrasebooks, e, level, kinds) for e in area.exits],
        "contents": [content_text(phrasebooks,
                                  c) for c in area.data["contents"] if c["code"] != "none"] or [say("key.nothing")],
        "encounters": [encounter_text(phrasebooks, e) for e in area.data["encounters"] if e["code"] != "none"],
        "rolls": rolls_text(phrasebooks, area),
    }
