"""Card Rogue: the score sheet (one per player) and the equipment card."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts
from ...seed import Rng, SeedCode
from ...sheets.draw import (
    MIN_WRITE,
    FormCollector,
    Style,
    box,
    choice_lines,
    choice_pitch,
    choice_row,
    field,
    field_head,
    label,
    paragraph,
    rich_line,
    ruled_list,
    set_stroke,
    square_boxes,
    text_fit,
    title_band,
    titled,
    track_layout,
    vstack,
    wrap_runs,
)
from ...units import mm
from ...words import Words
from .decks import count
from .sheet_data import choices as rule_choices
from .sheet_data import rules

SIZES = (1, 2, 4)
PRE_ROLLED = False
POKER = (mm(63.5), mm(88.9))
WHOLE_PAGE_KINDS = ("equipment",)  # its slots hold real poker cards: always one to a page
ROOMY = 500  # pt: a score sheet taller than this has a box for notes


def roll(phrasebooks: Words, rng: Rng, number: int, genre: str | None = None) -> dict[str, Any]:
    raise NotImplementedError("Card Rogue has no characters to roll")


def blank_kinds(genre: str | None = None) -> list[str]:
    return ["score", "equipment"]


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    return rule_choices(phrasebooks)


def draw(phrasebooks: Words, c: Canvas, w: float, h: float, kind: str, char: dict[str, Any] | None, style: Style,
         form: FormCollector, code: SeedCode | None = None) -> None:
    if kind == "equipment":
        _equipment(phrasebooks, c, w, h, style, form)
    else:
        _score(phrasebooks, c, w, h, style, form)


def _score(phrasebooks: Words, c: Canvas, w: float, h: float, style: Style, form: FormCollector) -> None:
    say = phrasebooks.say_for(__package__)
    r = rules()
    s = style.pt
    gap = s(5)
    # A sheet with no room for notes (two or four to a page) has the title, the player and the three numbers
    # to keep on top, then the character to choose across the sheet.
    compact = h <= ROOMY
    top = title_band(c, w, h, say("sheet.score-title"), style, right=say("sheet.score-note")) - gap
    if compact:
        row_h = s(30)
        field(c, form, "player", 0, top - row_h, w, row_h, say("sheet.player"), style)
        top = _numbers(phrasebooks, c, form, top - row_h - gap, w, style)
        top = _character(phrasebooks, c, form, 0, top, w, style) - gap
    else:
        # The player's name; beside it, or under it where the sheet is narrow, the character to choose.
        cx = w * 0.45
        if len(choice_lines(r["characters"], w - cx - s(8), style, 7.5)) > 1:
            cx = 0.0
        row_h = s(30)
        field(c, form, "player", 0, top - row_h, (w * 0.45 - gap) if cx else w, row_h, say("sheet.player"), style)
        if not cx:
            top -= row_h + gap
        top = _character(phrasebooks, c, form, cx, top, w, style, row_h if cx else 0.0) - gap
        top = _numbers(phrasebooks, c, form, top, w, style)

    potions = r["potion"]
    roomy = h > ROOMY
    victory = _victory_lines(phrasebooks, w - 2 * s(4), style)
    # Tracks to cross off: boxes of MIN_WRITE or more, in as many rows as that takes.
    track_gap = s(1.5)
    hp_per_row, hp_size = track_layout(HEALTH_TRACK, w - 2 * s(4), track_gap, most=max(s(20), MIN_WRITE))
    vp_per_row, vp_size = track_layout(VICTORY_TRACK, w - 2 * s(4), track_gap, most=max(s(14), MIN_WRITE))
    hp_h = s(17) + _rows_height(HEALTH_TRACK, hp_per_row, hp_size, track_gap) + s(4)
    po_h = len(potions) * s(14) + s(20)
    vp_h = s(17) + _rows_height(VICTORY_TRACK, vp_per_row, vp_size, track_gap) + s(4)
    # The victory boxes and the ways to win under them where the sheet leaves room for one enemy's track; a
    # quarter page keeps the score in its VICTORY POINTS box alone, and leaves the rules to the reference card.
    wins_h = max(len(column) for column in victory) * _victory_leading(style) + s(4)
    room = top - hp_h - po_h - 3 * gap - _enemy_least(w, style)
    if room < vp_h + wins_h:
        victory = []
    else:
        vp_h += wins_h
    with_vp = room >= vp_h
    parts = [hp_h, -1, po_h] + ([vp_h] if with_vp else []) + ([-0.7] if roomy else [])
    stacked = vstack(top, top, parts, gap)
    (hp_y, hp_h), (en_y, en_h), (po_y, po_h) = stacked[:3]
    if roomy:
        ny, nh = stacked[-1]
        ix, iy, iw, ih = titled(c, 0, ny, w, nh, say("sheet.notes"), say("sheet.notes-note"), style)
        ruled_list(c, form, "notes", ix, iy, iw, ih, s(16), style)

    ix, iy, iw, ih = titled(c, 0, hp_y, w, hp_h, say("sheet.health"), say("sheet.health-note"), style)
    square_boxes(c, form, "health", ix, iy + ih, HEALTH_TRACK, hp_size, track_gap, style,
                 per_row=hp_per_row, numbered=True)

    ix, iy, iw, ih = titled(c, 0, en_y, w, en_h, say("sheet.enemy"), say("rule.fled"), style)
    # Each enemy gets as many health boxes as the toughest enemy in the set has health, in lines of at most
    # twenty and never under MIN_WRITE, heavier every fifth to count by; its name beside them where they fit,
    # else above them.
    beside, name_w, per_row, bsize, row = _enemy_layout(iw, style)
    count, bgap, name_h = r["enemy_health"], s(ENEMY_GAP), s(13)
    block = -(-count // per_row) * (bsize + bgap) - bgap
    rows = max(1, int(ih // row))
    row = max(row, ih / rows)  # the trackers spread over the whole box
    for k in range(rows):
        base = iy + ih - (k + 1) * row
        name_y = base + s(2) + block - bsize if beside else base + block + s(3)
        c.saveState()
        c.setStrokeGray(0.68)
        c.setLineWidth(0.4)
        c.line(ix, name_y, ix + name_w - s(4), name_y)
        c.restoreState()
        form.add(c, f"enemy{k + 1}.name", ix, name_y + 0.5, name_w - s(4), name_h - s(1), font_size=s(8))
        square_boxes(c, form, f"enemy{k + 1}.health", ix + (name_w if beside else 0), base + s(2) + block, count,
                     bsize, bgap, style, per_row=per_row, fives=True)

    ix, iy, iw, ih = titled(c, 0, po_y, w, po_h, say("sheet.potions"), say("rule.potion-first"), style)
    yy = iy + ih - s(13)
    for potion in potions:
        label(c, ix, yy + s(3), str(potion["roll"]), style, 8, font=fonts.MONO_BOLD, gray=0)
        label(c, ix + s(12), yy + s(3), potion["name"], style, 8, gray=0.1)
        cx = ix + iw * 0.48
        label(c, cx, yy + s(3), say("sheet.colour"), style, 6.5, font=fonts.SERIF_ITALIC)
        lx = cx + s(26)
        c.saveState()
        c.setStrokeGray(0.6)
        c.setLineWidth(0.4)
        c.line(lx, yy + s(1.5), ix + iw, yy + s(1.5))
        c.restoreState()
        form.add(c, f"potion.{potion['roll']}", lx, yy + s(2), ix + iw - lx, s(11), font_size=s(8))
        yy -= s(14)

    if not with_vp:
        return
    vp_y, vp_h = stacked[3]
    ix, iy, iw, ih = titled(c, 0, vp_y, w, vp_h, say("sheet.victory"), say("sheet.victory-note"), style)
    square_boxes(c, form, "vp", ix, iy + ih, VICTORY_TRACK, vp_size, track_gap, style, per_row=vp_per_row,
                 numbered=True)
    yy = iy + ih - _rows_height(VICTORY_TRACK, vp_per_row, vp_size, track_gap) - s(4)
    column_w = iw / max(1, len(victory))
    for col, lines in enumerate(victory):
        y = yy - style.type(6.8)
        for follows, line in lines:
            rich_line(c, ix + col * column_w + (s(10) if follows else 0), y, line, style.type(6.8), gray=0.15)
            y -= _victory_leading(style)


HEALTH_TRACK = 20  # boxes of current health to cross down: a character starts at 10, and gear and potions add
VICTORY_TRACK = 20  # boxes of victory points to tick
ENEMY_GAP = 1.2  # pt between an enemy's health boxes, scaled


def _enemy_layout(iw: float, style: Style) -> tuple[bool, float, int, float, float]:
    """How an enemy's track stands in a box ``iw`` wide: (its name beside the boxes, the name's width, boxes to
    a row, their side, the height one enemy takes). An enemy gets as many boxes as the toughest enemy in the
    set has health, in rows of at most twenty and never under MIN_WRITE, its name beside them where they
    fit in two rows, else above them."""
    s = style.pt
    count, bgap, name_h = rules()["enemy_health"], s(ENEMY_GAP), s(13)

    def layout(width: float) -> tuple[int, float]:
        """Boxes to a row, twenty at most and a whole number of fives (the track is counted by its heavier
        fifth boxes), and their side."""
        for per_row in range(20, 0, -5):
            if (width + bgap) / per_row - bgap >= MIN_WRITE or per_row == 5:
                return per_row, min((width + bgap) / per_row - bgap, max(s(18), MIN_WRITE))
        raise AssertionError("unreachable")

    beside = -(-count // layout(iw * 0.7)[0]) <= 2
    name_w = iw * 0.3 if beside else iw
    per_row, size = layout(iw - (name_w if beside else 0))
    block = -(-count // per_row) * (size + bgap) - bgap
    return beside, name_w, per_row, size, block + s(4) + (0 if beside else name_h)


def _enemy_least(w: float, style: Style) -> float:
    """The height of the enemy box that holds one enemy's track."""
    return style.pt(17) + _enemy_layout(w - 2 * style.pt(4), style)[4]


def _rows_height(count: int, per_row: int, size: float, gap: float) -> float:
    """How tall a track of ``count`` boxes ``per_row`` to a row stands."""
    rows = -(-count // per_row)
    return rows * (size + gap) - gap


def _character(phrasebooks: Words, c: Canvas, form: FormCollector, x: float, top: float, w: float, style: Style,
               least: float = 0.0) -> float:
    """The box of characters to choose one of, from ``x`` to ``w`` under ``top`` (at least ``least`` tall);
    returns its foot."""
    say = phrasebooks.say_for(__package__)
    r = rules()
    s = style.pt
    lines = choice_lines(r["characters"], w - x - s(8), style, 7.5)
    row_h = max(least, s(13) + len(lines) * choice_pitch(style, 7.5))
    box(c, x, top - row_h, w - x, row_h, style)
    label(c, x + s(3), top - s(8.2), say("sheet.choose-character"), style, 6.2, bold=True)
    choice_row(c, form, "character", x + s(4), top - s(13) - choice_pitch(style, 7.5) + s(4), w - x - s(8),
               r["characters"], style, say("sheet.character"), size=7.5)
    return top - row_h


def _numbers(phrasebooks: Words, c: Canvas, form: FormCollector, top: float, w: float, style: Style) -> float:
    """The three numbers a player keeps (max health, attack modifier, victory points), each with where it
    starts, in a row ``w`` wide under ``top``; returns where the next row starts."""
    say = phrasebooks.say_for(__package__)
    r = rules()
    s = style.pt
    gap = s(5)
    third = (w - 2 * gap) / 3
    numbers = (
            ("max-health", say("sheet.max-health"), say("sheet.max-health-start", health=r["max_health"])),
            ("attack", say("sheet.attack"), say("sheet.attack-start", modifier=f"{r['attack_modifier']:+d}")),
            ("victory", say("sheet.victory"), say("sheet.victory-start", score=r["score"])))
    # Each box as tall as its caption and hint need above room to write a number of MIN_WRITE or more.
    big_h = max(s(44), max(field_head(title, note, third, style) for _, title, note in numbers) + MIN_WRITE * 1.6)
    for i, (key, title, note) in enumerate(numbers):
        x = i * (third + gap)
        field(c, form, key, x, top - big_h, third, big_h, title, style, value_size=18, hint=note)
    return top - big_h - gap


def _victory_leading(style: Style) -> float:
    return style.type(6.8) * 1.3


def _victory_lines(phrasebooks: Words, width: float, style: Style) -> list[list[tuple[bool, list[tuple[str, str]]]]]:
    """The ways to win points, wrapped in one column or two as the width allows: each line as
    (whether it carries on an entry, so is indented; its runs of text)."""
    # A number of points leads its line; points in words follow what earns them.
    say = phrasebooks.say_for(__package__)
    r = rules()
    points = {v["code"]: v.get("points", 0) for v in r["victory"]}
    stated = {"basilisk": say("rule.basilisks"),
              "end-rush": say("rule.end-rush", points=count(phrasebooks, points["end-rush"], "victory-point"))}
    columns = 2 if width > style.pt(300) + 200 else 1
    column_w = width / columns - style.pt(6)
    entries = []
    for v in r["victory"]:
        what = say(f"sheet.win.{v['code']}", rule=stated.get(v["code"], ""))
        if "points" in v:
            runs = [(fonts.MONO_BOLD, str(v["points"])), (fonts.SERIF, "  " + what)]
        else:
            runs = [(fonts.SERIF, what + ":"), (fonts.SERIF_ITALIC, " " + say("sheet.as-on-card"))]
        entries.append([(k > 0, line) for k, line in
                        enumerate(wrap_runs(runs, style.type(6.8), column_w, indent=style.pt(10)))])
    per_column = -(-len(entries) // columns)
    return [[line for entry in entries[k:k + per_column] for line in entry]
            for k in range(0, len(entries), per_column)]


def _equipment(phrasebooks: Words, c: Canvas, w: float, h: float, style: Style, form: FormCollector) -> None:
    say = phrasebooks.say_for(__package__)
    r = rules()
    s = style.pt
    gap = s(6)
    top = title_band(c, w, h, say("sheet.equipment-title"), style, right=say("sheet.equipment-note")) - gap
    top = paragraph(c, 0, top, w, say("sheet.equipment-rule"), style, 7.2, font=fonts.SERIF_ITALIC, gray=0.3) - gap
    slots = {slot["name"]: slot for slot in r["slot"]}
    # Hands either side of the head; chest and feet below, side by side.
    card_w, card_h = POKER
    full = w >= 3 * (card_w + mm(1)) + 2 * mm(1) and top >= 2 * (card_h + mm(1)) + gap
    if full:
        gap = mm(1)
        sw, sh = card_w + mm(1), card_h + mm(1)
    else:
        sw = (w - 2 * gap) / 3
        sh = min((top - gap) / 2, sw * 1.4)
    cx = (w - sw) / 2
    layout = {
        "Primary hand": (cx - sw - gap, top - sh),
        "Head": (cx, top - sh),
        "Secondary hand": (cx + sw + gap, top - sh),
        "Chest": (w / 2 - sw - gap / 2, top - 2 * sh - gap),
        "Feet": (w / 2 + gap / 2, top - 2 * sh - gap),
    }
    for name, (x, y) in layout.items():
        slot = slots[name]
        c.saveState()
        set_stroke(c, style, heavy=True)
        c.setDash(4, 3)
        c.roundRect(x, y, sw, sh, s(6), stroke=1, fill=0)
        c.restoreState()
        label(c, x + sw / 2, y + sh - s(16), name.upper(), style, 9, bold=True, centre=True, gray=0.1)
        label(c, x + sw / 2, y + sh - s(25), f"({slot['also']})", style, 6.5, centre=True,
              font=fonts.SERIF_ITALIC)
        hint = say(f"sheet.hint.{name.lower().replace(' ', '-')}")
        hint_size = text_fit(hint, fonts.SERIF, s(6.5), sw - s(8)) / style.scale
        label(c, x + sw / 2, y + s(8), hint, style, hint_size, centre=True, gray=0.45)
        form.add(c, f"slot.{name.lower().replace(' ', '-')}", x + s(6), y + sh * 0.35, sw - s(12), sh * 0.25,
                 font_size=s(10))
    below = min(y for _, y in layout.values()) - gap
    if below > s(60):
        ix, iy, iw, ih = titled(c, 0, 0, w, below, say("sheet.equipment-what"), say("sheet.equipment-what-note"),
                                style)
        ruled_list(c, form, "effects", ix, iy, iw, ih, s(16), style)
