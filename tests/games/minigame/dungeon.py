"""Levels of rooms on the shared map engine, printed one map page a level with a legend and a scale."""

from dataclasses import dataclass
from typing import Any

from printgen.maps import draw, frame, glyphs, shapes
from printgen.maps.adjacency import ROCK_GAP
from printgen.maps.level import Exit, Grid, Level
from printgen.maps.placement import Plan
from printgen.maps.steps.first_area import place_first
from printgen.maps.steps.grow import grow
from printgen.maps.steps.settle_doors import settle_doors
from printgen.maps.symbols import Symbols
from printgen.render.booklet import Parts
from printgen.render.canvas import new_document
from printgen.units import inch
from printgen.words import Say

PITCH = inch(0.25)


def symbols(say: Say) -> Symbols:
    return Symbols().door("wooden", glyphs.door(0), say("door.wooden"))


@dataclass
class Dungeon:
    levels: list[Level]

    def as_data(self) -> dict[str, Any]:
        return {"levels": [level.as_data() for level in self.levels]}


def generate(request) -> Dungeon:
    return Dungeon([_level(request, number) for number in range(1, request.options["levels"] + 1)])


def _level(request, number: int) -> Level:
    level = Level(number, 30, 36)
    grid = Grid(30, 36, ROCK_GAP)
    rng = request.code.stream("level", number)

    def roll(attempt: int) -> Plan:
        dice = request.code.stream("level", number, "room", attempt)
        w, h = dice.randint(2, 5), dice.randint(2, 5)
        return Plan("Room", lambda heading: [shapes.rectangle(w, h)], [Exit("wooden") for _ in range(2)])

    place_first(level, grid, roll(0), rng, None)
    grow(level, grid, roll, 5, rng, reopen="wooden")
    settle_doors(level, grid, rng)
    return level


def booklet(dungeon: Dungeon, request) -> Parts:
    """No text pages: a drawn map page a level, in order."""
    say = request.words.say_for(__package__)
    return Parts(say("title"), None, lambda: maps(dungeon, request), lambda text, drawn, _seed_free: [drawn])


def maps(dungeon: Dungeon, request) -> bytes:
    say = request.words.say_for(__package__)
    paper = request.paper
    doc = new_document(request.code, say("title"), paper.size)
    for level in dungeon.levels:
        region = draw.Region(inch(0.5), paper.height - inch(0.75), PITCH, level.width, level.height)
        doc.canvas.drawString(region.left, paper.height - inch(0.5), say("level", number=level.number))
        draw.draw_level(doc.canvas, region, level, symbols(say), ROCK_GAP, draw.Content({}, [], [], []), draw.GM)
        frame.draw_scale(doc.canvas, region.left, region.bottom - 20, PITCH, 5, "ft")
        doc.canvas.showPage()
    return doc.finish(request.listener)
