"""Roguelike dungeons: the Dungeon matrices rolled area by area, as plain data.

The entrance is rolled first; then, breadth first from it (so areas are
numbered in walking order), every way on gets an area: Room Type 1d6, then
the Corridor and Cavern matrix (2d6 four times) or the Room and Chamber matrix
(2d6 three times). Contents are resolved in full with the Traps matrix and the
appendices. The rules' gaps are settled by the choices in data/notes.toml.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ... import dice
from ...maps.grid import HEADING_NAMES, SOUTH, Cell, Occupancy, Shape, reachable, step
from ...maps.layout import Placement, corridor, room_candidates, within
from ...seed import Rng, SeedCode
from ...tables import Result
from . import rules

SQUARE_FEET = 5  # one square of the map is 5 ft
MAP_WIDTH, MAP_HEIGHT = 30, 32  # squares: ¼-inch squares on the map page, legend below
DEFAULT_LEVELS, MAX_LEVELS = 3, 20
DEFAULT_AREAS, MIN_AREAS, MAX_AREAS = 16, 4, 40
FORK_FEET = 20  # see notes.toml: forks run 20 ft before they divide

DOOR_NAMES = {
    "wooden": "wooden door",
    "locked-wooden": "locked wooden door",
    "iron": "iron door",
    "locked-iron": "locked iron door",
    "arch": "open arch",
    "portcullis": "portcullis",
    "locked-portcullis": "locked portcullis",
    "open": "open passage",
}


@dataclass
class Exit:
    kind: str  # a key of DOOR_NAMES
    cell: Cell  # the doorway square
    heading: int  # pointing out of the area
    to: int | None = None  # the area it leads to, on this level
    dead_end: str | None = None  # why it leads nowhere

    def as_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": DOOR_NAMES[self.kind],
            "cell": list(self.cell),
            "heading": HEADING_NAMES[self.heading],
            "to": self.to,
            "dead_end": self.dead_end,
        }


@dataclass
class Area:
    number: int
    type: str  # Corridor, Room, Cavern or Chamber
    description: str
    shape: Shape
    cells: set[Cell]
    features: dict[str, Any]
    contents: dict[str, Any]
    exits: list[Exit] = field(default_factory=list)
    entered_from: int | None = None  # area number; None: the entrance or the stairs from above
    links: list[dict[str, Any]] = field(default_factory=list)  # stairs, chutes, teleports
    door_spots: list[tuple[Cell, int]] = field(default_factory=list, repr=False)  # free wall spots, for layout only

    @property
    def is_corridor(self) -> bool:
        return self.type in ("Corridor", "Cavern")

    def as_data(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "type": self.type,
            "description": self.description,
            "geometry": self.shape.as_data(),
            "cells": sorted([list(c) for c in self.cells]),
            "features": self.features,
            "contents": self.contents,
            "entered_from": self.entered_from,
            "exits": [e.as_data() for e in self.exits],
            "links": self.links,
        }


@dataclass
class Level:
    number: int
    width: int
    height: int
    areas: list[Area]
    arrival: dict[str, Any]  # where the party comes in: entrance or stairs

    def area(self, number: int) -> Area:
        return self.areas[number - 1]

    def links(self) -> dict[int, set[int]]:
        """Area → areas one can walk, fall or be teleported to, on this level."""
        graph: dict[int, set[int]] = {a.number: set() for a in self.areas}
        for area in self.areas:
            for exit_ in area.exits:
                if exit_.to is not None:
                    graph[area.number].add(exit_.to)
                    graph[exit_.to].add(area.number)
            for link in area.links:
                if link.get("level") == self.number and link.get("area"):
                    graph[area.number].add(link["area"])
        return graph

    def as_data(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "width": self.width,
            "height": self.height,
            "square_feet": SQUARE_FEET,
            "arrival": self.arrival,
            "areas": [a.as_data() for a in self.areas],
        }


@dataclass
class Dungeon:
    name: str
    seed_code: str
    entrance: dict[str, Any]
    levels: list[Level]

    def as_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "seed_code": self.seed_code,
            "entrance": self.entrance,
            "levels": [level.as_data() for level in self.levels],
            "rules_choices": list(rules.choices()),
        }


# --- rolling -----------------------------------------------------------------------


def generate(code: SeedCode, levels: int, max_areas: int) -> Dungeon:
    entrance = roll_entrance(code.stream("entrance"))
    built = []
    for number in range(1, levels + 1):
        built.append(generate_level(code, number, levels, max_areas))
    link_levels(built, code)
    return Dungeon(dungeon_name(code.stream("name")), str(code), entrance, built)


def dungeon_name(rng: Rng) -> str:
    words = rules.data_list("dungeon-names").items
    first = [w["name"] for w in words if w.get("part") == "place"]
    second = [w["name"] for w in words if w.get("part") == "owner"]
    return f"The {rng.choice(first)} of {rng.choice(second)}"


def roll_entrance(rng: Rng) -> dict[str, Any]:
    result = rules.tables().roll("entrance", rng)
    secret = result.row["kind"] == "secret"
    while result.row["kind"] == "secret":  # "roll again", perhaps more than once
        result = result.followups[0]
    return {
        "name": result.row.result,
        "kind": result.row["kind"],
        "description": result.row["description"],
        "secret": secret,
        "skull_statue": secret,
    }


def generate_level(code: SeedCode, number: int, levels: int, max_areas: int) -> Level:
    occupancy = Occupancy(MAP_WIDTH, MAP_HEIGHT)
    areas: list[Area] = []
    place_rng = code.stream("level", number, "layout")
    # Level 1 is entered from the top edge; deeper levels from stairs near the middle.
    if number == 1:
        first_doorway: Cell = (MAP_WIDTH // 2, 0)
        arrival = {"kind": "entrance", "cell": list(first_doorway)}
    else:
        first_doorway = (place_rng.randint(MAP_WIDTH // 3, 2 * MAP_WIDTH // 3), place_rng.randint(2, MAP_HEIGHT // 3))
        arrival = {"kind": "stairs-up", "cell": list(step(first_doorway, SOUTH))}
    occupancy.take({first_doorway}, 0)
    queue: deque[tuple[Exit, Area | None]] = deque([(Exit("open", first_doorway, SOUTH), None)])
    attempt = 0
    while True:
        if not queue:
            # The dice closed every way on too early: open an arch (notes.toml).
            extra = None
            if len(areas) < min(max_areas, MIN_AREAS * 2) and attempt < 4 * max_areas:
                extra = extra_arch(areas, occupancy, code.stream("level", number, "extra", attempt))
            if extra is None:
                break
            queue.append(extra)
        exit_, parent = queue.popleft()
        if len(areas) >= max_areas:
            exit_.dead_end = "bricked up: this level has no more room"
            continue
        attempt += 1
        area = roll_area(code.stream("level", number, "area", attempt), exit_, len(areas) + 1, occupancy, parent)
        if area is None and not areas and attempt < 50:
            queue.appendleft((exit_, parent))  # a level's first area is rolled until it fits
            continue
        if area is None:
            exit_.dead_end = "collapsed: rubble fills the way beyond"
            continue
        exit_.to = area.number
        areas.append(area)
        queue.extend((e, area) for e in area.exits)
    for area in areas:
        area.exits = [e for e in area.exits if e.to is not None or e.dead_end]
    return Level(number, MAP_WIDTH, MAP_HEIGHT, areas, arrival)


def roll_area(rng: Rng, doorway: Exit, number: int, occupancy: Occupancy, parent: Area | None) -> Area | None:
    tables = rules.tables()
    room_type = tables["room-type"].roll(rng)[1]
    natural = room_type["natural"]
    if room_type["kind"] == "corridor":
        table = tables["corridor-features"]
        shape_row, size_row, contents_row, doors_row = (table.roll(rng)[1] for _ in range(4))
        features = {
            "direction_length": shape_row["direction"],
            "width_height": size_row["width_height"],
            "contents": contents_row["contents"],
            "doors": doors_row["doors"],
        }
        length_ft = shape_row.get("length_ft") or FORK_FEET
        width = max(1, round(size_row["width_ft"] / SQUARE_FEET))
        placement = corridor(
            doorway.cell, doorway.heading, shape_row["shape"], shape_row["turn"],
            max(1, round(length_ft / SQUARE_FEET)), width, natural,
        )
        placements = [placement]
        size = f"{shape_row['direction']}, {size_row['width_ft']} ft wide, {size_row['height_ft']} ft high"
    else:
        table = tables["room-features"]
        area_row, contents_row, doors_row = (table.roll(rng)[1] for _ in range(3))
        features = {"area": area_row.result, "contents": contents_row["contents"], "doors": doors_row["doors"]}
        squares = area_row["area_sqft"] // (SQUARE_FEET * SQUARE_FEET)
        placements = room_candidates(doorway.cell, doorway.heading, squares, natural, rng)
        size = None
    for placement in placements:
        if within(placement, occupancy.width, occupancy.height) and occupancy.fits(placement.cells, {doorway.cell}):
            break
    else:
        return None
    if size is None:
        x, y, w, h = placement.shape.rect
        size = f"{w * SQUARE_FEET} × {h * SQUARE_FEET} ft ({area_row['area_sqft']} sq ft)"
    occupancy.take(placement.cells, number)
    occupancy.take({doorway.cell}, number)
    area = Area(
        number=number,
        type=room_type.result,
        description=room_type["description"],
        shape=placement.shape,
        cells=placement.cells,
        features={"size": size, **features},
        contents=resolve_contents(contents_row, rng),
        entered_from=parent.number if parent else None,
        door_spots=placement.side_spots,
    )
    area.exits = make_exits(placement, doors_row["door_kinds"], doorway.cell, occupancy, rng)
    return area


def make_exits(placement: Placement, door_kinds: list[str], entry: Cell, occupancy: Occupancy, rng: Rng) -> list[Exit]:
    """The passage's open ends, then each rolled door in a free spot of the walls."""
    exits: list[Exit] = []
    used: set[Cell] = {entry}
    for cell, heading in placement.ends:
        exits.append(Exit("open", cell, heading))
        used.add(cell)
    spots = [s for s in placement.side_spots if _door_spot_ok(s[0], used, occupancy, placement.cells)]
    rng.shuffle(spots)
    for kind in door_kinds:
        spot = next((s for s in spots if _door_spot_ok(s[0], used, occupancy, placement.cells)), None)
        if spot is None:
            break  # no wall left for it: the rolled door is not drawn (listed in the key)
        exits.append(Exit(kind, spot[0], spot[1]))
        used.add(spot[0])
    return exits


def _door_spot_ok(cell: Cell, used: set[Cell], occupancy: Occupancy, own: set[Cell]) -> bool:
    if not occupancy.inside(cell) or cell in occupancy.owner or cell in own:
        return False
    return all(abs(cell[0] - u[0]) + abs(cell[1] - u[1]) > 2 for u in used)


def extra_arch(areas: list[Area], occupancy: Occupancy, rng: Rng) -> tuple[Exit, Area] | None:
    """An open arch in the newest area that has a free wall (notes.toml: a level keeps going)."""
    for area in reversed(areas):
        used = {e.cell for e in area.exits}
        spots = [s for s in area.door_spots if _door_spot_ok(s[0], used, occupancy, area.cells)]
        if spots:
            cell, heading = rng.choice(spots)
            exit_ = Exit("arch", cell, heading)
            area.exits.append(exit_)
            area.features["extra_exit"] = "an open arch printgen adds so the level goes on"
            return exit_, area
    return None


# --- contents ------------------------------------------------------------------------


def resolve_contents(row, rng: Rng) -> dict[str, Any]:
    kind = row["contents_kind"]
    table = row.get("contents_table")
    contents: dict[str, Any] = {"kind": kind, "text": row["contents"]}
    if kind in ("trap", "stairs-up-trap"):
        contents["trap"] = roll_trap(rng)
    elif kind == "creatures":
        contents["creatures"] = roll_encounter(rules.tables().roll(table, rng), rng)
    elif kind == "crypt":
        contents["creatures"] = roll_encounter(rules.tables().roll(table, rng), rng)
        contents["coffins"] = rng.randint(2, 6)  # how many coffins the map shows: scenery only
    elif kind in ("loot", "loot-chest"):
        contents["loot"] = [roll_loot(rng)]
    elif kind == "fountain":
        total, fountain = rules.tables()["fountain"].roll(rng)
        contents["fountain"] = {"roll": total, "result": fountain.result, "good": fountain["good"], "effect": fountain["description"]}
    return contents


def roll_trap(rng: Rng) -> dict[str, Any]:
    total, row = rules.tables()["traps"].roll(rng)
    return {
        "roll": total,
        "name": row.result,
        "kind": row["kind"],
        "damage": row["damage"],
        "saving_roll": row["saving_roll"],
        "drops_to_next_level": row["drops_to_next_level"],
        "teleports": row["teleports"],
    }


def roll_loot(rng: Rng) -> dict[str, Any]:
    total, row = rules.tables()["loot"].roll(rng)
    return {"roll": total, "result": row.result, "points": row["points"]}


def innermost(result: Result) -> Result:
    while result.followups:
        result = result.followups[-1]
    return result


def roll_encounter(result: Result, rng: Rng) -> dict[str, Any]:
    """1d6 creatures of the kind rolled, each with its own health and loot."""
    row = innermost(result).row
    how_many = dice.roll("1d6", rng)
    group = {"name": row.result, "list": row["list"], "count": how_many, "note": row.get("note")}
    if row.get("rival"):
        group["rivals"] = [roll_rival(rng) for _ in range(how_many)]
        return group
    group.update(
        speed=row["speed"], attack=row["attack"], defense=row["defense"], damage=row["damage"],
        health_dice=row["health_dice"], loot=row["loot"], specials=row["specials"],
    )
    group["individuals"] = [
        {"health": dice.roll(row["health_dice"], rng), "loot": creature_loot(row["loot"], rng)} for _ in range(how_many)
    ]
    return group


def creature_loot(loot: str, rng: Rng) -> list[dict[str, Any]]:
    if loot == "Maybe":
        carries = rules.tables()["loot-maybe"].roll(rng)[1]["carries"]
        return [roll_loot(rng)] if carries else []
    return [roll_loot(rng)] if loot == "Yes" else []


def roll_rival(rng: Rng) -> dict[str, Any]:
    """A rival Commercial At character, rolled with the character rules."""
    tables = rules.tables()
    occupation = tables["occupation"].roll(rng)[1]
    race = tables["race"].roll(rng)[1]
    return {
        "occupation": occupation.result,
        "race": race.result,
        "health": occupation["health"],
        "attack": occupation["attack"],
        "defense": occupation["defense"],
        "speed": race["speed"],
        "power": race["power"],
        "intellect": race["intellect"],
        "abilities": [a for a in (occupation["special"], race["special"]) if a != "None"],
        "weapon": "Rusty Dagger (WDR 1)",
        "damage": f"1 + Power {race['power']} = {1 + race['power']}",
        "loot": [roll_loot(rng)],
    }


# --- links between levels ------------------------------------------------------------------


def link_levels(levels: list[Level], code: SeedCode) -> None:
    """Stairs, chutes and teleports; a way down on every level but the last; the hoard."""
    last = len(levels)
    for level in levels:
        rng = code.stream("level", level.number, "links")
        ways_down = []
        for area in level.areas:
            kind = area.contents["kind"]
            trap = area.contents.get("trap")
            if kind == "stairs-down":
                ways_down.append(area)
                area.links.append(_down_link("stairs-down"))
            if kind == "stairs-up-trap":
                up = {"kind": "stairs-up", "level": level.number - 1 if level.number > 1 else None}
                up["text"] = "up to the surface" if level.number == 1 else f"up to level {level.number - 1}"
                area.links.append(up)
            if trap and trap["drops_to_next_level"]:
                ways_down.append(area)
                area.links.append(_down_link("chute"))
            if trap and trap["teleports"] and len(level.areas) > 1:
                target = rng.choice([a.number for a in level.areas if a.number != area.number])
                area.links.append({"kind": "teleport", "level": level.number, "area": target, "text": f"teleports to area {target}"})
        if level.number < last and not ways_down:
            deepest = farthest_area(level)
            deepest.contents.setdefault("added", []).append("stairs-down")
            deepest.links.append(_down_link("stairs-down"))
            deepest.contents["extra_stairs"] = "a staircase down, added so the level has a way on"
        if level.number == last:
            hoard_area = farthest_area(level)
            hoard_rng = code.stream("level", level.number, "hoard")
            hoard_area.contents["hoard"] = {
                "text": "The Hoard: the prize at the bottom of the dungeon.",
                "loot": [roll_loot(hoard_rng) for _ in range(3)] + [{"roll": None, "result": "50 gold pieces", "points": 50}],
            }
            for area in level.areas:
                for link in area.links:
                    if link["kind"] in ("stairs-down", "chute") and link.get("level") is None:
                        link.update(level=level.number, area=hoard_area.number)
                        link["text"] = f"down into the hoard's vault: area {hoard_area.number}" if link["kind"] == "chute" else (
                            f"the stairs wind down and come out in area {hoard_area.number}, the hoard")
    for level in levels:
        for area in level.areas:
            for link in area.links:
                if link["kind"] in ("stairs-down", "chute") and level.number < last:
                    link.update(level=level.number + 1, area=1, text=f"down to level {level.number + 1}, area 1")


def _down_link(kind: str) -> dict[str, Any]:
    """A way down whose destination is filled in once every level exists."""
    return {"kind": kind, "level": None, "area": None, "text": ""}


def farthest_area(level: Level) -> Area:
    """The area the most steps from the arrival (the highest number among equals)."""
    graph = level.links()
    distance = {1: 0}
    frontier = deque([1])
    while frontier:
        node = frontier.popleft()
        for nxt in sorted(graph[node]):
            if nxt not in distance:
                distance[nxt] = distance[node] + 1
                frontier.append(nxt)
    number = max(distance, key=lambda n: (distance[n], n))
    return level.area(number)


def check(dungeon: Dungeon) -> list[str]:
    """Every guarantee a printed dungeon must keep; an empty list when all hold."""
    problems = []
    for level in dungeon.levels:
        seen: dict[Cell, int] = {}
        for area in level.areas:
            for cell in area.cells:
                if cell in seen:
                    problems.append(f"level {level.number}: areas {seen[cell]} and {area.number} overlap at {cell}")
                seen[cell] = area.number
                if not (0 <= cell[0] < level.width and 0 <= cell[1] < level.height):
                    problems.append(f"level {level.number}: area {area.number} leaves the map at {cell}")
        unreached = {a.number for a in level.areas} - reachable(1, level.links())
        if unreached:
            problems.append(f"level {level.number}: areas {sorted(unreached)} cannot be reached")
        if level.number < len(dungeon.levels):
            downs = [a for a in level.areas if any(l["kind"] in ("stairs-down", "chute") for l in a.links)]
            if not downs:
                problems.append(f"level {level.number}: no way down")
    return problems
