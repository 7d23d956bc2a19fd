"""Project: Amulet class sheets: five abilities, the 100-health countdown, twelve slots, tallies."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts
from ...render import text as text_engine
from ...seed import Rng, SeedCode
from ...sheets.draw import (
    MIN_BOX,
    FormCollector,
    Style,
    box,
    field,
    label,
    paragraph,
    set_stroke,
    square_boxes,
    text_fit,
    title_band,
    titled,
    value_text,
    vstack,
)
from ...words import Words
from . import GAME, characters, rules

SIZES = (1, 2)
PRE_ROLLED = True
LADDER_EXTRA = 3  # steps past d12 (d12+1 ...) or past the start (+1 ...) drawn on each ladder


def roll(phrasebooks: Words, rng: Rng, number: int, genre: str | None = None) -> dict[str, Any]:
    return characters.roll_character(rng, number)


def kind_of(char: dict[str, Any]) -> str:
    return char["class"]


def blank_kinds(genre: str | None = None) -> list[str]:
    return list(characters.classes())


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    return characters.choices()


def ladder(start: str | int) -> list[str]:
    """The steps an ability climbs with level points, from its starting value."""
    if isinstance(start, int):
        return [str(start + k) for k in range(7)]
    dice = characters.rules()["die_ladder"]
    steps = dice[dice.index(start):] + [f"d12+{k}" for k in range(1, LADDER_EXTRA + 1)]
    return steps[:7]


def draw(phrasebooks: Words, c: Canvas, w: float, h: float, kind: str, char: dict[str, Any] | None, style: Style,
         form: FormCollector, code: SeedCode | None = None) -> None:
    say = phrasebooks.say_for(__package__)
    abilities = characters.rules()["abilities"]
    carried = rules.reference()
    cls = characters.classes()[kind]
    s = style.pt
    gap = s(5)
    title = say("sheet.title", game=GAME.title.upper(), class_name=kind.upper())
    top = title_band(c, w, h, title, style, height=24,
                     right=say("sheet.number", number=char["number"]) if char else say("sheet.blank")) - gap
    row_h = s(30)
    nw = w * 0.55
    field(c, form, "name", 0, top - row_h, nw, row_h, say("sheet.name"), style, char and char["name"])
    field(c, form, "class", nw + gap, top - row_h, w * 0.2, row_h, say("sheet.class"), style, kind)
    lx = nw + gap + w * 0.2 + gap
    field(c, form, "weapon", lx, top - row_h, w - lx, row_h, say("sheet.weapon"), style, cls["weapon"],
          value_size=10)
    top -= row_h + s(3)
    blurb = say(f"blurb.{kind.lower()}")
    top = paragraph(c, 0, top, w, blurb, style, 7.5, font=fonts.SERIF_ITALIC, gray=0.25) - s(4)

    # The five abilities, each with its ladder of level-point steps.
    n = len(abilities)
    cw = (w - gap * (n - 1)) / n
    # Steps as rows of small boxes, four to a row where four fit at a legible size, else three.
    sh = max(MIN_BOX, s(10.5))
    per_row = 4 if (cw - s(8) - 3 * s(2)) / 4 >= text_engine.measure("d12+1", fonts.MONO, style.type(6)) + 2 else 3
    ladder_rows = -(-7 // per_row)
    # The caption over the steps, in two lines where a box is too narrow for it in one.
    caption_size = style.type(5.6)
    caption = text_engine.wrap_text(say("sheet.ladder"), fonts.SERIF, caption_size, cw - s(4))
    # From the box's top: the name, the starting value and the caption above the steps.
    ladder_top = s(56) + (len(caption) - 1) * caption_size * 1.15
    ab_h = ladder_top + ladder_rows * (sh + s(2)) + s(4)
    for i, ability in enumerate(abilities):
        x = i * (cw + gap)
        y = top - ab_h
        box(c, x, y, cw, ab_h, style, heavy=True, round_=s(3))
        label(c, x + cw / 2, y + ab_h - s(11), say(f"stat.{ability}").upper(), style, 8, bold=True, centre=True,
              gray=0.1)
        start = cls[ability]
        value_text(c, x, y + ab_h - s(40), cw, str(start), style, 24, font=fonts.MONO_BOLD, centre=True)
        steps = ladder(start)
        sw = (cw - s(8))
        # The start is filled, the rest are for level points.
        bw = (sw - (per_row - 1) * s(2)) / per_row
        for k, step in enumerate(steps[:8]):
            r, q = divmod(k, per_row)
            bx = x + s(4) + q * (bw + s(2))
            by = y + ab_h - ladder_top - (r + 1) * sh - r * s(2)
            c.saveState()
            set_stroke(c, style)
            solid = k == 0 and not style.ink_saver
            if k == 0:
                c.setFillGray(0.2)
                set_stroke(c, style, heavy=True)
                c.setLineWidth(1.2 if style.ink_saver else style.line_width)
            c.rect(bx, by, bw, sh, stroke=1, fill=1 if solid else 0)
            c.setFillGray(1 if solid else 0 if k == 0 else 0.35)
            font = fonts.MONO_BOLD if k == 0 else fonts.MONO
            if text_engine.measure(step, font, style.type(6)) > bw - 2:
                step = step.replace("d12", "")  # a narrow ladder reads d12, +1, +2, +3
            size = text_fit(step, font, s(6.5), bw - 2)
            c.setFont(font, size)
            c.drawCentredString(bx + bw / 2, by + (sh - size * 0.7) / 2, step)
            c.restoreState()
            if k:
                form.add(c, f"{ability}.step{k}", bx, by, bw, sh, kind="check")
        for k, line in enumerate(reversed(caption)):
            label(c, x + cw / 2, y + ab_h - ladder_top + s(3) + k * caption_size * 1.15, line, style, 5.6, centre=True)
    top -= ab_h + gap

    (hp_y, hp_h), (low_y, low_h) = vstack(top, top, [-1.35, -1], gap)
    _countdown(phrasebooks, c, 0, hp_y, w, hp_h, style, form, carried)

    left_w = w * 0.42
    ix, iy, iw, ih = titled(c, 0, low_y, left_w, low_h, say("sheet.slots"), say("sheet.slots-note"), style)
    slot = min((iw - 5 * s(3)) / 6, (ih - s(34)) / 2)
    for k in range(carried["carry_limit"]):
        r, q = divmod(k, 6)
        bx = ix + q * (slot + s(3))
        by = iy + ih - s(2) - (r + 1) * slot - r * s(3)
        box(c, bx, by, slot, slot, style, round_=s(2))
        label(c, bx + s(2), by + slot - s(7), str(k + 1), style, 5.5, font=fonts.MONO)
        form.add(c, f"slot.{k + 1}", bx + s(2), by + s(2), slot - s(4), slot - s(9), font_size=s(9))
    help_text = say("sheet.slots-help", keys=say("rule.keys"),
                    potions=say("rule.potions", dice=carried["potion_dice"], shot=carried["shot_potion"]))
    paragraph(c, ix, iy + ih - 2 * slot - s(8), iw, help_text, style, 6.3, gray=0.3)

    rx = left_w + gap
    rw = w - rx
    tallies = [(say("sheet.treasure"), "treasure", 40, say("sheet.treasure-note")),
               (say("sheet.tokens"), "tokens", 30, say("sheet.tokens-note")),
               (say("sheet.level-points"), "level_points", 20, say("sheet.level-points-note"))]
    parts = vstack(low_y + low_h, low_h, [-1, -1, -1], s(3))
    for (title, key, count, note), (ty, th) in zip(tallies, parts):
        ix, iy, iw, ih = titled(c, rx, ty, rw, th, title, note, style)
        # As many boxes to a row as the width holds at the smallest box, at most twenty.
        per_row = min(20, int((iw + s(1.5)) // (MIN_BOX + s(1.5))))
        rows = (count + per_row - 1) // per_row
        size = min((iw - (per_row - 1) * s(1.5)) / per_row, (ih - (rows - 1) * s(1.5)) / rows)
        square_boxes(c, form, key, ix, iy + ih, count, size, s(1.5), style, per_row=per_row,
                     checked=char[key] if char else 0)


def _countdown(phrasebooks: Words, c: Canvas, x: float, y: float, w: float, h: float, style: Style, form: FormCollector,
               countdown: dict[str, Any]) -> None:
    """A hundred boxes numbered 100 down to 1; the announcement marks at 50, 25 and 10 stand out."""
    say = phrasebooks.say_for(__package__)
    s = style.pt
    marks = {m["health"]: say(f"call.{m['code']}") for m in countdown["call"]}
    ix, iy, iw, ih = titled(c, x, y, w, h, say("sheet.countdown"), say("sheet.countdown-note"), style)
    side_w = iw * 0.26
    grid_w = iw - side_w - s(6)
    gap = s(1.5)
    size = min((grid_w - 9 * gap) / 10, (ih - 9 * gap) / 10)
    gx = ix
    gy = iy + ih
    for k in range(100):
        value = countdown["health"] - k
        r, q = divmod(k, 10)
        bx = gx + q * (size + gap)
        by = gy - (r + 1) * size - r * gap
        c.saveState()
        if value in marks:
            set_stroke(c, style, heavy=True)
            c.setLineWidth(style.line_width * 2.2)
            c.setFillGray(0.8 if not style.ink_saver else 1)
            c.rect(bx, by, size, size, stroke=1, fill=0 if style.ink_saver else 1)
            c.setFillGray(0)
            c.setFont(fonts.MONO_BOLD, size * 0.42)
        else:
            set_stroke(c, style)
            c.rect(bx, by, size, size, stroke=1, fill=0)
            c.setFillGray(0.62)
            c.setFont(fonts.MONO, size * 0.34)
        c.drawCentredString(bx + size / 2, by + size * 0.36, str(value))
        c.restoreState()
        form.add(c, f"health.{value}", bx, by, size, size, kind="check")
    sx = ix + iw - side_w
    yy = iy + ih
    label(c, sx, yy - s(8), say("sheet.calls"), style, 7, bold=True, gray=0.1)
    yy -= s(11)
    for value, call in marks.items():
        label(c, sx, yy - s(8), str(value), style, 9, font=fonts.MONO_BOLD, gray=0)
        yy = paragraph(c, sx + s(18), yy, side_w - s(18), call, style, 6.8) - s(3)
    yy -= s(4)
    label(c, sx, yy - s(8), say("change.heading"), style, 7, bold=True, gray=0.1)
    yy -= s(11)
    for change in rules.health_changes(phrasebooks):
        label(c, sx, yy - s(8), change["amount"], style, 8, font=fonts.MONO_BOLD, gray=0)
        yy = paragraph(c, sx + s(18), yy, side_w - s(18), change["what"], style, 6.8) - s(2)
    note = next(ch["text"] for ch in characters.choices() if ch["topic"] == "Health above 100")
    paragraph(c, sx, yy - s(6), side_w, say("sheet.note", note=note), style, 5.6, font=fonts.SERIF_ITALIC, gray=0.4)
