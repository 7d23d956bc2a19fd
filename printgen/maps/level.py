"""A level as plain data: areas with their cells, exits and links, and the grid that keeps them apart.

This is what every game's dungeon is made of and what its JSON carries
(``Level.as_data``): codes and numbers, never printed words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .adjacency import Adjacency
from .geometry import HEADING_NAMES, Cell, across, components, dilate, step
from .shapes import Shape

# Where an exit leads: another area of the level, another level, the table's own
# dead end, left for the table to roll once the level has its areas, or nowhere
# because the map has no room for what lies beyond.
LEADS = ("area", "level", "dead-end", "unexplored", "blocked")


@dataclass
class Exit:
    kind: str  # one of the game's door kinds ("open" for a passage's own end)
    secret: bool = False
    at: Cell | None = None  # the area's square the door is in; None until it has a place
    side: int | None = None  # the wall of that square the door stands on (a straight heading)
    heading: int | None = None  # the way it leads on, any of the eight headings
    to: int | None = None  # area number on this level
    leads: str = "unexplored"
    rolled: bool = True  # False: the game added it where the dice left a gap (its notes say so)
    fixed: bool = False  # its place comes with the shape (a passage's end), not chosen along a wall
    wall: tuple[tuple[Cell, int], ...] = ()  # every unit of wall of a door longer than one, (at, side) first
    also: list[int] = field(default_factory=list)  # further areas a long door opens onto, beyond ``to``
    inside: bool = False  # it stands in square ``at`` of its area (a stair, a teleporter), not in a wall
    far_side: bool = False  # the other side of a door another area lists (drawn once, from there)
    data: dict[str, Any] = field(default_factory=dict)  # the game's own fields, codes and numbers

    @property
    def units(self) -> tuple[tuple[Cell, int], ...]:
        """The units of wall it takes: (cell, side) each; none for a door not yet placed or inside."""
        if self.wall:
            return self.wall
        return () if self.at is None or self.inside else ((self.at, self.side),)

    @property
    def through(self) -> int | None:
        """The way it leads from its square: its side, or for a door in a 45° wall its heading (one of the
        two ways that wall faces; the door itself opens across the wall, see ``far_units``)."""
        return self.heading if self.side is not None and self.side % 2 else self.side

    def far_units(self) -> list[tuple[Cell, int]]:
        """The unit of wall on the far side of each of its units, in order: the next square's side facing
        back, or across a 45° wall the other half of its own square (``geometry.across``)."""
        return [across(cell, side) for cell, side in self.units]

    def far_cells(self) -> list[Cell]:
        """The square one comes to from each unit of its wall going its way (``through``), in order; for a
        door in a 45° wall the next square along its heading (the door opens into the other half of its
        own square first: ``far_units``)."""
        return [step(cell, self.through) for cell, _ in self.units]

    def as_data(self) -> dict[str, Any]:
        data = {
            "kind": self.kind,
            "secret": self.secret,
            "to": self.to,
            "leads": self.leads,
            "at": None if self.at is None else list(self.at),
            "side": None if self.side is None else HEADING_NAMES[self.side],
            "rolled": self.rolled,
        }
        if self.heading is not None and (self.inside or (self.side is not None and self.side % 2)):
            data["heading"] = HEADING_NAMES[self.heading]  # which way a door in a 45° wall, or inside, leads
        if self.wall:
            data["wall"] = [[c[0], c[1], HEADING_NAMES[side]] for c, side in self.wall]
        if self.also:
            data["also"] = list(self.also)
        if self.inside:
            data["inside"] = True
        if self.far_side:
            data["far_side"] = True
        return {**data, **self.data}


@dataclass
class Link:
    """A way to another place that is not a door: stairs, a chute, a teleport."""

    kind: str
    level: int | None = None  # None until the levels are linked
    area: int | None = None

    def as_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "area": self.area}


@dataclass
class Area:
    number: int
    type: str  # the table's own word for it
    shape: Shape
    exits: list[Exit] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    entered_from: int | None = None  # the area whose exit it was placed at; None: arrived otherwise
    rolls: dict[str, Any] = field(default_factory=dict)  # every die total that made it, by table
    data: dict[str, Any] = field(default_factory=dict)  # the game's own (contents, features)

    @property
    def cells(self) -> frozenset[Cell]:
        return self.shape.cells

    def as_data(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "type": self.type,
            "cells": [list(c) for c in sorted(self.cells)],
            "rolls": self.rolls,
            "exits": [e.as_data() for e in self.exits],
            "links": [l.as_data() for l in self.links],
            **self.data,
        }


@dataclass
class Level:
    number: int
    width: int  # squares
    height: int
    areas: list[Area] = field(default_factory=list)
    arrival: int = 1  # the area one arrives in from above
    way_in: Exit | None = None  # a way in from beyond the map's edge, leading to the first area
    data: dict[str, Any] = field(default_factory=dict)  # the game's own fields, codes and numbers

    def area(self, number: int) -> Area:
        return self.areas[number - 1]

    def graph(self) -> dict[int, set[int]]:
        """Area → areas one can walk, fall or be sent to on this level (doors both ways)."""
        links: dict[int, set[int]] = {a.number: set() for a in self.areas}
        for area in self.areas:
            for exit_ in area.exits:
                for to in ([exit_.to] if exit_.to is not None else []) + exit_.also:
                    links[area.number].add(to)
                    links[to].add(area.number)
            if area.entered_from is not None:
                links[area.number].add(area.entered_from)
                links[area.entered_from].add(area.number)
            for link in area.links:
                if link.level == self.number and link.area is not None:
                    links[area.number].add(link.area)
        return links

    def distances(self) -> dict[int, int]:
        """Steps from the arrival area to every area it reaches."""
        graph = self.graph()
        if not self.areas:
            return {}
        distance = {self.arrival: 0}
        frontier = [self.arrival]
        while frontier:
            following = []
            for node in frontier:
                for near in sorted(graph[node]):
                    if near not in distance:
                        distance[near] = distance[node] + 1
                        following.append(near)
            frontier = following
        return distance

    def as_data(self) -> dict[str, Any]:
        return {"number": self.number, "width": self.width, "height": self.height,
                "areas": [a.as_data() for a in self.areas], **self.data}


@dataclass(frozen=True)
class Doorway:
    """A door, arch or opening in an area's walls as one standing in the area sees it: its kind, whether it
    is secret, the wall it stands in (``side``, a straight heading's name), where it leads (an Exit's
    ``leads``) and to which area (``other``), and whose exit it is: the area's own (``own``), or another
    area's that leads into it, a door standing in both their walls; ``owner`` and ``exit`` name that exit."""

    kind: str
    secret: bool
    side: str | None
    leads: str
    other: int | None
    own: bool
    owner: int
    exit: int

    @property
    def passable(self) -> bool:
        """Whether it leads to an area of the level (not unexplored, blocked or a dead end)."""
        return self.leads == "area" and self.other is not None


def doorways(level: Level, area: Area) -> list[Doorway]:
    """Every doorway in the area's walls: its own placed exits in order, then those of other areas that lead
    into it, in theirs (the other side of a door seen from here is its opposite wall)."""
    found = [Doorway(e.kind, e.secret, None if e.side is None else HEADING_NAMES[e.side], e.leads, e.to, True,
                     area.number, i) for i, e in enumerate(area.exits) if e.at is not None]
    for other in level.areas:
        if other is area:
            continue
        for i, e in enumerate(other.exits):
            if e.at is not None and (e.to == area.number or area.number in e.also):
                side = None if e.side is None else HEADING_NAMES[(e.side + 4) % 8]
                found.append(Doorway(e.kind, e.secret, side, "area", other.number, False, other.number, i))
    return found


class Floor:
    """Whose floor is where: a square's area, or, where a 45° wall runs through a square, each half's
    (two areas may share a square along its diagonal, each holding the half on its side)."""

    def __init__(self, areas: Iterable[Area] = ()):
        self.owner: dict[Cell, int] = {}  # square → an area with floor in it (the first, if two share it)
        self.halves: dict[Cell, dict[int, int]] = {}  # half square → {the corner it has not: its area}
        for area in areas:
            self.add(area)

    def add(self, area: Area) -> None:
        cuts = area.shape.cut_map
        for cell in area.cells:
            cut = cuts.get(cell)
            if cut is None:
                self.owner[cell] = area.number
            else:
                self.owner.setdefault(cell, area.number)
                self.halves.setdefault(cell, {})[cut] = area.number

    def at(self, cell: Cell, side: int) -> int | None:
        """The area whose floor in ``cell`` runs along its ``side``, the unit of wall (cell, side) being
        that area's where the area ends there: the square's area, or the area of the half with that side
        (for a 45° side, the half whose corner on that side is cut away); None where that is rock."""
        shared = self.halves.get(cell)
        if shared is None:
            return self.owner.get(cell)
        if side % 2:
            return shared.get(side)
        return next((number for cut, number in shared.items() if side not in components(cut)), None)

    def half_free(self, cell: Cell, cut: int) -> bool:
        """The half of ``cell`` without corner ``cut`` is free: the other half alone is taken."""
        shared = self.halves.get(cell)
        return shared is not None and len(shared) == 1 and (cut + 4) % 8 in shared


class Grid:
    """Which squares are taken while a level grows, and which must stay rock.

    ``within`` is the map the game hopes to keep to (a page); ``limit`` is as
    far as an area may go when nothing fits within it. Both are (x0, y0, x1,
    y1), inclusive, and leave the map's outermost ring as rock. ``weigh`` > 1
    keeps levels compact: that many places (one per door spot) are found for
    each area and the one nearest the middle of the map is taken.
    """

    def __init__(self, width: int, height: int, rule: Adjacency, overflow: int | tuple[int, int] = 0,
                 weigh: int = 1):
        self.rule = rule
        self.weigh = weigh  # places weighed for each area; the one nearest the map's middle is taken
        self.within = (1, 1, width - 2, height - 2)
        across, down = (overflow, overflow) if isinstance(overflow, int) else overflow
        self.limit = (1 - across, 1 - down, width - 2 + across, height - 2 + down)
        self.floor = Floor()
        self.owner: dict[Cell, int] = self.floor.owner  # square → area (``floor`` says whose half is whose)
        self.blocked: set[Cell] = set()  # taken (a half too), or too near a taken square for the rule
        self.doorways: set[Cell] = set()  # rock squares a door opens through
        self.beside_doorway: set[Cell] = set()  # squares sharing a side with an open doorway
        self.beside: dict[Cell, int] = {}  # square → the one area next to it (-1: more than one)
        self._extent: tuple[int, int, int, int] | None = None  # the squares the areas take, inclusive

    def extent(self) -> tuple[int, int, int, int] | None:
        """The box of every square taken so far (x0, y0, x1, y1, inclusive), or None."""
        return self._extent

    def take(self, area: Area) -> None:
        number = area.number
        self.floor.add(area)
        x0, y0, x1, y1 = area.shape.box
        self._extent = (x0, y0, x1, y1) if self._extent is None else (
            min(x0, self._extent[0]), min(y0, self._extent[1]), max(x1, self._extent[2]), max(y1, self._extent[3]))
        near = dilate(area.cells, 1)
        for cell in near:
            if self.beside.setdefault(cell, number) != number:
                self.beside[cell] = -1
        self.blocked |= (near if self.rule.gap == 1 else dilate(area.cells, self.rule.gap)) if self.rule.gap else set(area.cells)

    def open_doorway(self, exit_: Exit) -> None:
        if self.rule.gap and exit_.at is not None:
            cell = step(exit_.at, exit_.side)
            self.doorways.add(cell)
            self.blocked.add(cell)
            self.beside_doorway.update(step(cell, side) for side in (0, 2, 4, 6))

    def fits(self, shape: Shape, dx: int, dy: int, box: tuple[int, int, int, int]) -> bool:
        """``shape`` moved by (dx, dy) lies within ``box`` and clear of everything the rule keeps it from."""
        x0, y0, x1, y1 = shape.box
        if x0 + dx < box[0] or y0 + dy < box[1] or x1 + dx > box[2] or y1 + dy > box[3]:
            return False
        blocked = self.blocked
        # With shared walls, a half square of ``shape`` may take the free half of a square whose other
        # half is taken: two areas meet along its diagonal.
        cuts = shape.cut_map if shape.cuts and not self.rule.gap else None
        for x, y in shape.cells:  # a plain loop: this runs tens of thousands of times a dungeon
            cell = (x + dx, y + dy)
            if cell in blocked:
                cut = None if cuts is None else cuts.get((x, y))
                if cut is None or not self.floor.half_free(cell, cut):
                    return False
        return True

    def doorway_free(self, exit_cell: Cell, side: int, owners: tuple[int, ...], apart: bool = True) -> bool:
        """A door on ``side`` of ``exit_cell`` can open: its doorway square touches no area but ``owners``
        and (``apart``) shares no side with another doorway. A doorway already kept open for this very door
        counts as free."""
        if not self.rule.gap:
            return True
        doorway = step(exit_cell, side)
        if doorway in self.owner:
            return False
        if apart and doorway in self.beside_doorway and any(step(doorway, side) in self.doorways for side in (0, 2, 4, 6)):
            return False
        beside = self.beside.get(doorway)
        if beside is None or beside in owners:
            return True
        if beside >= 0:
            return False
        x, y = doorway
        return all(self.owner.get((x + dx, y + dy), owners[0]) in owners for dx in (-1, 0, 1) for dy in (-1, 0, 1))
