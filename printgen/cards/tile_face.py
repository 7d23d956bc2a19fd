"""The tile face: stone paths from the middle of the card to the middle of its edges.

Every path is the same width and centred on its edge, so two tiles laid side
by side, paths facing, join into one path. Walls are rough dark rock. A red
arrow (when the card has one) tells which way to turn the tile; a special
tile (a trap, the shop, a starting tile) shows its emblem on the crossing and
its name and rule on a plate.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import MIN_TEXT_PT, mm
from . import marks, text
from .face_parts import SAFE, CardTooFull, Metrics, draw_picture, has_picture
from .model import EDGES, OPPOSITE, Card, Color, Deck, Paragraph
from .sizes import CardSize

PATH_SHARE = 0.36  # a path is this share of the card's width across
ROCK: Color = (0.23, 0.21, 0.2)
ROCK_GRAIN: Color = (0.3, 0.28, 0.26)
MORTAR: Color = (0.47, 0.44, 0.4)
STONE: Color = (0.8, 0.76, 0.68)
STONE_EDGE: Color = (0.6, 0.56, 0.5)
ARROW: Color = (0.82, 0.08, 0.08)
PLATE: Color = (0.96, 0.93, 0.85)
LIGHT_ROCK: Color = (0.88, 0.87, 0.85)  # --ink-saver's rock and its grain
LIGHT_GRAIN: Color = (0.83, 0.82, 0.8)


def path_width(size: CardSize) -> float:
    return size.width * PATH_SHARE


@dataclass(frozen=True)
class PreparedTile:
    card: Card
    title: text.FittedText | None
    body: text.FittedText | None
    plate_width: float


PLATE_ROOMS = (0.26, 0.34)  # the plate's words may fill this share of the card's height; the second where need be


def prepare(card: Card, deck: Deck, size: CardSize, body_size: float | None = None) -> PreparedTile:
    where = card.source or f"{deck.title} card {card.title!r}"
    bad = [edge for edge in card.paths if edge not in EDGES]
    if bad or not card.paths or len(set(card.paths)) != len(card.paths):
        raise CardTooFull(f"{where}: a tile needs one to four different paths out of N, E, S, W, not {card.paths}")
    if card.arrow and OPPOSITE.get(card.arrow) not in card.paths:
        raise CardTooFull(f"{where}: the arrow must point away from a path, and {card.arrow} does not")
    m = Metrics.of(size)
    plate_width = m.width * 0.8
    title = body = None
    if card.body or card.kicker:
        title = text.fit([Paragraph(card.title)], plate_width - mm(3), m.pt(24), m.pt(11), m.pt(6.5, MIN_TEXT_PT),
                         font=fonts.SERIF_BOLD, max_lines=2)
        if title is None:
            raise CardTooFull(f"{where}: the title does not fit on the plate of a {size.name} tile")
    if card.body:
        most, least = (body_size, body_size) if body_size is not None else (m.body_max, 5)
        for room in PLATE_ROOMS:
            body = text.fit(list(card.body), plate_width - mm(3), m.height * room, most, least)
            if body is not None:
                break
        if body is None:
            raise CardTooFull(f"{where}: the text does not fit on the plate of a {size.name} tile; shorten it")
    return PreparedTile(card, title, body, plate_width)


def largest_body(card: Card, deck: Deck, size: CardSize) -> float | None:
    """The largest size the plate's words fit at, in the larger plate if need be."""
    m = Metrics.of(size)
    for room in PLATE_ROOMS:
        body = text.fit(list(card.body), m.width * 0.8 - mm(3), m.height * room, m.body_max, 5)
        if body is not None and (body.size >= MIN_TEXT_PT or room == PLATE_ROOMS[-1]):
            return body.size
    return None


def draw(c: Canvas, tile: PreparedTile, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    m = Metrics.of(size)
    light = deck.ink_saver
    c.doForm(_texture(c, "rock" + ("-light" if light else ""), size, bleed, lambda: _rock(c, m, bleed, light)))
    _paths(c, tile.card.paths, size, bleed, light)
    cx, cy = m.width / 2, m.height / 2
    if tile.card.arrow:
        _arrow(c, tile.card.arrow, cx, cy, path_width(size), light)
    if has_picture(tile.card):
        at = cy + (m.height * 0.14 if tile.title else 0.0)
        draw_picture(c, tile.card, cx, at, path_width(size) * 0.8, tile.card.accent or deck.accent, light)
    if tile.title:
        _plate(c, tile, m)
    # The index runs up the left edge, in the rock below the west path, so no path hides it.
    c.saveState()
    c.translate(SAFE + m.index_size * 1.05, SAFE)  # the letters' tops, turned, reach left of the baseline
    c.rotate(90)
    c.setFillColorRGB(*((0.38, 0.36, 0.34) if light else (0.82, 0.8, 0.76)))
    c.setFont(fonts.MONO, m.index_size)
    c.drawString(0, 0, index_text)
    c.restoreState()


def _rock(c: Canvas, m: Metrics, bleed: float, light: bool = False) -> None:
    """Dark rock with a faint grain of chipped stones, the same on every tile; to save ink, pale rock."""
    c.setFillColorRGB(*(LIGHT_ROCK if light else ROCK))
    c.rect(-bleed, -bleed, m.width + 2 * bleed, m.height + 2 * bleed, stroke=0, fill=1)
    c.setFillColorRGB(*(LIGHT_GRAIN if light else ROCK_GRAIN))
    pitch = mm(4.5) * m.scale
    rows = int((m.height + 2 * bleed) / pitch) + 2
    columns = int((m.width + 2 * bleed) / pitch) + 2
    for j in range(rows):
        for i in range(columns):
            jitter = ((i * 7 + j * 13) % 5) / 5.0
            x = -bleed + (i + 0.5 * (j % 2)) * pitch + jitter * pitch * 0.3
            y = -bleed + j * pitch + ((i * 3 + j * 5) % 4) / 4.0 * pitch * 0.3
            r = pitch * (0.14 + 0.06 * jitter)
            c.circle(x, y, r, stroke=0, fill=1)


def _path_shape(c: Canvas, paths: tuple[str, ...], size: CardSize, bleed: float):
    """The paths as one outline: an arm to each edge (into the bleed) and the crossing in the middle."""
    w, h = size.width, size.height
    half = path_width(size) / 2
    cx, cy = w / 2, h / 2
    shape = c.beginPath()
    if len(paths) == 1:
        shape.circle(cx, cy, half)  # a dead end closes in a rounded end
    else:
        shape.rect(cx - half, cy - half, 2 * half, 2 * half)
    arms = {"N": (cx - half, cy, 2 * half, h / 2 + bleed), "S": (cx - half, -bleed, 2 * half, cy + bleed),
            "E": (cx, cy - half, w / 2 + bleed, 2 * half), "W": (-bleed, cy - half, cx + bleed, 2 * half)}
    for edge in paths:
        shape.rect(*arms[edge])
    return shape


def _paths(c: Canvas, paths: tuple[str, ...], size: CardSize, bleed: float, light: bool = False) -> None:
    c.saveState()
    c.setFillColorRGB(*((1.0, 1.0, 1.0) if light else MORTAR))
    c.setStrokeColorRGB(*STONE_EDGE)
    c.setLineWidth(mm(0.8))
    c.drawPath(_path_shape(c, paths, size, bleed), stroke=1, fill=1, fillMode=1)
    c.clipPath(_path_shape(c, paths, size, bleed), stroke=0, fill=0, fillMode=1)
    paving = _texture(c, "cobbles" + ("-light" if light else ""), size, bleed, lambda: _cobbles(c, size, bleed, light))
    c.doForm(paving)
    c.restoreState()


def _texture(c: Canvas, kind: str, size: CardSize, bleed: float, paint) -> str:
    """The rock or the paving of a card, drawn once per document as a form and reused on every tile."""
    name = f"pgtile{kind}{size.name}{round(bleed * 100)}".replace("-", "")
    if not c.hasForm(name):
        c.beginForm(name, lowerx=-bleed, lowery=-bleed, upperx=size.width + bleed, uppery=size.height + bleed)
        paint()
        c.endForm()
    return name


def _cobbles(c: Canvas, size: CardSize, bleed: float, light: bool = False) -> None:
    """Rows of rounded paving stones, in a running bond centred on the card, so neighbours line up; to save
    ink, their outlines on white."""
    stone_w, stone_h, gap = mm(5.2), mm(3.6), mm(0.7)
    pitch_x, pitch_y = stone_w + gap, stone_h + gap
    cx, cy = size.width / 2, size.height / 2
    rows = int((size.height / 2 + bleed) / pitch_y) + 2
    columns = int((size.width / 2 + bleed) / pitch_x) + 2
    c.setStrokeColorRGB(*STONE_EDGE)
    c.setLineWidth(0.4)
    for j in range(-rows, rows + 1):
        shift = pitch_x / 2 if j % 2 else 0.0
        for i in range(-columns, columns + 1):
            shade = ((i * 5 + j * 3) % 4) * 0.025
            c.setFillColorRGB(*(max(0.0, v - shade) for v in STONE))
            x = cx + i * pitch_x + shift - stone_w / 2
            y = cy + j * pitch_y - stone_h / 2
            c.roundRect(x, y, stone_w, stone_h, mm(1), stroke=1, fill=0 if light else 1)


def _arrow(c: Canvas, edge: str, cx: float, cy: float, width: float, light: bool = False) -> None:
    """A red arrow along the path, pointing at ``edge``: turn the tile so it points away from you; to save ink,
    a red outline on white."""
    length = width * 1.1
    shaft = width * 0.14
    head = width * 0.4
    rotation = {"N": 90, "W": 180, "S": 270, "E": 0}[edge]
    c.saveState()
    c.translate(cx, cy)
    c.rotate(rotation)
    points = [(-length / 2, -shaft / 2), (length / 2 - head, -shaft / 2), (length / 2 - head, -head / 2),
              (length / 2, 0), (length / 2 - head, head / 2), (length / 2 - head, shaft / 2),
              (-length / 2, shaft / 2)]
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.setFillColorRGB(*((1.0, 1.0, 1.0) if light else ARROW))
    c.setStrokeColorRGB(*(ARROW if light else (1.0, 1.0, 1.0)))
    c.setLineWidth(mm(0.6))
    c.drawPath(path, stroke=1, fill=1)
    c.restoreState()


def _plate(c: Canvas, tile: PreparedTile, m: Metrics) -> None:
    """A parchment plate below the crossing with the tile's name and rule."""
    pad = mm(1.5)
    height = tile.title.height + (tile.body.height + mm(1) if tile.body else 0.0) + 2 * pad
    left = (m.width - tile.plate_width) / 2
    top = max(m.height * 0.42, m.content_bottom + height)
    c.setFillColorRGB(*PLATE)
    c.setStrokeColorRGB(0.35, 0.3, 0.25)
    c.setLineWidth(mm(0.5))
    c.roundRect(left, top - height, tile.plate_width, height, mm(1.5), stroke=1, fill=1)
    c.setFillColorRGB(*marks.INK)
    tile.title.draw(c, left + pad, top - pad, tile.plate_width - 2 * pad, align="center")
    if tile.body:
        tile.body.draw(c, left + pad, top - pad - tile.title.height - mm(1), tile.plate_width - 2 * pad,
                       align="center")
