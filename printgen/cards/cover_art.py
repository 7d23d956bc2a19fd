"""A booklet's cover art: the game's card back writ large, round the creatures that wait in this very dungeon.

The cover of a dungeon booklet is framed like a book's; its picture fills
what its words leave of the frame, whatever the paper and however long those
words run. It is two SVG drawings laid over one box (``templates/cover.html``):

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
    """The cover's picture as two SVG drawings for one box, the field (fills it) and the scene (kept whole), and
    the line crediting the artists of its icons."""

    field: str
    scene: str
    tokens: int  # how many tokens the scene shows round the medallion
    credit: str = ""


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
    tint, mark_tint = mix(accent, PAPER, 0.93), mix(accent, PAPER, 0.8)
    field = (f'<svg class="field" xmlns="http://www.w3.org/2000/svg"><defs>'
             f'<pattern id="cover-field" width="{PITCH:g}" height="{PITCH * 1.6:g}" patternUnits="userSpaceOnUse">'
             f'{_placed(mark, PITCH / 2, PITCH * 0.4, PITCH * 0.42, mark_tint)}'
             f'{_placed(mark, 0, PITCH * 1.2, PITCH * 0.42, mark_tint)}'
             f'{_placed(mark, PITCH, PITCH * 1.2, PITCH * 0.42, mark_tint)}'
             f'</pattern></defs><rect width="100%" height="100%" fill="{_hex(tint)}"/>'
             f'<rect width="100%" height="100%" fill="url(#cover-field)"/></svg>')
    shown = spread(kinds)
    pictured = {picture for picture, _ in shown}
    shown += spread([kind for kind in more if kind[0] not in pictured], MOST - len(shown))[:MOST - len(shown)]
    cx, cy = WIDTH / 2, HEIGHT / 2
    ring, paper = _hex(accent), _hex(PAPER)
    parts = []
    for k, (picture, colour) in enumerate(shown):
        angle = -math.pi / 2 + 2 * math.pi * k / len(shown)
        x, y = cx + RING[0] * math.cos(angle), cy + RING[1] * math.sin(angle)
        parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{TOKEN:g}" fill="{paper}" stroke="{ring}" '
                     f'stroke-width="1.1"/>')
        for name in picture.split():
            parts.append(_placed(name, x, y, TOKEN * 1.3, colour or accent))
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{MEDALLION:g}" fill="{paper}" stroke="{ring}" stroke-width="3.2"/>')
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{MEDALLION - 5:g}" fill="none" stroke="{ring}" '
                 f'stroke-width="0.7"/>')
    parts.append(_placed(mark, cx, cy, MEDALLION * 1.15, accent))
    scene = (f'<svg class="scene" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" '
             f'preserveAspectRatio="xMidYMid meet">{"".join(parts)}</svg>')
    artists = icons.authors([picture for picture, _ in shown] + ([mark] if icons.exists(mark) else []))
    credit = ""
    if artists:
        named = artists[0] if len(artists) == 1 else say("cards.and", most=", ".join(artists[:-1]), last=artists[-1])
        credit = f'{say("cards.credit-lead")} {say("cards.credit", artists=named)}'
    return CoverArt(field, scene, len(shown), credit)


def for_game(phrasebooks: Words, templates: Path, mark: str, creatures: Iterable[str],
             more: Iterable[str] = ()) -> CoverArt:
    """The cover's art for the game whose templates are in ``templates`` (its look.css gives the colour), with
    ``mark`` in its medallion, a token for each of ``creatures`` (their pictures as its data/pictures.toml gives
    them, in the order the dungeon meets them) and, where they are few, for ``more`` (its traps, its treasure)."""
    return art(phrasebooks, mark, house.look(templates).accent, [icons.parse(p) for p in creatures],
               [icons.parse(p) for p in more])
