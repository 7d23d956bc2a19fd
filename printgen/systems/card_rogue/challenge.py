"""`printgen challenge --system card-rogue`: a story-mode challenge map, one page a level.

Each page: the level's story, the map as a diagram of cards (their paths,
what each hides, the order to lay them), and the cards to pull from the set.
``--format json`` gives the same levels as data.
"""

from __future__ import annotations

import json

from reportlab.pdfgen.canvas import Canvas

from ...cards import icons, text
from ...cards.model import Paragraph
from ...render import fonts, house
from ...render.canvas import render_pages
from ...seed import SeedCode
from ...units import mm
from ...words import Words
from . import GAME, challenge_map, rules
from .challenge_map import COLUMNS, ROWS, Level

MARGIN = mm(14)
ROCK = (0.25, 0.23, 0.22)
PATH = (0.8, 0.76, 0.68)
CARD_RATIO = 88.9 / 63.5
LEDE = 10.5  # pt: a level's story, under its title


def build(request) -> bytes:
    say = request.words.say_for(__package__)
    levels = challenge_map.challenge(request.code, int(request.options["levels"]))
    told = stories_told(request.words, request.code, len(levels))
    if request.format == "json":
        data = {"system": request.game.id, "seed_code": str(request.code),
                "levels": [{**level.as_data(), "story": story} for level, story in zip(levels, told)],
                "choices": list(rules.choices(request.words))}
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    title = say("challenge.title", game=GAME.title)
    return render_pages(request.code, title, request.paper, len(levels),
                        lambda c, index: _page(c, request, levels[index], len(levels), told[index]),
                        listener=request.listener)


# -- the words of a level: its story, its cards -----------------------------------------

STAGES = ("first", "middle", "last")


def stage(number: int, levels: int) -> str:
    """Which stories a level draws from: the way in, the depths, or the last level."""
    if number == levels:
        return "last"
    return "first" if number == 1 else "middle"


def stories(phrasebooks: Words, stage_name: str) -> list[str]:
    """The ids of a stage's stories, in the phrasebook's order."""
    say = phrasebooks.say_for(__package__)
    return list(dict.fromkeys(key.split(".")[0] for key in say.section(f"story.{stage_name}")))


def stories_told(phrasebooks: Words, code: SeedCode, levels: int) -> list[str]:
    """The story of each level of a challenge, by its id: the seed deals each stage's stories out in a shuffled
    order, so no two levels of one challenge tell the same story."""
    rng = code.stream("card-rogue challenge stories", levels)
    dealt = {name: rng.sample(stories(phrasebooks, name), len(stories(phrasebooks, name))) for name in STAGES}
    told = []
    for number in range(1, levels + 1):
        told.append(dealt[stage(number, levels)].pop(0))
    return told


def story(phrasebooks: Words, number: int, levels: int, told: str) -> tuple[str, str]:
    """A level's title and story."""
    say = phrasebooks.say_for(__package__)
    stage_name = stage(number, levels)
    return say(f"story.{stage_name}.{told}.title"), say(f"story.{stage_name}.{told}.text")


def card_name(phrasebooks: Words, card: str, shape: str) -> str:
    """What to pull from the set for a cell."""
    say = phrasebooks.say_for(__package__)
    kind, _, which = card.partition(":")
    if kind == "tile":
        return say("tile.shaped", shape=say(f"tile.shape.{shape}"))
    if kind == "enemy":
        return rules.enemy(which)["name"]
    if kind == "trap":
        return next(t["name"] for t in rules.exploration()["trap"] if t["id"] == which)
    if kind == "potion":
        return say("potion.title", colour=which)
    if kind == "artifact":
        return next(a["name"] for a in rules.artifacts() if a["id"] == which)
    if kind == "start":
        return say("tile.starting")
    if kind == "ladder":
        return say("tile.ladder")
    return rules.exploration()[kind]["name"]  # chest, key, fountain, shop


# The picture each cell shows is its card's own, as the set prints it: [data/pictures.toml] section and id.
PICTURED = {"enemy": "enemy", "artifact": "artifact", "trap": "tile", "potion": "potion", "key": "key",
            "chest": "tile", "fountain": "tile", "shop": "tile", "ladder": "tile", "start": "tile"}
CARD_IDS = {"start": "starting", "key": "key"}  # a card whose picture's id is not its cell's word


def card_picture(card: str) -> tuple[str, tuple[float, float, float] | None] | None:
    """The picture (its first icon) and colour of the card a cell holds, as its card in the set shows it; None
    for a plain pathing tile (its paths are its picture)."""
    from .decks import picture  # the card's own picture, as the deck prints it

    kind, _, which = card.partition(":")
    if kind not in PICTURED:
        return None
    drawn = picture(PICTURED[kind], which or CARD_IDS.get(kind, kind))
    tint = drawn["tint"]
    if kind == "potion":  # a potion's colour is its card's, from the rules' colours
        tint = tuple(next(col["rgb"] for col in rules.potion_colours() if col["name"] == which))
    return drawn["picture"].split()[0], tint


def pull_list(phrasebooks: Words, level: Level) -> list[tuple[str, int]]:
    """The cards to take from the set for a level, with how many of each, in laying order of first use."""
    say = phrasebooks.say_for(__package__)
    counts: dict[str, int] = {}
    for cell in level.cells:
        name = card_name(phrasebooks, cell.card, cell.shape)
        counts[name] = counts.get(name, 0) + 1
        if cell.card.partition(":")[0] in ("enemy", "potion", "artifact", "key"):
            beneath = say("challenge.beneath", tile=card_name(phrasebooks, "tile", cell.shape))
            counts[beneath] = counts.get(beneath, 0) + 1
    return list(counts.items())


def _page(c: Canvas, request, level: Level, levels: int, told: str) -> None:
    say = request.words.say_for(__package__)
    width, height = request.paper.size
    name, tale = story(request.words, level.number, levels, told)
    y = height - house.TOP
    look = house.look(GAME.templates)
    # The page's title as every page of text sets it: the game's face and colour, a rule under it.
    c.setFillColorRGB(*look.accent)
    c.setFont(look.head_font, house.H1)
    c.drawString(MARGIN, y - house.H1, say("challenge.level", number=level.number, levels=levels, name=name))
    y -= house.H1 * 1.3 + mm(1)
    c.setStrokeColorRGB(*look.accent)
    c.setLineWidth(1.2)
    c.line(MARGIN, y, width - MARGIN, y)
    y -= mm(2.5)
    c.setFillColorRGB(0.1, 0.1, 0.12)
    y = _paragraph(c, tale, MARGIN, y, width - 2 * MARGIN, LEDE, fonts.SERIF_ITALIC)
    y -= mm(2)
    if level.number == 1:
        y = _paragraph(c, say("challenge.how-to-play"), MARGIN, y, width - 2 * MARGIN, house.BODY, fonts.SERIF)
        y -= mm(2)
    goal = say("challenge.goal-chest") if level.number == levels else say("challenge.goal-ladder")
    y = _paragraph(c, say("challenge.par", goal=goal, par=level.par), MARGIN, y, width - 2 * MARGIN, house.BODY,
                   fonts.SERIF_BOLD)
    list_width = mm(62)
    diagram_width = width - 2 * MARGIN - list_width - mm(6)
    _diagram(request.words, c, level, MARGIN, MARGIN + mm(4), diagram_width, y - mm(4) - MARGIN - mm(4))
    _pulls(request.words, c, level, width - MARGIN - list_width, y - mm(4), list_width)


def _paragraph(c: Canvas, words_text: str, x: float, top: float, width: float, size: float, font: str) -> float:
    fitted = text.fit([Paragraph(words_text)], width, 1000, size, size, font=font)
    fitted.draw(c, x, top, width)
    return top - fitted.height


def _diagram(phrasebooks: Words, c: Canvas, level: Level, x: float, y: float, width: float, height: float) -> None:
    """The level as cards on the table, start at the bottom, each numbered in laying order."""
    cell_w = min(width / COLUMNS, height / ROWS / CARD_RATIO)
    cell_h = cell_w * CARD_RATIO
    left = x + (width - cell_w * COLUMNS) / 2
    bottom = y + (height - cell_h * ROWS) / 2
    c.saveState()
    c.setStrokeGray(0.75)
    c.setLineWidth(0.4)
    c.setDash(2, 2)
    for i in range(COLUMNS):
        for j in range(ROWS):
            c.rect(left + i * cell_w, bottom + j * cell_h, cell_w, cell_h, stroke=1, fill=0)
    c.restoreState()
    for cell in level.cells:
        _cell(phrasebooks, c, cell, left + cell.x * cell_w, bottom + cell.y * cell_h, cell_w, cell_h)


def _cell(phrasebooks: Words, c: Canvas, cell, x: float, y: float, w: float, h: float) -> None:
    c.saveState()
    c.setFillColorRGB(*ROCK)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(0.8)
    c.rect(x, y, w, h, stroke=1, fill=1)
    half = w * 0.18
    cx, cy = x + w / 2, y + h / 2
    c.setFillColorRGB(*PATH)
    c.rect(cx - half, cy - half, 2 * half, 2 * half, stroke=0, fill=1)
    arms = {"N": (cx - half, cy, 2 * half, h / 2), "S": (cx - half, y, 2 * half, h / 2),
            "E": (cx, cy - half, w / 2, 2 * half), "W": (x, cy - half, w / 2, 2 * half)}
    for edge in cell.paths:  # the paths of the card laid here, as the map counts them
        c.rect(*arms[edge], stroke=0, fill=1)
    drawn = card_picture(cell.card)
    if drawn:  # the card's own picture on a disc of light stone at the crossing
        c.setFillColorRGB(0.96, 0.94, 0.9)
        c.circle(cx, cy, w * 0.27, stroke=0, fill=1)
        icons.draw(c, drawn[0], cx, cy, w * 0.4, drawn[1] or INK_DARK)
    if cell.card.partition(":")[0] in LABELLED:
        _label(phrasebooks, c, cell.card, cx, w, y)
    c.setFillColorRGB(1, 1, 1)
    c.circle(x + w * 0.16, y + h - w * 0.16, w * 0.12, stroke=0, fill=1)
    c.setFillColorRGB(0.1, 0.1, 0.12)
    c.setFont(fonts.MONO_BOLD, w * 0.14)
    c.drawCentredString(x + w * 0.16, y + h - w * 0.21, str(cell.order + 1))
    c.restoreState()


LABELLED = ("enemy", "artifact")  # named under their picture
INK_DARK = (0.25, 0.23, 0.22)  # a picture whose card gives it no colour of its own
LABEL_SIZE = 6.5  # pt, or as small as 6 for a long name


def _label(phrasebooks: Words, c: Canvas, card: str, cx: float, w: float, bottom: float) -> None:
    """An enemy's or artifact's name on a white plate below the crossing."""
    name = card_name(phrasebooks, card, "")
    fitted = text.fit([Paragraph(name)], w * 0.92, LABEL_SIZE * 2.6, LABEL_SIZE, 6, font=fonts.SERIF_BOLD,
                      max_lines=2)
    if fitted is None:
        fitted = text.fit([Paragraph(name)], w * 0.92, 100, 6, 6, font=fonts.SERIF_BOLD)
    pad = 1.2
    plate_w, plate_h = fitted.width + 2 * pad, fitted.height + 2 * pad
    top = bottom + w * 0.08 + plate_h
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(0.1, 0.1, 0.12)
    c.setLineWidth(0.4)
    c.roundRect(cx - plate_w / 2, top - plate_h, plate_w, plate_h, 1.5, stroke=1, fill=1)
    c.setFillColorRGB(0.1, 0.1, 0.12)
    fitted.draw(c, cx - plate_w / 2 + pad, top - pad, plate_w - 2 * pad, align="center")


def _pulls(phrasebooks: Words, c: Canvas, level: Level, x: float, top: float, width: float) -> None:
    say = phrasebooks.say_for(__package__)
    y = _head(c, say("challenge.pull"), x, top, width)
    for name, count in pull_list(phrasebooks, level):
        y = _paragraph(c, say("challenge.pull-line", count=count, name=name), x, y, width, house.TABLE,
                       fonts.SERIF) - 1.5
    y = _head(c, say("challenge.order"), x, y - mm(3), width)
    for cell in level.cells:
        y = _paragraph(c,
                       say("challenge.order-line", number=cell.order + 1,
                           name=card_name(phrasebooks, cell.card, cell.shape)),
                       x, y, width, house.TABLE, fonts.SERIF) - 0.5


def _head(c: Canvas, words_text: str, x: float, top: float, width: float) -> float:
    """A section's head as every page of text sets it: the game's face and colour over a thin rule; the y
    below it."""
    look = house.look(GAME.templates)
    c.setFillColorRGB(*look.accent)
    c.setFont(look.head_font, house.H2)
    c.drawString(x, top - house.H2, words_text)
    c.setStrokeColorRGB(*look.accent)
    c.setLineWidth(0.6)
    c.line(x, top - house.H2 * 1.35, x + width, top - house.H2 * 1.35)
    c.setFillColorRGB(0.1, 0.1, 0.12)
    return top - house.H2 * 1.35 - mm(1.5)
