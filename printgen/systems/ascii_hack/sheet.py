"""ASCII @HACK: the Adventurer sheet and the Opposition's obstacle builder."""

from __future__ import annotations

import io
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts
from ...render import text as text_engine
from ...seed import Rng, SeedCode
from ...sheets.draw import (
    MIN_WRITE,
    FormCollector,
    Style,
    box,
    choice_row,
    die_rank_boxes,
    field,
    label,
    paragraph,
    ruled_list,
    set_stroke,
    title_band,
    titled,
    value_text,
    vstack,
)
from ...words import Words
from . import GENRE, characters, rules, table_sheets
from .odds import chances, percent
from .rules import stunt_cost

SIZES = (1,)
PRE_ROLLED = True
GENRES = GENRE.choices
TALENT_ROWS = 12


def roll(phrasebooks: Words, rng: Rng, number: int, genre: str | None = None) -> dict[str, Any]:
    return characters.roll_character(phrasebooks, rng, number, genre or GENRES[0])


def blank_kinds(genre: str | None = None) -> list[str]:
    return ["adventurer", "opposition", "zone-log", "bid-slips"]


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    return rules.choices()


def draw(phrasebooks: Words, c: Canvas, w: float, h: float, kind: str, char: dict[str, Any] | None, style: Style,
         form: FormCollector, code: SeedCode | None = None) -> None:
    if kind == "opposition":
        _opposition(phrasebooks, c, w, h, style, form)
    elif kind == "zone-log":
        table_sheets.zone_log(phrasebooks, c, w, h, style, form)
    elif kind == "bid-slips":
        table_sheets.bid_slips(phrasebooks, c, w, h, style, form)
    else:
        _adventurer(phrasebooks, c, w, h, char, style, form)


def _adventurer(phrasebooks: Words, c: Canvas, w: float, h: float, char: dict[str, Any] | None, style: Style,
                form: FormCollector) -> None:
    say = phrasebooks.say_for(__package__)
    r = rules.rules()
    s = style.pt
    gap = s(5)
    top = title_band(c, w, h, say("adventurer.title"), style,
                     right=say("adventurer.number", number=char["number"]) if char else say("adventurer.no-gm")) - gap
    row_h = s(30)
    widths = [0.32, 0.14, 0.26, 0.28]
    x = 0.0
    values = [char and char["name"], char and char["genre"], None, ""]  # the power level is chosen, not written
    for key, frac, value in zip(("name", "genre", "home", "power"), widths, values):
        bw = w * frac - (gap if key != "power" else 0)
        field(c, form, key, x, top - row_h, bw, row_h, say(f"adventurer.{key}"), style, value,
              written=key != "power")  # the power box holds its choice of level, a radio group of that name
        x += w * frac
    px = w * (1 - widths[-1])
    choice_row(c, form, "power", px + s(4), top - row_h + s(7), w - px - s(8), [p["level"] for p in r["power"]],
               style, say("adventurer.power"), char["power_level"] if char else None, size=8.5)
    top -= row_h + gap

    rows_h = TALENT_ROWS * s(16) + s(22)
    half = (w - gap) / 2
    _elements(c, form, 0, top - rows_h, half, rows_h, say("adventurer.talents"), say("adventurer.talents-note"),
              char and char["talents"], TALENT_ROWS, style, "talent")
    _elements(c, form, half + gap, top - rows_h, half, rows_h, say("adventurer.gear", limit=r["gear_limit"]),
              say("rule.home-gear", rank=r["home_max_rank"]), char and char["gear"], r["gear_limit"], style,
              "gear", numbered=True)
    top -= rows_h + gap

    # The lists take what the tracks and the ledger beside the costs leave them, six lines at most.
    track_h = s(112)
    ledger_w = w * 0.5
    notes_for = ("Stunt dice", "Pre-rolled budget") if char else ("Stunt dice",)
    costs_h = _cost_table_height(phrasebooks, w - ledger_w - gap, style, notes_for)
    ledger_h = s(17) + s(9) + (len(char["ledger"]) + 1.5) * _ledger_pitch(style) if char else 0.0
    lists_h = max(s(44), min(s(96), top - track_h - max(costs_h, ledger_h) - 2 * gap))
    third = (w - 2 * gap) / 3
    for i, key in enumerate(("devices", "bank", "quests")):
        ix, iy, iw, ih = titled(c, i * (third + gap), top - lists_h, third, lists_h, say(f"adventurer.{key}"),
                                say(f"adventurer.{key}-note"), style)
        ruled_list(c, form, key, ix, iy, iw, ih, s(15), style)
    top -= lists_h + gap

    _consumables(phrasebooks, c, form, 0, top - track_h, w, track_h, char, style)
    top -= track_h + gap

    _ledger(phrasebooks, c, form, 0, 0, ledger_w, top, char, style)
    _cost_table(phrasebooks, c, ledger_w + gap, 0, w - ledger_w - gap, top, style, compact=True, notes_for=notes_for)


def _cost_table_height(phrasebooks: Words, w: float, style: Style, notes_for: tuple[str, ...]) -> float:
    """How tall the costs and chances box stands with everything in it, set on a page that is thrown away."""
    tall = 1000.0
    return tall - _cost_table(phrasebooks, Canvas(io.BytesIO()), 0, 0, w, tall, style, compact=True,
                              notes_for=notes_for) + \
        style.pt(4)


def _elements(c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float, title: str, note: str,
              items: list[dict[str, Any]] | None, rows: int, style: Style, key: str, numbered: bool = False) -> None:
    s = style.pt
    ix, iy, iw, ih = titled(c, x, y, w, h, title, note, style)
    row = ih / rows
    ranks_w = iw * 0.52
    name_x = ix + (s(10) if numbered else 0)
    name_w = iw - ranks_w - s(4) - (name_x - ix)
    for k in range(rows):
        base = iy + ih - (k + 1) * row
        if numbered:
            label(c, ix, base + s(4), str(k + 1), style, 6.5, font=fonts.MONO)
        c.saveState()
        c.setStrokeGray(0.68)
        c.setLineWidth(0.4)
        c.line(name_x, base + s(2.5), name_x + name_w, base + s(2.5))
        c.restoreState()
        item = items[k] if items and k < len(items) else None
        if item and not form.enabled:
            value_text(c, name_x + s(1), base + s(4), name_w - s(2), item["name"], style, 9.5)
        else:  # a blank, or a fillable sheet's item, which the player may change
            form.add(c, f"{key}{k + 1}.name", name_x, base + s(3), name_w, row - s(4), font_size=s(9),
                     value=item["name"] if item else "")
        die_rank_boxes(c, form, f"{key}{k + 1}", ix + iw - ranks_w, base + s(2), ranks_w, row - s(4), style,
                       current=item["die"] if item else None)


def _consumables(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float,
                 char: dict[str, Any] | None, style: Style) -> None:
    say = phrasebooks.say_for(__package__)
    r = rules.rules()
    s = style.pt
    ix, iy, iw, ih = titled(c, x, y, w, h, say("consumables.title"), say("consumables.note"), style)
    rows = [
        ("sustenance", say("rule.sustenance"), r["sustenance_start"], 0, True),
        ("illumination", say("rule.illumination"), r["illumination_start"], 0, True),
        ("escalation", say("consumables.escalation-note", final=say("rule.final", final=r["escalation_final"])),
         r["escalation_start"], r["escalation_final"], False),
    ]
    row_h = ih / 3
    for k, (key, note, start, end, down) in enumerate(rows):
        title = say(f"consumables.{key}")
        base = iy + ih - (k + 1) * row_h
        # The die's name with what moves it on one line, its values in a row of boxes under them.
        label(c, ix, base + row_h - s(8), title, style, 8, bold=True, gray=0.05)
        title_w = text_engine.measure(title, fonts.SERIF_BOLD, style.type(8)) + s(6)
        label(c, ix + title_w, base + row_h - s(8), note, style, 6.2, font=fonts.SERIF_ITALIC, gray=0.35)
        values = list(range(start, end - 1, -1)) if down else list(range(start, end + 1))
        n = len(values)
        size = min((iw - (n - 1) * s(1.5)) / n, row_h - s(12))
        for i, v in enumerate(values):
            bx = ix + i * (size + s(1.5))
            by = base + s(1)
            c.saveState()
            set_stroke(c, style, heavy=(v == start))
            c.rect(bx, by, size, size, stroke=1, fill=0)
            c.setFillGray(0.1 if v == start else 0.5)
            c.setFont(fonts.MONO_BOLD if v == start else fonts.MONO, max(style.type(6), size * 0.42))
            c.drawCentredString(bx + size / 2, by + size * 0.32, str(v))
            c.restoreState()
            form.add(c, f"{key}.{v}", bx, by, size, size, kind="check")


def _ledger(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float,
            char: dict[str, Any] | None,
            style: Style) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    ix, iy, iw, ih = titled(c, x, y, w, h, say("ledger.title"), say("ledger.note"), style)
    pitch = _ledger_pitch(style)
    rows = int(ih // pitch)
    col_amt = ix + iw * 0.72
    col_bal = ix + iw * 0.86
    label(c, ix, iy + ih - s(7), say("ledger.what"), style, 6, font=fonts.SERIF_ITALIC)
    label(c, col_amt + (col_bal - col_amt) / 2, iy + ih - s(7), say("ledger.amount"), style, 6, centre=True,
          font=fonts.SERIF_ITALIC)
    label(c, col_bal + (ix + iw - col_bal) / 2, iy + ih - s(7), say("ledger.balance"), style, 6, centre=True,
          font=fonts.SERIF_ITALIC)
    # Every player starts with the same Tokens, so a blank ledger opens with them.
    lines = char["ledger"] if char else [characters.budget(phrasebooks)[0]]
    balance = 0
    c.saveState()
    c.setStrokeGray(0.8)
    c.setLineWidth(0.4)
    c.line(col_amt, iy, col_amt, iy + ih - s(9))
    c.line(col_bal, iy, col_bal, iy + ih - s(9))
    c.restoreState()
    for k in range(rows - 1):
        base = iy + ih - s(9) - (k + 1) * pitch
        if base < iy - 0.5:
            break
        c.saveState()
        c.setStrokeGray(0.72)
        c.setLineWidth(0.4)
        c.line(ix, base, ix + iw, base)
        c.restoreState()
        entry = ("", "", "")
        if k < len(lines):
            line = lines[k]
            balance += line["tokens"]
            entry = (line["what"], f"{line['tokens']:+d}", str(balance))
        if k < len(lines) and not form.enabled:
            value_text(c, ix + s(1), base + s(3), col_amt - ix - s(3), entry[0], style, 8)
            value_text(c, col_amt, base + s(3), col_bal - col_amt, entry[1], style, 8.5, font=fonts.MONO, centre=True)
            value_text(c, col_bal, base + s(3), ix + iw - col_bal, entry[2], style, 8.5, font=fonts.MONO_BOLD,
                       centre=True)
        else:  # a blank line, or a fillable sheet's entry, which the player may change
            form.add(c, f"ledger{k + 1}.what", ix, base + 0.5, col_amt - ix - 1, pitch - 1, font_size=s(8),
                     value=entry[0])
            form.add(c, f"ledger{k + 1}.amount", col_amt + 1, base + 0.5, col_bal - col_amt - 2, pitch - 1,
                     font_size=s(8), value=entry[1], centre=True)
            form.add(c, f"ledger{k + 1}.balance", col_bal + 1, base + 0.5, ix + iw - col_bal - 1, pitch - 1,
                     font_size=s(8), value=entry[2], centre=True)


def _ledger_pitch(style: Style) -> float:
    """From one line of the ledger to the next: a line holds a number of MIN_WRITE or more."""
    return max(style.pt(12.5), MIN_WRITE + 1.5)


def _cost_table(phrasebooks: Words, c: Canvas, x: float, y: float, w: float, h: float, style: Style,
                compact: bool = False,
                notes_for: tuple[str, ...] = ("Stunt dice",)) -> float:
    """The die ranks with their costs and exact chances; returns the y below the table."""
    say = phrasebooks.say_for(__package__)
    r = rules.rules()
    s = style.pt
    ix, iy, iw, ih = titled(c, x, y, w, h, say("costs.title"),
                            say("costs.note", success=r["success_at_least"], failure=r["failure_face"]), style)
    columns = ["die", "talent", "gear", "stunt", "success", "failure"]
    if not compact:
        columns[1], columns[2] = "talent-environ", "gear-trap"
    cols = [say(f"costs.{column}") for column in columns]
    cw = iw / len(cols)
    yy = iy + ih - s(9)
    two_lines = any(" / " in col for col in cols)
    for i, col in enumerate(cols):
        first, _, second = col.partition(" / ")
        label(c, ix + (i + 0.5) * cw, yy, first + (" /" if second else ""), style, 6.5, bold=True, centre=True,
              gray=0.1)
        if second:
            label(c, ix + (i + 0.5) * cw, yy - s(7.5), second, style, 6.5, bold=True, centre=True, gray=0.1)
    yy -= s(3) + (s(7.5) if two_lines else 0)
    for rank in r["rank"]:
        yy -= s(12)
        success, failure = chances(rank["die"])
        cells = [rank["die"], str(rank["talent"]), str(rank["gear"]), str(stunt_cost(rank["gear"])),
                 percent(success), percent(failure)]
        for i, text in enumerate(cells):
            label(c, ix + (i + 0.5) * cw, yy, text, style, 8, centre=True, gray=0,
                  font=fonts.MONO_BOLD if i == 0 else fonts.MONO)
        c.saveState()
        c.setStrokeGray(0.85)
        c.setLineWidth(0.3)
        c.line(ix, yy - s(3.5), ix + iw, yy - s(3.5))
        c.restoreState()
    yy -= s(6)
    rule = {key: rules.capital(say(f"rule.{key}", success=r["success_at_least"])) for key in ("near", "stunt", "exit")}
    notes = say("costs.rules", cost=say("price-cost.raise"), **rule, **{"raise": say("price.raise")})
    if compact:
        yy = paragraph(c, ix, yy, iw, notes, style, 6.2, gray=0.3)
        yy -= s(3)
        power = " · ".join(f"{p['level']} {p['adventurer_refresh']} / +{p['adventurer_escalation']}"
                           for p in r["power"])
        yy = paragraph(c, ix, yy, iw, say("costs.refresh", levels=power), style, 6.2, gray=0.3)
    for topic in notes_for:
        yy = paragraph(c, ix, yy - s(3), iw, say("costs.note-lead", text=rules.note(topic)), style, 5.6,
                       font=fonts.SERIF_ITALIC, gray=0.4)
    return yy


def _opposition(phrasebooks: Words, c: Canvas, w: float, h: float, style: Style, form: FormCollector) -> None:
    say = phrasebooks.say_for(__package__)
    r = rules.rules()
    s = style.pt
    gap = s(5)
    top = title_band(c, w, h, say("opposition.title"), style, right=say("opposition.tagline")) - gap
    row_h = s(30)
    field(c, form, "player", 0, top - row_h, w * 0.4 - gap, row_h, say("opposition.player"), style)
    field(c, form, "zone", w * 0.4, top - row_h, w * 0.4 - gap, row_h, say("opposition.zone"), style)
    field(c, form, "tokens", w * 0.8, top - row_h, w * 0.2, row_h, say("opposition.tokens"), style)
    top -= row_h + gap

    ref_h = s(150)
    left_w = w * 0.5
    _cost_table(phrasebooks, c, 0, top - ref_h, left_w, ref_h, style)
    ix, iy, iw, ih = titled(c, left_w + gap, top - ref_h, w - left_w - gap, ref_h, say("opposition.prices"), "",
                            style)
    yy = iy + ih - s(2)
    for price in rules.prices(phrasebooks):
        yy -= s(9.5)
        label(c, ix, yy, price["what"], style, 7, gray=0.15)
        label(c, ix + iw, yy, price["cost"], style, 7, right=True, font=fonts.MONO_BOLD, gray=0)
    yy -= s(12)
    label(c, ix, yy, say("opposition.refresh"), style, 6.5, bold=True, gray=0.15)
    yy -= s(9)
    power = " · ".join(f"{p['level']} {p['opposition_refresh']} / +{p['opposition_escalation']}" for p in r["power"])
    label(c, ix, yy, power, style, 7, gray=0.15)
    top -= ref_h + gap

    kinds = rules.obstacle_kinds(phrasebooks)
    guide = " · ".join(f"{o['kind']}: {o['cost']}" for o in rules.obstacle_costs(phrasebooks))
    top = paragraph(c, 0, top, w, say("opposition.guide", guide=guide, slain=rules.capital(say("rule.slain"))),
                    style, 6.8, font=fonts.SERIF_ITALIC, gray=0.3) - s(3)
    n = 3
    parts = vstack(top, top, [-1] * n, gap)
    for k, (oy, oh) in enumerate(parts):
        _obstacle(phrasebooks, c, form, 0, oy, w, oh, k + 1, kinds, style)


def _obstacle(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, y: float, w: float, h: float, number: int,
              kinds: list[str], style: Style) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    key = f"obstacle{number}"
    ix, iy, iw, ih = titled(c, x, y, w, h, say("card.number", number=number), "", style)
    # Its kind, chosen on the title line.
    choice_row(c, form, f"{key}.kind", ix + iw * 0.3, y + h - s(10), iw * 0.7, kinds, style,
               say("opposition.kind", number=number), size=7.5)
    row_h = s(24)
    field(c, form, f"{key}.name", ix, iy + ih - row_h, iw * 0.5, row_h, say("opposition.name"), style)
    field(c, form, f"{key}.triggers", ix + iw * 0.5 + s(4), iy + ih - row_h, iw * 0.22, row_h,
          say("opposition.triggers"), style)
    field(c, form, f"{key}.total", ix + iw * 0.72 + s(8), iy + ih - row_h, iw * 0.28 - s(8), row_h,
          say("opposition.total"), style)
    area_top = iy + ih - row_h - s(11)
    for col in range(2):
        cx = ix + col * ((iw - s(8)) / 2 + s(8))
        half_w = (iw - s(8)) / 2
        for key_, at in (("trait", 0), ("die", half_w * 0.38 + s(3)), ("trait-tokens", half_w * 0.86 + s(6))):
            label(c, cx + at, area_top + s(2.5), say(f"opposition.{key_}"), style, 5.8, font=fonts.SERIF_ITALIC)
    rows = max(1, int((area_top - iy) // s(16)))
    half = (iw - s(8)) / 2
    per_col = rows
    for col in range(2):
        cx = ix + col * (half + s(8))
        for k in range(per_col):
            base = area_top - (k + 1) * s(16)
            if base < iy - 0.5:
                break
            nw = half * 0.38
            c.saveState()
            c.setStrokeGray(0.68)
            c.setLineWidth(0.4)
            c.line(cx, base + s(2), cx + nw, base + s(2))
            c.restoreState()
            idx = col * per_col + k + 1
            form.add(c, f"{key}.trait{idx}.name", cx, base + s(2.5), nw, s(12), font_size=s(8))
            rw = half * 0.48
            die_rank_boxes(c, form, f"{key}.trait{idx}", cx + nw + s(3), base + s(2), rw, s(12), style)
            bx = cx + nw + rw + s(6)
            box(c, bx, base + s(2), cx + half - bx, s(12), style)
            form.add(c, f"{key}.trait{idx}.cost", bx, base + s(2), cx + half - bx, s(12), font_size=s(8))
