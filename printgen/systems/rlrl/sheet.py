"""The rogue's sheet for Rogue Like Roguelike: thirteen skills as dice pools up to 6d6."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts
from ...seed import Rng, SeedCode
from ...sheets.draw import (
    MIN_BOX,
    MIN_WRITE,
    FormCollector,
    Style,
    field,
    field_head,
    label,
    paragraph,
    paragraph_height,
    ruled_list,
    square_boxes,
    title_band,
    titled,
    vstack,
)
from ...words import Words
from . import characters, colours

SIZES = (1, 2)
PRE_ROLLED = True


def roll(phrasebooks: Words, rng: Rng, number: int, genre: str | None = None) -> dict[str, Any]:
    return characters.roll_character(rng, number)


def blank_kinds(genre: str | None = None) -> list[str]:
    return ["rogue"]


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    return characters.choices()


def draw(phrasebooks: Words, c: Canvas, w: float, h: float, kind: str, char: dict[str, Any] | None, style: Style,
         form: FormCollector, code: SeedCode, note: str | None = None, abilities: str | None = None) -> None:
    """The sheet, listing the colours the seed of ``code`` deals: those of its campaign and reference too.
    ``note`` and ``abilities``, where given, stand for the note on starting gear and the line on choosing
    an ability (a solo booklet's, whose rogue goes in alone and chooses from the booklet's list)."""
    say = phrasebooks.say_for(__package__)
    r = characters.rules()
    s = style.pt
    gap = s(5)
    top = title_band(c, w, h, say("sheet.title"), style,
                     right=say("sheet.number", number=char["number"]) if char else "") - gap
    row_h = s(30)
    name_w = w * (0.5 if w > 400 else 0.4)  # a half page's sheet gives the hit points more of its width
    field(c, form, "name", 0, top - row_h, name_w - gap, row_h, say("sheet.name"), style, char and char["name"])
    lw = w * 0.14
    field(c, form, "level", name_w, top - row_h, lw, row_h, say("sheet.level"), style, char and str(char["level"]))
    hx = name_w + lw + gap
    hw = (w - hx - gap) / 2
    field(c, form, "hp.max", hx, top - row_h, hw, row_h, say("sheet.hp-most"), style,
          char and str(char["hit_points"]))
    field(c, form, "hp.now", hx + hw + gap, top - row_h, hw, row_h, say("sheet.hp-now"), style)
    top -= row_h + gap

    left_w = w * 0.54
    right_x = left_w + gap
    right_w = w - right_x
    # Left column: skills, then the rules at hand, then inventory.
    skill_row = s(19)
    skills_h = len(r["skills"]) * skill_row + s(30)
    diff = "  ".join(say("sheet.difficulty-row", levels=d["levels"], difficulty=d["difficulty"])
                     for d in r["difficulty"])
    start = note or next(ch["text"] for ch in r["choice"] if ch["topic"] == "Starting gear")
    success = " ".join([say("rule.success"), say("sheet.difficulty-table", table=diff)])
    rules_at_hand = [(success, 6.6, fonts.SERIF, 0.15),
                     (say("rule.level-up", most=r["max_pool"]), 6.6, fonts.SERIF, 0.15),
                     (say("sheet.note", text=start), 6, fonts.SERIF_ITALIC, 0.4)]
    inner_w = left_w - 2 * s(4)
    ref_h = s(13) + s(6) + sum(paragraph_height(text, style, inner_w, size, font) + s(1)
                               for text, size, font, _ in rules_at_hand)
    (sk_y, sk_h), (ref_y, ref_h), (inv_y, inv_h) = vstack(top, top, [skills_h, ref_h, -1], gap)
    _skills(phrasebooks, c, 0, sk_y, left_w, sk_h, char, style, form, skill_row)
    ix, iy, iw, ih = titled(c, 0, ref_y, left_w, ref_h, say("sheet.rules"), "", style)
    yy = iy + ih + s(1)
    for text, size, font, gray in rules_at_hand:
        yy = paragraph(c, ix, yy - s(1), iw, text, style, size, font=font, gray=gray)
    ix, iy, iw, ih = titled(c, 0, inv_y, left_w, inv_h, say("sheet.inventory"), "", style)
    ruled_list(c, form, "inventory", ix, iy, iw, ih, s(16), style, char and char["inventory"])

    # Right column: abilities, lock picks and gold, spells, colours.
    shown = colours.listed(colours.for_seed(code))
    col_h = len(shown) * s(13) + s(20)
    inner_w = right_w - 2 * s(4)
    # Twelve lock picks in a row where they fit beside the gold at a legible size, else in two rows of six.
    picks_per_row = 12 if (inner_w * 0.62 - 11 * s(2)) / 12 >= MIN_BOX else 6
    pick = max(MIN_BOX, min(s(10), (inner_w * 0.62 - (picks_per_row - 1) * s(2)) / picks_per_row))
    pick_rows = 12 // picks_per_row
    # As tall as the picks need, and as the gold's box needs for a number of MIN_WRITE or more.
    lp_h = max(s(13) + s(13) + pick_rows * (pick + s(2)) + s(2),
               s(17) + s(1) + field_head(say("sheet.gold"), "", right_w, style) + MIN_WRITE * 1.2)
    names = ", ".join(a["name"] for a in r["ability"] if not a.get("added"))
    choose = abilities or say("sheet.abilities-choose", names=names)
    choose_h = paragraph_height(choose, style, inner_w, 5.8, fonts.SERIF_ITALIC) + s(2)
    parts = [-1, lp_h, -0.8, col_h]
    (ab_y, ab_h), (lp_y, lp_h), (sp_y, sp_h), (co_y, co_h) = vstack(top, top, parts, gap)
    ix, iy, iw, ih = titled(c, right_x, ab_y, right_w, ab_h, say("sheet.abilities"), say("sheet.abilities-aside"),
                            style)
    ref_top = iy + choose_h
    ruled_list(c, form, "abilities", ix, ref_top, iw, ih - choose_h, s(16), style)
    paragraph(c, ix, ref_top - s(1), iw, choose, style, 5.8, font=fonts.SERIF_ITALIC, gray=0.3)

    ix, iy, iw, ih = titled(c, right_x, lp_y, right_w, lp_h, say("sheet.lockpicks"), say("rule.lockpick"),
                            style)
    label(c, ix, iy + ih - s(8), say("sheet.lockpicks-label"), style, 6.5)
    square_boxes(c, form, "lockpicks", ix, iy + ih - s(12), 12, pick, s(2), style, per_row=picks_per_row)
    gx = ix + picks_per_row * (pick + s(2)) + s(4)
    field(c, form, "gold", gx, iy, ix + iw - gx, ih - s(1), say("sheet.gold"), style,
          char and str(char["gold"]))

    ix, iy, iw, ih = titled(c, right_x, sp_y, right_w, sp_h, say("sheet.spells"),
                            say("rule.prepared"), style)
    ruled_list(c, form, "spells", ix, iy, iw, ih, s(16), style, checkbox=True)

    ix, iy, iw, ih = titled(c, right_x, co_y, right_w, co_h, say("sheet.colours"), say("sheet.colours-aside"),
                            style)
    yy = iy + ih - s(12)
    cw = iw * 0.34
    for colour, item_kind in shown:
        label(c, ix, yy + s(2.5), say("sheet.colour", colour=colour, kind=say(f"kind.{item_kind}")), style, 7, gray=0.1)
        c.saveState()
        c.setStrokeGray(0.68)
        c.setLineWidth(0.4)
        c.line(ix + cw, yy, ix + iw, yy)
        c.restoreState()
        form.add(c, f"colour.{colour.replace(' ', '-')}", ix + cw, yy + 0.5, iw - cw, s(12),
                 font_size=s(8), caption=say("sheet.colour-tooltip", colour=colour, kind=say(f"kind.{item_kind}")))
        yy -= s(13)


def _skills(phrasebooks: Words, c: Canvas, x: float, y: float, w: float, h: float, char: dict[str, Any] | None,
            style: Style,
            form: FormCollector, row: float) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    r = characters.rules()
    ix, iy, iw, ih = titled(c, x, y, w, h, say("sheet.skills"), say("sheet.skills-aside"), style)
    size = min(row - s(5), s(14))
    gap = s(3)
    dice_w = r["max_pool"] * (size + gap) - gap
    dx = ix + iw - dice_w
    # A blank sheet already has every skill's first die: all skills start at 1d6.
    pools = {sk["name"]: sk["dice"] for sk in char["skills"]} if char else {sk: r["base_pool"] for sk in r["skills"]}
    yy = iy + ih - s(4)
    for i, skill in enumerate(r["skills"]):
        base = yy - (i + 1) * row
        favoured = char and skill in char["favoured"]
        label(c, ix + s(2), base + (row - s(8)) / 2 + s(1), skill, style, 8.5, gray=0.05,
              font=fonts.SERIF_BOLD if favoured else fonts.SERIF)
        for k in range(r["max_pool"]):
            bx = dx + k * (size + gap)
            by = base + (row - size) / 2
            filled = k < pools.get(skill, 0)
            c.saveState()
            c.setStrokeGray(style.line_gray)
            c.setLineWidth(style.line_width)
            if filled:  # a die of the pool: solid, or with --ink-saver a light tint in a heavy outline
                c.setFillGray(0.25 if not style.ink_saver else 0.85)
                if style.ink_saver:
                    c.setStrokeGray(0)
                    c.setLineWidth(1.4)
            c.roundRect(bx, by, size, size, size * 0.18, stroke=1, fill=1 if filled else 0)
            c.setFillGray(1 if filled and not style.ink_saver else 0 if filled else 0.6)
            c.setFont(fonts.MONO, max(style.type(6), size * 0.42))
            c.drawCentredString(bx + size / 2, by + size * 0.33, say("sheet.die", count=k + 1))
            c.restoreState()
            if not char and not filled:
                form.add(c, f"skill.{skill.replace(' ', '-')}.{k + 1}", bx, by, size, size, kind="check")
        if i < len(r["skills"]) - 1:
            c.saveState()
            c.setStrokeGray(0.85)
            c.setLineWidth(0.3)
            c.line(ix, base, ix + iw, base)
            c.restoreState()
