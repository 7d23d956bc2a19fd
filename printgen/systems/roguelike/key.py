"""The words of a Roguelike dungeon's cover, key and rules page, chosen here where the pages are made.

The dungeon's data carries codes and numbers; this module turns them into
the sentences the templates print.
"""

from __future__ import annotations

from typing import Any

from ...maps.geometry import HEADING_NAMES
from ...maps.level import Area, Exit, Level
from . import rules
from .generate import Dungeon
from .rolls import SQUARE_FEET

DOOR_NAMES = {
    "wooden": "wooden door", "locked-wooden": "locked wooden door", "iron": "iron door",
    "locked-iron": "locked iron door", "arch": "open arch", "portcullis": "portcullis",
    "locked-portcullis": "locked portcullis", "open": "open way", "dead-end": "dead end",
}
CONTENTS = {
    "empty": "Empty.", "trap": "A trap.", "stairs-down": "A staircase down.",
    "stairs-up-trap": "A staircase up, and a trap.", "loot": "Loot.", "loot-chest": "A loot chest.",
    "fountain": "A fountain.",
}
SPECIAL_WORDS = {
    "Poison": "Poison: 3 damage a round until cured",
    "Curse": "Curse: as the miracle, −3 Speed, Power, Health and Intellect until lifted",
    "Paralyze": "Paralyze: as the spell, the victim loses 1d6 turns",
    "Spell": "Spell: may cast a spell instead of dealing damage",
    "Smell": "Smell: instead of damage, the target retches and loses its next turn (printgen's rule)",
    "Constrict": "Constrict: keeps squeezing for 1d6 more every turn",
}


def dungeon_key(dungeon: Dungeon, level: Level) -> dict[str, Any]:
    """One level's key: the arrival and each area's entry."""
    if level.number == 1:
        e = dungeon.entrance
        hidden = " It is hidden behind a statue carved as a giant skull." if e["secret"] else ""
        arrival = f"The way in: {e['type']}.{hidden} It opens into area 1."
    else:
        arrival = f"Every way down from level {level.number - 1} comes out in area {level.arrival}."
    return {"number": level.number, "arrival": arrival, "areas": [area_entry(dungeon, level, a) for a in level.areas]}


def area_entry(dungeon: Dungeon, level: Level, area: Area) -> dict[str, Any]:
    data = area.data
    contents = data["contents"]
    lines: list[tuple[str, str]] = [("Contents", contents_words(area))]
    trap = contents.get("trap")
    if trap:
        lines.append(("Trap", f"{trap['name']} (2d6: {trap['roll']}). Damage: {trap['damage']}. "
                              f"A Thief finds and disarms it on 2d6 ≤ {trap['saving_roll']}."))
    fountain = contents.get("fountain")
    if fountain:
        row = rules.tables()["fountain"].lookup(fountain["roll"])
        lines.append(("Fountain", f"{fountain['result']} (1d6: {fountain['roll']}). {row['description']}"))
    for loot in contents.get("loot", []):
        lines.append(("Loot", f"{loot['result']} (2d6: {loot['roll']})."))
    if "hoard" in data:
        lines.append(("The hoard", "; ".join(l["result"] for l in data["hoard"]["loot"]) + ". The prize at the bottom."))
    for link in area.links:
        lines.append(link_words(dungeon, level, area, link))
    if "stairs-down" in data.get("added", []):
        lines.append(("printgen's choice", "the dice gave this level no way down, so these stairs were added "
                                           "in the area farthest from the way in."))
    lines.append(("Ways on", exits_words(level, area)))
    unplaced = [e for e in area.exits if e.at is None]
    if unplaced:
        lines.append(("Also", "; ".join(f"a {DOOR_NAMES[e.kind]} the dice rolled, with no room for it on the map: "
                                        "roll on at the table if the party searches for it" for e in unplaced)))
    return {
        "number": area.number,
        "title": f"{area.type}{' (natural)' if data['natural'] else ''}",
        "size": size_words(area),
        "lines": lines,
        "creatures": creature_rows(contents["creatures"]) if "creatures" in contents else None,
    }


def size_words(area: Area) -> str:
    f = area.data["features"]
    if "area_sqft" in f:
        if area.data["natural"]:
            return f"{f['area_sqft']} sq ft, an irregular natural chamber"
        x0 = min(c[0] for c in area.cells)
        x1 = max(c[0] for c in area.cells)
        y0 = min(c[1] for c in area.cells)
        y1 = max(c[1] for c in area.cells)
        return f"{(x1 - x0 + 1) * SQUARE_FEET} × {(y1 - y0 + 1) * SQUARE_FEET} ft ({f['area_sqft']} sq ft)"
    return f"{f['direction_length']}; {f['width_ft']} ft wide, {f['height_ft']} ft high"


def contents_words(area: Area) -> str:
    contents = area.data["contents"]
    creatures = contents.get("creatures")
    if creatures:
        who = f"{creatures['count']} × {creatures['name']}"
        if contents["kind"] == "crypt":
            return f"Coffins and crypts ({contents['coffins']} coffins) and their undead: {who}."
        return who + "."
    return CONTENTS[contents["kind"]]


def link_words(dungeon: Dungeon, level: Level, area: Area, link) -> tuple[str, str]:
    last = len(dungeon.levels)
    if link.kind in ("stairs-down", "chute"):
        what = "Stairs down" if link.kind == "stairs-down" else "Chute"
        if level.number == last:
            return what, f"down into the hoard's vault: they come out in area {link.area} (the hoard)."
        return what, f"down to level {link.level}, area {link.area}."
    if link.kind == "stairs-up":
        if link.level == 0:
            return "Stairs up", "up to the surface, out of the dungeon."
        return "Stairs up", f"up to level {link.level}, area {link.area}."
    return "Teleport", (f"whoever sets it off appears in area {link.area}, a new area made for the trap "
                        "(reached by no door from here).")


def exit_words(exit_: Exit) -> str:
    name = DOOR_NAMES[exit_.kind]
    where = f" ({HEADING_NAMES[exit_.side]})" if exit_.side is not None else ""
    added = ", printgen's" if not exit_.rolled else ""
    target = {
        "area": f"→ {exit_.to}",
        "unexplored": "unexplored: roll on at the table",
        "blocked": "no room on the map beyond: rubble",
        "dead-end": "",
        "level": "→ another level",
    }[exit_.leads]
    if exit_.leads == "dead-end":
        return "a dead end"
    return f"{name}{where}{added} {target}"


def exits_words(level: Level, area: Area) -> str:
    parts = [exit_words(e) for e in area.exits if e.at is not None]
    if area.entered_from is not None:
        parts.append(f"back → {area.entered_from}")
    for other in level.areas:  # ways that run into this area from others: the level's loops
        for e in other.exits:
            if e.to == area.number and other.number != area.entered_from:
                parts.append(f"{DOOR_NAMES[e.kind]} from {other.number}")
    return "; ".join(parts) if parts else "none"


def creature_rows(group: dict[str, Any]) -> dict[str, Any]:
    """The encounter as lines: what the group shares once, then each creature's health and loot.

    Lines, not a table: WeasyPrint lays a table out several times slower, and the
    key's tables were most of a booklet's time.
    """
    chain = " → ".join(f"{step['result']} ({step['roll']})" for step in group["chain"])
    if group.get("rivals"):
        rows = [f"#{i} {r['race']} {r['occupation']}: Health {r['health']} · Speed {r['speed']} · "
                f"Attack {r['attack']} · Defense {r['defense']} · Damage Rusty Dagger 1 + Power {r['power']} = "
                f"{1 + r['power']} · Intellect {r['intellect']} · abilities: {', '.join(r['abilities']) or 'none'} · "
                f"loot: {'; '.join(l['result'] for l in r['loot']) or 'none'}"
                for i, r in enumerate(group["rivals"], 1)]
        return {"chain": chain, "shared": None, "rows": rows, "notes": [
            "Rival Commercial At characters, rolled with the character rules; each carries the starting kit."]}
    loot_none = "no loot" if group["loot"] == "No" else "nothing this time"
    shared = (f"{len(group['individuals'])} × {group['name']}: Speed {group['speed']} · Attack {group['attack']} · "
              f"Defense {group['defense']} · Damage {group['damage']}")
    rows = [f"#{i} Health {ind['health']}, {'; '.join(l['result'] for l in ind['loot']) or loot_none}"
            for i, ind in enumerate(group["individuals"], 1)]
    notes = [SPECIAL_WORDS[s] for s in group["specials"] if s in SPECIAL_WORDS]
    if group["harmless_poison"]:
        notes = [n for n in notes if not n.startswith("Poison:")]
        notes.append("Its poison deals no Health damage; left untreated for more than five turns it turns "
                     "the victim into an NPC " + ("vampire." if group["name"] == "Vampire" else "zombie."))
    return {"chain": chain, "shared": shared, "rows": rows, "notes": notes}


# --- the rules page -------------------------------------------------------------------------


def rules_page() -> dict[str, Any]:
    points = rules.data_list("points").items
    return {
        "living": [(i["name"], i["points"]) for i in points if i["who"] == "living"],
        "dead": [(i["name"], i["points"]) for i in points if i["who"] == "dead"],
        "level_up": [i["name"] for i in rules.data_list("level-up").items],
        "choices": [(c["topic"], c["text"]) for c in rules.choices()],
    }


def cover(dungeon: Dungeon) -> dict[str, Any]:
    e = dungeon.entrance
    row = next(r for r in rules.tables()["entrance"].rows if r["kind"] == e["kind"])
    areas = [a for level in dungeon.levels for a in level.areas]
    return {
        "name": dungeon.name,
        "levels": len(dungeon.levels),
        "entrance": f"{e['type']}. {row['description']}"
                    + (" It is hidden behind a statue carved as a giant skull: only those who search the statue "
                       "find the way in." if e["secret"] else ""),
        "counts": f"{len(areas)} areas · {sum('creatures' in a.data['contents'] for a in areas)} encounters · "
                  f"{sum('trap' in a.data['contents'] for a in areas)} traps · a hoard at the bottom",
    }
