"""A booklet's cover art: the game's card back writ large, round the creatures that wait in this very dungeon.

The cover of a dungeon booklet is framed like a book's; its picture fills
what its words leave of the frame, whatever the paper and however long those
words run. A cover laid out by WeasyPrint takes it as two SVG drawings laid
over one box (``templates/cover.html``); a cover drawn with ReportLab
(render/drawn_cover.py) has it draw the same picture into its box
(``CoverArt.draw``, the marks placed as forms):

- the field, the card back's staggered marks in a pale tint of the game's
  colour, repeated to fill whatever box it is given (a pattern, never scaled);
- the scene, kept whole and centred in that box: the game's medallion (its
  mark on the card stock, ringed in its colour, as on every card's back) and,
  round it, a token for each kind of creature the dungeon holds, each showing
  the very picture its card shows, in its card's colour; a dungeon of few kinds
  fills the ring with what else waits in it (its traps, its treasure).

The icons are game-icons.net's (CC BY 3.0): the art carries the line that
credits their artists, which the cover prints under it.

Everything is drawn as paths (a mark that is a letter, the "@", is its outline
in the bundled mono face), so a cover adds no text to the page and reads the
same on every machine. The ink is light: a tint, a ring, the pictures.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..render import house
from ..resources import fonts_dir
from ..words import Words
from . import icons
from .face_parts import PAPER, mix
from .model import Color

WIDTH, HEIGHT = 300.0, 200.0  # the scene's own units; it keeps this shape, centred in its box
MEDALLION = 52.0  # the medallion's radius
TOKEN = 15.5  # a creature's token's radius
RING = (124.0, 80.0)  # the ellipse the tokens stand on, its half-width and half-height
MOST = 12  # tokens round one medallion; a dungeon of more kinds shows them spread from first met to last
PITCH = 26.0  # the field's marks, in CSS px (about 7 mm, as on a card's back)
MARK_FONT = "JetBrainsMono-Bold.ttf"


@dataclass(frozen=True)
class CoverArt:
    """The cover's picture: the game's ``mark`` in its ``accent`` colour and the ``shown`` kinds round it (a
    picture and its colour, None for the game's own), and the line crediting the artists of its icons. A page
    of WeasyPrint's takes it as two SVG drawings for one box, the field (fills it) and the scene (kept whole);
    a page drawn with ReportLab draws the same picture into a box (``draw``)."""

    mark: str
    accent: Color
    shown: tuple[tuple[str, Color | None], ...]
    credit: str = ""

    @property
    def tokens(self) -> int:
        """How many tokens the scene shows round the medallion."""
        return len(self.shown)

    @property
    def field(self) -> str:
        return _field_svg(self.mark, self.accent)

    @property
    def scene(self) -> str:
        return _scene_svg(self.mark, self.accent, self.shown)

    def draw(self, c, x: float, y: float, width: float, height: float) -> None:
        """The picture drawn with ReportLab into the box from (x, y) up (points): the field fills it, the scene
        stands whole in its middle, as the two SVG drawings stand in their box."""
        _draw(c, self, x, y, width, height)


def _hex(colour: Color) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in colour)


@cache
def _glyph(character: str) -> tuple[str, tuple[float, float, float, float]]:
    """A character's outline in the mono face as an SVG path (y down, in font units) and its box."""
    from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]
    from fontTools.pens.svgPathPen import SVGPathPen  # type: ignore[import-untyped]
    from fontTools.pens.transformPen import TransformPen  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    font = TTFont(fonts_dir() / MARK_FONT)
    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(character)]
    pen, bounds = SVGPathPen(glyphs, lambda v: f"{v:.1f}".rstrip("0").rstrip(".")), BoundsPen(glyphs)
    flip = (1, 0, 0, -1, 0, 0)
    glyphs[name].draw(TransformPen(pen, flip))
    glyphs[name].draw(TransformPen(bounds, flip))
    return pen.getCommands(), bounds.bounds


def _outline(mark: str) -> tuple[str, tuple[float, float, float, float]]:
    """The mark's outline, an icon of the set or a single character, with its box (y down)."""
    if icons.exists(mark):
        ops, (x0, y0, x1, y1) = icons.glyph_outline(mark)
        return icons.svg_path(mark), (x0, icons.SQUARE - y1, x1, icons.SQUARE - y0)
    return _glyph(mark)


def _placed(mark: str, cx: float, cy: float, size: float, colour: Color) -> str:
    """The mark as a path centred on (cx, cy), its longer side ``size``."""
    path, (x0, y0, x1, y1) = _outline(mark)
    scale = size / max(x1 - x0, y1 - y0)
    dx, dy = cx - (x0 + x1) / 2 * scale, cy - (y0 + y1) / 2 * scale
    return (f'<path transform="translate({dx:.2f} {dy:.2f}) scale({scale:.5f})" fill="{_hex(colour)}" '
            f'd="{path}"/>')


def spread(kinds: Sequence[tuple[str, Color | None]], most: int = MOST) -> list[tuple[str, Color | None]]:
    """The kinds a cover shows: each picture once, in the order met; of more than ``most``, ``most`` of them
    spread evenly from the first met to the last (the dungeon's depths are on the cover too)."""
    seen: dict[str, Color | None] = {}
    for picture, colour in kinds:
        seen.setdefault(picture, colour)
    shown = list(seen.items())
    if len(shown) <= most or most < 2:
        return shown[:most]
    return [shown[round(k * (len(shown) - 1) / (most - 1))] for k in range(most)]


def art(phrasebooks: Words, mark: str, accent: Color, kinds: Sequence[tuple[str, Color | None]],
        more: Sequence[tuple[str, Color | None]] = ()) -> CoverArt:
    """The cover's art for a game whose mark is ``mark`` (an icon's name or one character) and whose colour is
    ``accent``, with a token for each of ``kinds`` (a picture as pictures.toml gives it, and its colour or None
    for the game's own), as ``spread`` keeps them; the ring filled from ``more`` where they are fewer."""
    say = phrasebooks.say_for(__package__)
    shown = spread(kinds)
    pictured = {picture for picture, _ in shown}
    shown += spread([kind for kind in more if kind[0] not in pictured], MOST - len(shown))[:MOST - len(shown)]
    artists = icons.authors([picture for picture, _ in shown] + ([mark] if icons.exists(mark) else []))
    credit = ""
    if artists:
        named = artists[0] if len(artists) == 1 else say("cards.and", most=", ".join(artists[:-1]), last=artists[-1])
        credit = f'{say("cards.credit-lead")} {say("cards.credit", artists=named)}'
    return CoverArt(mark, tuple(accent), tuple(shown), credit)  # type: ignore[arg-type]


def _tints(accent: Color) -> tuple[Color, Color]:
    """The field's ground and its marks: pale tints of the game's colour."""
    return mix(accent, PAPER, 0.93), mix(accent, PAPER, 0.8)


def _field_svg(mark: str, accent: Color) -> str:
    tint, mark_tint = _tints(accent)
    return (f'<svg class="field" xmlns="http://www.w3.org/2000/svg"><defs>'
            f'<pattern id="cover-field" width="{PITCH:g}" height="{PITCH * 1.6:g}" patternUnits="userSpaceOnUse">'
            f'{_placed(mark, PITCH / 2, PITCH * 0.4, PITCH * 0.42, mark_tint)}'
            f'{_placed(mark, 0, PITCH * 1.2, PITCH * 0.42, mark_tint)}'
            f'{_placed(mark, PITCH, PITCH * 1.2, PITCH * 0.42, mark_tint)}'
            f'</pattern></defs><rect width="100%" height="100%" fill="{_hex(tint)}"/>'
            f'<rect width="100%" height="100%" fill="url(#cover-field)"/></svg>')


def _tokens(count: int) -> list[tuple[float, float]]:
    """Where the tokens stand on the ring, in the scene's units (y down), the first at the top."""
    cx, cy = WIDTH / 2, HEIGHT / 2
    return [(cx + RING[0] * math.cos(-math.pi / 2 + 2 * math.pi * k / count),
             cy + RING[1] * math.sin(-math.pi / 2 + 2 * math.pi * k / count)) for k in range(count)]


def _scene_svg(mark: str, accent: Color, shown: Sequence[tuple[str, Color | None]]) -> str:
    cx, cy = WIDTH / 2, HEIGHT / 2
    ring, paper = _hex(accent), _hex(PAPER)
    parts = []
    for (picture, colour), (x, y) in zip(shown, _tokens(len(shown))):
        parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{TOKEN:g}" fill="{paper}" stroke="{ring}" '
                     f'stroke-width="1.1"/>')
        for name in picture.split():
            parts.append(_placed(name, x, y, TOKEN * 1.3, colour or accent))
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{MEDALLION:g}" fill="{paper}" stroke="{ring}" stroke-width="3.2"/>')
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{MEDALLION - 5:g}" fill="none" stroke="{ring}" '
                 f'stroke-width="0.7"/>')
    parts.append(_placed(mark, cx, cy, MEDALLION * 1.15, accent))
    return (f'<svg class="scene" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" '
            f'preserveAspectRatio="xMidYMid meet">{"".join(parts)}</svg>')


PX = 0.75  # pt in a CSS px: the field's pitch is in px, as the SVG field's pattern is


def _draw_mark(c, mark: str, cx: float, cy: float, size: float, colour: Color) -> None:
    """The mark (an icon of the set or one character's outline) centred on (cx, cy), its longer side ``size``."""
    if icons.exists(mark):
        icons.draw(c, mark, cx, cy, size, colour)
        return
    ops, (x0, y0, x1, y1) = _glyph_ops(mark)
    form = f"pgmark-{ord(mark):x}"
    if not c.hasForm(form):
        c.beginForm(form, lowerx=x0, lowery=y0, upperx=x1, uppery=y1)
        c.drawPath(icons.path_of(c, ops), stroke=0, fill=1, fillMode=0)
        c.endForm()
    scale = size / max(x1 - x0, y1 - y0)
    c.saveState()
    c.setFillColorRGB(*colour)
    c.translate(cx - (x0 + x1) / 2 * scale, cy - (y0 + y1) / 2 * scale)
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()


@cache
def _glyph_ops(character: str) -> tuple[tuple, tuple[float, float, float, float]]:
    """A character's outline in the mono face as path operations, y up, and its box (kept in the user's cache
    folder, as an icon's outline is: a cover read back from there needs no fontTools)."""
    return icons.kept_outline(lambda: icons.outline_of(_glyph(character)[0]), MARK_FONT, character)


def _draw(c, art_: CoverArt, x: float, y: float, width: float, height: float) -> None:
    tint, mark_tint = _tints(art_.accent)
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, width, height)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColorRGB(*tint)
    c.rect(x, y, width, height, stroke=0, fill=1)
    # The field: its tiles from the box's top left corner, as the SVG pattern lays them.
    pitch, top = PITCH * PX, y + height
    rows, columns = math.ceil(height / (pitch * 1.6)) + 1, math.ceil(width / pitch) + 1
    for row in range(rows):
        for column in range(columns):
            left, high = x + column * pitch, top - row * pitch * 1.6
            _draw_mark(c, art_.mark, left + pitch / 2, high - pitch * 0.4, pitch * 0.42, mark_tint)
            _draw_mark(c, art_.mark, left, high - pitch * 1.2, pitch * 0.42, mark_tint)
    # The scene, in its own units, kept whole and centred.
    scale = min(width / WIDTH, height / HEIGHT)
    left, high = x + (width - WIDTH * scale) / 2, top - (height - HEIGHT * scale) / 2

    def at(u: float, v: float) -> tuple[float, float]:
        return left + u * scale, high - v * scale

    c.setStrokeColorRGB(*art_.accent)
    c.setFillColorRGB(*PAPER)
    for (picture, colour), (u, v) in zip(art_.shown, _tokens(len(art_.shown))):
        c.setLineWidth(1.1 * scale)
        c.circle(*at(u, v), TOKEN * scale, stroke=1, fill=1)
        for name in picture.split():
            _draw_mark(c, name, *at(u, v), TOKEN * 1.3 * scale, colour or art_.accent)
    centre = at(WIDTH / 2, HEIGHT / 2)
    c.setLineWidth(3.2 * scale)
    c.circle(*centre, MEDALLION * scale, stroke=1, fill=1)
    c.setLineWidth(0.7 * scale)
    c.circle(*centre, (MEDALLION - 5) * scale, stroke=1, fill=0)
    _draw_mark(c, art_.mark, *centre, MEDALLION * 1.15 * scale, art_.accent)
    c.restoreState()


def for_game(phrasebooks: Words, templates: Path, mark: str, creatures: Iterable[str],
             more: Iterable[str] = ()) -> CoverArt:
    """The cover's art for the game whose templates are in ``templates`` (its look.css gives the colour), with
    ``mark`` in its medallion, a token for each of ``creatures`` (their pictures as its data/pictures.toml gives
    them, in the order the dungeon meets them) and, where they are few, for ``more`` (its traps, its treasure)."""
    return art(phrasebooks, mark, house.look(templates).accent, [icons.parse(p) for p in creatures],
               [icons.parse(p) for p in more])
