"""The table's own sheets: the zone log and a page of hidden-bid slips."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts
from ...render import text as text_engine
from ...sheets.draw import (
    FormCollector,
    Style,
    box,
    field,
    label,
    paragraph,
    ruled_list,
    title_band,
    titled,
    underline_field,
    vstack,
)
from ...words import Words
from .rules import capital

ZONES_PER_PAGE = 4
EXITS = 4  # exit lines per Zone; the rules let a Zone have any number
OBSTACLE_ROWS = 4
SLIP_COLUMNS = 3
SLIP_ROWS = 6
OBSTACLE_COLUMNS = (("obstacle", 0.34), ("kind", 0.14), ("dice", 0.24), ("tokens", 0.1), ("whose", 0.18))


def zone_log(phrasebooks: Words, c: Canvas, w: float, h: float, style: Style, form: FormCollector) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    gap = s(5)
    top = title_band(c, w, h, say("zone-log.title"), style, right=say("zone-log.tagline")) - gap
    row_h = s(28)
    field(c, form, "adventurer", 0, top - row_h, w * 0.5 - gap, row_h, say("zone-log.adventurer"), style)
    field(c, form, "home", w * 0.5, top - row_h, w * 0.3 - gap, row_h, say("zone-log.home"), style)
    field(c, form, "page", w * 0.8, top - row_h, w * 0.2, row_h, say("zone-log.page"), style)
    top -= row_h + gap
    for k, (y, zh) in enumerate(vstack(top, top, [-1] * ZONES_PER_PAGE, gap)):
        _zone(phrasebooks, c, form, 0, y, w, zh, k + 1, style)


def _zone(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float, number: int,
          style: Style) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    key = f"zone{number}"
    title = say("zone-log.zone")
    ix, iy, iw, ih = titled(c, x, y, w, h, title, say("zone-log.note", entrance=say("rule.entrance")), style)
    number_x = x + s(8) + text_engine.measure(title.upper(), fonts.SERIF_BOLD, s(7.5))
    c.saveState()
    c.setStrokeGray(0.35)
    c.setLineWidth(0.5)
    c.line(number_x, y + h - s(11), number_x + s(40), y + h - s(11))
    c.restoreState()
    form.add(c, f"{key}.number", number_x, y + h - s(11), s(40), s(10), font_size=s(9))
    left_w = iw * 0.44
    strip_h = s(15)
    body_y, body_h = iy + strip_h, ih - strip_h
    label(c, ix, body_y + body_h - s(6), say("zone-log.sees"), style, 6, bold=True)
    exits_h = EXITS * s(13) + s(9)
    ruled_list(c, form, f"{key}.description", ix, body_y + exits_h, left_w, body_h - exits_h - s(8), s(13), style)
    label(c, ix, body_y + exits_h - s(7), say("zone-log.exits"), style, 6, bold=True)
    for e in range(EXITS):
        base = body_y + exits_h - s(9) - (e + 1) * s(13)
        underline_field(c, form, f"{key}.exit{e + 1}", ix, base + s(2), left_w, say("zone-log.exit", number=e + 1),
                        style, size=9)
    _obstacles(phrasebooks, c, form, ix + left_w + s(8), body_y, iw - left_w - s(8), body_h, key, style)
    _zone_strip(phrasebooks, c, form, ix, iy, iw, strip_h, key, style)


def _obstacles(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float, key: str,
               style: Style) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    head = y + h - s(6)
    pitch = (h - s(8)) / OBSTACLE_ROWS
    cx = x
    for column, share in OBSTACLE_COLUMNS:
        label(c, cx + s(1), head, say(f"zone-log.obstacles.{column}"), style, 6, bold=True)
        for r in range(OBSTACLE_ROWS):
            base = head - s(3) - (r + 1) * pitch
            box(c, cx, base + s(1), w * share - s(2), pitch - s(2), style)
            form.add(c, f"{key}.obstacle{r + 1}.{column}", cx, base + s(1), w * share - s(2), pitch - s(2),
                     font_size=s(8))
        cx += w * share


def _zone_strip(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float, key: str,
                style: Style) -> None:
    """Illumination spent and by whom, Sustenance taken, the Escalation die on leaving."""
    say = phrasebooks.say_for(__package__)
    s = style.pt
    base = y + s(3)
    parts = (("light", 0.34), ("illumination", 0.22), ("sustenance", 0.22), ("escalation", 0.22))
    cx = x
    for k, (caption, share) in enumerate(parts):
        underline_field(c, form, f"{key}.strip{k + 1}", cx, base, w * share - s(6), say(f"zone-log.{caption}"), style,
                        size=9)
        cx += w * share


def bid_slips(phrasebooks: Words, c: Canvas, w: float, h: float, style: Style, form: FormCollector) -> None:
    """Slips to bid on in secret: write, fold, reveal together; the rules' ties printed on each."""
    say = phrasebooks.say_for(__package__)
    s = style.pt
    top = title_band(c, w, h, say("bids.title"), style, right=say("bids.tagline")) - s(6)
    slip_w, slip_h = w / SLIP_COLUMNS, top / SLIP_ROWS
    c.saveState()
    c.setStrokeGray(0.6)
    c.setLineWidth(0.4)
    c.setDash(3, 3)
    for col in range(1, SLIP_COLUMNS):
        c.line(col * slip_w, 0, col * slip_w, top)
    for row in range(SLIP_ROWS + 1):
        c.line(0, row * slip_h, w, row * slip_h)
    c.restoreState()
    for row in range(SLIP_ROWS):
        for col in range(SLIP_COLUMNS):
            _slip(phrasebooks, c, form, col * slip_w + s(6), top - (row + 1) * slip_h + s(5), slip_w - s(12),
                  slip_h - s(10),
                  row * SLIP_COLUMNS + col + 1, style)


def _slip(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float, number: int,
          style: Style) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    key = f"bid{number}"
    label(c, x, y + h - s(8), say("bids.bid"), style, 8, bold=True, gray=0.1, font=fonts.MONO_BOLD)
    label(c, x + w, y + h - s(8), say("rule.hands"), style, 5.6, right=True, font=fonts.SERIF_ITALIC)
    underline_field(c, form, f"{key}.player", x, y + h - s(24), w, say("bids.player"), style, size=9)
    underline_field(c, form, f"{key}.on", x, y + h - s(39), w, say("bids.on"), style, size=9)
    size = min(s(13), h * 0.2)
    base = y + s(6)
    outcome = say("bids.outcome", ties=capital(say("rule.ties")), lost=capital(say("rule.lost")))
    paragraph(c, x, base + size + s(24), w, outcome, style, 5.8, font=fonts.SERIF_ITALIC, gray=0.35)
    for k, side in enumerate(("for", "against")):  # one or the other: a pair of radio buttons
        bx = x + k * w * 0.32
        box(c, bx, base, size, size, style)
        form.add(c, f"{key}.side", bx, base, size, size, kind="radio", value=side.capitalize())
        label(c, bx + size + s(3), base + size * 0.3, say(f"bids.{side}"), style, 7, bold=True, gray=0.15)
    tokens_x = x + w * 0.66
    tokens = say("bids.tokens")
    label(c, tokens_x, base + size * 0.3, tokens, style, 7, bold=True, gray=0.15)
    tw = w - (tokens_x - x) - text_engine.measure(tokens, fonts.SERIF_BOLD, s(7)) - s(4)
    box(c, x + w - tw, base - s(2), tw, size + s(4), style, heavy=True)
    form.add(c, f"{key}.tokens", x + w - tw, base - s(2), tw, size + s(4), font_size=s(11))
