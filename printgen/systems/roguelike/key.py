"""A Roguelike dungeon's cover, key and rules page, put together here where the pages are made.

The dungeon's data carries codes and numbers; this module fills them into
the game's phrases (words.toml) for the templates to print.
"""

from __future__ import annotations

from typing import Any

from ...cards import cover_art
from ...maps.geometry import HEADING_NAMES
from ...maps.level import Area, Exit, Level
from ...words import Words
from . import GAME, rules
from .generate import Dungeon
from .rolls import SQUARE_FEET


def dungeon_key(phrasebooks: Words, dungeon: Dungeon, level: Level) -> dict[str, Any]:
    """One level's key: the arrival and each area's entry."""
    say = phrasebooks.say_for(__package__)
    if level.number == 1:
        e = dungeon.entrance
        if e["secret"]:
            arrival = say("key.way-in-hidden", entrance=e["type"], hidden=say("entrance.hidden"))
        else:
            arrival = say("key.way-in", entrance=e["type"])
    else:
        arrival = say("key.arrival", above=level.number - 1, area=level.arrival)
    return {"number": level.number, "arrival": arrival,
            "areas": [area_entry(phrasebooks, dungeon, level, a) for a in level.areas]}


def area_entry(phrasebooks: Words, dungeon: Dungeon, level: Level, area: Area) -> dict[str, Any]:
    say = phrasebooks.say_for(__package__)
    data = area.data
    contents = data["contents"]
    label = say.section("key.label")
    lines: list[tuple[str, str]] = []
    if not (contents.get("creatures") and contents["kind"] != "crypt"):  # the creatures' own line names them
        lines.append((label["contents"], contents_words(phrasebooks, area)))
    trap = contents.get("trap")
    if trap:
        thief = say("trap.thief", it=say("trap.it"), save=trap["saving_roll"])
        lines.append((label["trap"], say("key.trap", name=trap["name"], roll=trap["roll"], damage=trap["damage"],
                                         thief=thief)))
    fountain = contents.get("fountain")
    if fountain:
        row = rules.tables()["fountain"].lookup(fountain["roll"])
        lines.append((label["fountain"], say("key.fountain", result=fountain["result"], roll=fountain["roll"],
                                             effect=fountain_effect(phrasebooks, row))))
    for loot in contents.get("loot", []):
        lines.append((label["loot"], say("key.loot", result=_loot(loot), roll=loot["roll"])))
    if "hoard" in data:
        lines.append((label["hoard"], say("key.hoard", loot="; ".join(_loot(l) for l in data["hoard"]["loot"]))))
    for link in area.links:
        lines.append(link_words(phrasebooks, dungeon, level, area, link))
    if "stairs-down" in data.get("added", []):
        lines.append((label["choice"], say("key.added-stairs", added=say("level.added-stairs"))))
    lines.append((label["ways-on"], exits_words(phrasebooks, level, area)))
    unplaced = [e for e in area.exits if e.at is None]
    if unplaced:
        lines.append((label["also"], "; ".join(say("key.unplaced", door=say(f"door.{e.kind}")) for e in unplaced)))
    return {
        "number": area.number,
        "title": say("key.natural", type=area.type) if data["natural"] else area.type,
        "size": size_words(phrasebooks, area),
        "lines": lines,
        "creatures": creature_rows(phrasebooks, contents["creatures"]) if "creatures" in contents else None,
    }


def _loot(loot: dict[str, Any]) -> str:
    """A piece of loot as the table names it, without the full stop some of its rows end with (the key's
    sentence has its own)."""
    return loot["result"].rstrip(".")


def size_words(phrasebooks: Words, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    f = area.data["features"]
    if "area_sqft" in f:
        if area.data["natural"]:
            return say("key.size-chamber", area=f["area_sqft"])
        x0 = min(c[0] for c in area.cells)
        x1 = max(c[0] for c in area.cells)
        y0 = min(c[1] for c in area.cells)
        y1 = max(c[1] for c in area.cells)
        return say("key.size-room", width=(x1 - x0 + 1) * SQUARE_FEET, depth=(y1 - y0 + 1) * SQUARE_FEET,
                   area=f["area_sqft"])
    return say("key.size-passage", direction=f["direction_length"], width=f["width_ft"], height=f["height_ft"])


def contents_words(phrasebooks: Words, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    contents = area.data["contents"]
    creatures = contents.get("creatures")
    if creatures:
        if contents["kind"] == "crypt":
            return say("contents.crypt", coffins=contents["coffins"], count=creatures["count"], name=creatures["name"])
        return say("contents.creatures", count=creatures["count"], name=creatures["name"])
    return say(f"contents.{contents['kind']}")


def link_words(phrasebooks: Words, dungeon: Dungeon, level: Level, area: Area, link) -> tuple[str, str]:
    say = phrasebooks.say_for(__package__)
    label = say.section("key.label")
    last = len(dungeon.levels)
    if link.kind in ("stairs-down", "chute"):
        what = label[link.kind]
        if level.number == last:
            return what, say("key.down-to-hoard", area=link.area)
        return what, say("key.down", level=link.level, area=link.area)
    if link.kind == "stairs-up":
        if link.level == 0:
            return label["stairs-up"], say("key.up-to-surface")
        return label["stairs-up"], say("key.up", level=link.level, area=link.area)
    return label["teleport"], say("key.teleport", area=link.area,
                                  way=_teleport_way(phrasebooks, level, area, link.area))


def _teleport_way(phrasebooks: Words, level: Level, area: Area, landing: int) -> str:
    """Whether a way joins the trap's area and the area its teleport lands in: placed apart, they may still be
    joined by a way rolled later that ran from one into the other."""
    say = phrasebooks.say_for(__package__)
    for source, target in ((area, landing), (level.area(landing), area.number)):
        for e in source.exits:
            if e.to == target:
                return say("key.teleport-joined", door=say(f"door.{e.kind}"), source=source.number)
    return say("key.teleport-apart")


def exit_words(phrasebooks: Words, exit_: Exit) -> str:
    say = phrasebooks.say_for(__package__)
    if exit_.leads == "dead-end":
        return say("exit.dead-end")
    door = say(f"door.{exit_.kind}")
    if exit_.side is not None:
        door = say("exit.facing", door=door, side=HEADING_NAMES[exit_.side])
    if not exit_.rolled:
        door = say("exit.added", door=door)
    return say(f"exit.{exit_.leads}", door=door, area=exit_.to)


def exits_words(phrasebooks: Words, level: Level, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    parts = [exit_words(phrasebooks, e) for e in area.exits if e.at is not None]
    if area.entered_from is not None:
        parts.append(say("exit.back", area=area.entered_from))
    for other in level.areas:  # ways that run into this area from others: the level's loops
        for e in other.exits:
            if e.to == area.number and other.number != area.entered_from:
                parts.append(say("exit.from", door=say(f"door.{e.kind}"), area=other.number))
    return "; ".join(parts) if parts else say("key.no-ways")


def creature_rows(phrasebooks: Words, group: dict[str, Any]) -> dict[str, Any]:
    """The encounter as lines: what the group shares once, then each creature's health and loot.

    Lines, not a table: WeasyPrint lays a table out several times slower, and the
    key's tables were most of a booklet's time.
    """
    say = phrasebooks.say_for(__package__)
    chain = " → ".join(say("encounter.step", result=step["result"], roll=step["roll"]) for step in group["chain"])
    if len(group["chain"]) == 1:  # rolled straight on one list (a crypt's Undead), not from the Type
        chain = say("encounter.rolled-on-list", list=group["list"], chain=chain)
    else:
        chain = say("encounter.rolled", chain=chain)
    if group.get("rivals"):
        weapon = next(item for item in rules.data_list("starting-kit").items if "wdr" in item)
        rows = [say("encounter.rival", number=i, race=r["race"], occupation=r["occupation"], health=r["health"],
                    speed=r["speed"], attack=r["attack"], defense=r["defense"], weapon=weapon["name"],
                    rating=r["weapon_rating"], power=r["power"], damage=r["weapon_rating"] + r["power"],
                    intellect=r["intellect"], abilities=_rival_abilities(phrasebooks, r) or say("encounter.nothing"),
                    loot="; ".join(_loot(l) for l in r["loot"]) or say("encounter.nothing"))
                for i, r in enumerate(group["rivals"], 1)]
        return {"chain": chain, "shared": None, "rows": rows, "notes": [say("encounter.rivals", rule=say("rival.rule"))]}
    loot_none = say("encounter.no-loot") if group["loot"] == "No" else say("encounter.no-loot-this-time")
    shared = say("encounter.group", count=len(group["individuals"]), name=group["name"], speed=group["speed"],
                 attack=group["attack"], defense=group["defense"], damage=group["damage"])
    rows = [say("encounter.one", number=i, health=ind["health"],
                loot="; ".join(_loot(l) for l in ind["loot"]) or loot_none)
            for i, ind in enumerate(group["individuals"], 1)]
    notes = [say("encounter.special", name=special, rule=rule)
             for special, rule in rules.special_rules(phrasebooks, rules.creature(group["name"]))]
    return {"chain": chain, "shared": shared, "rows": rows, "notes": notes}


def _rival_abilities(phrasebooks: Words, rival: dict[str, Any]) -> str:
    """A rival's special abilities as the character rules give them, occupation's first, by printgen's names
    (a Dwarf's '1 Smithing' is Repair: notes.toml, "Dwarves")."""
    rows = (next(r for r in rules.tables()[table].rows if r.result == rival[table]) for table in ("occupation", "race"))
    return ", ".join(filter(None, (rules.ability_counts(phrasebooks, row["abilities"]) for row in rows)))


def fountain_effect(phrasebooks: Words, row) -> str:
    """What a fountain of the Fountain table's ``row`` does."""
    say = phrasebooks.say_for(__package__)
    return say("fountain.good") if row["good"] else say("fountain.poison", poison=say("special.poison"))


# --- the rules page -------------------------------------------------------------------------


def rules_page(phrasebooks: Words) -> dict[str, Any]:
    points = rules.data_list("points").items
    return {
        "living": [(i["name"], i["points"]) for i in points if i["who"] == "living"],
        "dead": [(i["name"], i["points"]) for i in points if i["who"] == "dead"],
        "level_up": [i["name"] for i in rules.data_list("level-up").items],
        "choices": list(rules.in_brief(phrasebooks)),
        "specials": {special: rules.special_rule(phrasebooks, special) for special in ("Poison", "Curse", "Paralyze")},
    }


def cover(phrasebooks: Words, dungeon: Dungeon) -> dict[str, Any]:
    say = phrasebooks.say_for(__package__)
    e = dungeon.entrance
    row = next(r for r in rules.tables()["entrance"].rows if r["kind"] == e["kind"])
    areas = [a for level in dungeon.levels for a in level.areas]
    return {
        "name": dungeon.name,
        "levels": len(dungeon.levels),
        "entrance": e["type"],
        "description": row["description"],
        "hidden": say("cover.hidden", hidden=say("entrance.hidden")) if e["secret"] else "",
        "areas": len(areas),
        "encounters": sum("creatures" in a.data["contents"] for a in areas),
        "traps": sum("trap" in a.data["contents"] for a in areas),
        "art": cover_art.for_game(phrasebooks, GAME.templates, "@", *met(areas)),
    }


def met(areas: list[Area]) -> tuple[list[str], list[str]]:
    """The pictures of what the dungeon holds, area by area in walking order: its creatures; then its traps and
    its loot (the hoard's among it), as their cards show them."""
    pictures = GAME.data("pictures")
    loot_kinds = {row.result: row["kind"] for row in rules.tables()["loot"].rows}
    creatures, more = [], []
    for area in areas:
        contents = area.data["contents"]
        if contents.get("creatures") and contents["creatures"]["name"] in pictures["creatures"]:
            creatures.append(pictures["creatures"][contents["creatures"]["name"]])
        if contents.get("trap") and contents["trap"]["name"] in pictures["traps"]:
            more.append(pictures["traps"][contents["trap"]["name"]])
        for loot in [*contents.get("loot", ()), *(area.data.get("hoard") or {}).get("loot", ())]:
            kind = loot_kinds.get(loot["result"])
            picture = pictures["loot"].get(loot["result"] if kind in ("gold", "gems") else kind)
            if picture:
                more.append(picture)
    return creatures, more
