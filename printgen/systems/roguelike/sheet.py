"""The Roguelike Character Record, blank or pre-rolled, full page or compact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts, qr
from ...seed import Rng, SeedCode
from ...units import Paper
from . import characters, rules
from .rules import ability_use, choices as rule_choices, data_list, say, tables
from ...sheets.draw import (MIN_BOX, FormCollector, Style, box, field, label, paragraph, paragraph_height,
                            rich_line, ruled_list, square_boxes, title_band, value_text, wrap_runs)

SIZES = (1, 2)  # four to a page would need 5 pt type: a quarter page cannot hold a Priest's miracles at 6 pt
WRITE_PITCH = 16  # pt between writing lines on a full page (5.6 mm), scaled on a half page
COMPACT_PITCH = 13  # pt on a half or quarter page (4.6 mm): room for a 3.5 mm tick box on each line
PRE_ROLLED = True
GENRES: tuple[str, ...] = ()  # no genres: one kind of character
WHOLE_PAGE_KINDS: tuple[str, ...] = ()



def roll(rng: Rng, number: int, genre: str | None = None) -> dict[str, Any]:
    return characters.roll_character(rng, number)


def kind_of(char: dict[str, Any]) -> str:
    return "record"


def blank_kinds(genre: str | None = None) -> list[str]:
    return ["record"]


def companion_pages(code: SeedCode, paper: Paper, templates: Path | None) -> list[bytes]:
    """A blank record printed one to a page comes with the reference page to choose from."""
    from .reference import pages

    return [pages(code, paper, templates)]


def choices() -> tuple[dict[str, str], ...]:
    return tuple(ch for ch in rule_choices() if ch["topic"] in ("Dwarves",))


def draw(c: Canvas, w: float, h: float, kind: str, char: dict[str, Any] | None, style: Style,
         form: FormCollector, code: SeedCode | None = None) -> None:
    compact = w < 400  # a half or quarter page: the record in its short form
    s = style.pt
    gap = s(5)
    words = say.section("sheet")
    number = say("sheet.number", number=char["number"]) if char else words["roll-up"]
    top = title_band(c, w, h, words["title"], style, right=number) - gap

    row_h = s(30)
    level_w = w * 0.2
    field(c, form, "name", 0, top - row_h, w - level_w - gap, row_h, words["name"], style,
          char and char["name"])
    field(c, form, "level", w - level_w, top - row_h, level_w, row_h, words["level"], style,
          char and str(char["level"]))
    top -= row_h + gap
    half = (w - gap) / 2
    occ = char and say("sheet.rolled", name=char["occupation"]["name"], roll=char["occupation"]["roll"])
    race = char and say("sheet.rolled", name=char["race"]["name"], roll=char["race"]["roll"])
    field(c, form, "occupation", 0, top - row_h, half, row_h, words["occupation"], style, occ)
    field(c, form, "race", half + gap, top - row_h, half, row_h, words["race"], style, race)
    top -= row_h + gap

    # The six ratings, three by two, beside the portrait.
    rate_h = s(120) if not compact else s(100)
    portrait_w = w * (0.3 if not compact else 0.27)
    grid_w = w - portrait_w - gap
    cell_w = (grid_w - 2 * gap) / 3
    cell_h = (rate_h - gap) / 2
    order = ("speed", "power", "intellect", "attack", "defense", "health")
    for i, key in enumerate(order):
        col, row = i % 3, i // 3
        x = col * (cell_w + gap)
        y = top - (row + 1) * cell_h - row * gap
        box(c, x, y, cell_w, cell_h, style, heavy=True, round_=s(3))
        label(c, x + cell_w / 2, y + cell_h - s(9), say(f"rating.{key}").upper(), style, 7.5, bold=True, centre=True,
              gray=0.15)
        label(c, x + cell_w / 2, y + s(4), say(f"sheet.rating-hint.{key}"), style, 5.6, centre=True, gray=0.4)
        if char and not form.enabled:
            value_text(c, x, y + cell_h * 0.34, cell_w, str(char["ratings"][key]), style, 22,
                       font=fonts.MONO_BOLD, centre=True)
        else:  # a blank, or a fillable sheet's rating, which the player may change
            form.add(c, f"rating.{key}", x + cell_w * 0.2, y + s(12), cell_w * 0.6, cell_h - s(24),
                     font_size=s(18), value=str(char["ratings"][key]) if char else "", centre=True)
    px = w - portrait_w
    box(c, px, top - rate_h, portrait_w, rate_h, style, round_=s(3))
    label(c, px + portrait_w / 2, top - rate_h + s(5), words["portrait"], style, 6.2, bold=True, centre=True)
    at_size = min(rate_h * 0.55, portrait_w * 0.6)
    c.saveState()
    c.setFillGray(0.93 if not style.ink_saver else 0.97)
    c.setFont(fonts.MONO_BOLD, at_size)
    c.drawCentredString(px + portrait_w / 2, top - rate_h / 2 - at_size * 0.3, "@")
    c.restoreState()
    top -= rate_h + gap

    if char is None and not compact:
        roll_h = s(96)
        _roll_tables(c, 0, top - roll_h, w, roll_h, style)
        top -= roll_h + gap

    # Spells and special abilities: one line per use, with a box to tick it off.
    kit_lines = len(char["weapons"]) + len(char["gear"]) if char else 3
    ability_h = _abilities_height(w, char, style, compact)
    if compact:
        # The points take what they need, the kit its lines and one more; spells have the rest.
        gear_h = s(17) + (kit_lines + 3) * COMPACT_PITCH
        spells_h = max(top - gear_h - _compact_points_height(w, style) - 2 * gap, ability_h)
    else:
        # The points table takes what it needs; spells and gear share the rest.
        spare = top - s(212) - 2 * gap
        spells_h = max(spare * 0.56, ability_h)
        gear_h = spare - spells_h
    _abilities(c, 0, top - spells_h, w, spells_h, char, style, form, compact)
    top -= spells_h + gap

    # Weapons and armor beside loot.
    _titled(c, 0, top - gear_h, half, gear_h, words["gear"], words["gear-ratings"], style)
    pitch = s(WRITE_PITCH) if not compact else COMPACT_PITCH
    # Every character starts with the same kit, so even a blank record has it.
    kit = char or {"weapons": [{"name": i["name"], "wdr": i["wdr"]} for i in characters.starting_kit() if "wdr" in i],
                   "gear": [{"name": i["name"], "count": i.get("count", 1)} for i in characters.starting_kit()
                            if "wdr" not in i]}
    gear_values = [say("sheet.weapon", name=wpn["name"], wdr=wpn["wdr"]) for wpn in kit["weapons"]]
    gear_values += [say("sheet.gear-many", count=g["count"], name=g["name"]) if g["count"] > 1 else g["name"]
                    for g in kit["gear"]]
    inner = _inner(0, top - gear_h, half, gear_h, style)
    ruled_list(c, form, "weapons", *inner, pitch, style, gear_values)
    _titled(c, half + gap, top - gear_h, half, gear_h, words["loot"], words["loot-points"], style)
    ruled_list(c, form, "loot", *_inner(half + gap, top - gear_h, half, gear_h, style), pitch, style)
    top -= gear_h + gap

    # Points: a hundred boxes in rows of twenty (a level each), and the table at hand.
    _points(c, 0, 0, w, top, style, form, compact)


def _roll_tables(c: Canvas, x: float, y: float, w: float, h: float, style: Style) -> None:
    """The occupation and race tables, for rolling up a character at the table."""
    s = style.pt
    gap = s(5)
    half = (w - gap) / 2
    specs = (("occupation", say("sheet.roll-occupation"), ("health", "attack", "defense")),
             ("race", say("sheet.roll-race"), ("speed", "power", "intellect")))
    for k, (table_id, title, keys) in enumerate(specs):
        bx = x + k * (half + gap)
        ix, iy, iw, ih = _inner(bx, y, half, h, style)
        _titled(c, bx, y, half, h, title, say("sheet.copy-row"), style)
        table = tables()[table_id]
        cols = [s(19), iw * 0.24] + [iw * 0.13] * 3
        heads = ["", "", *(say(f"rating.{key}") for key in keys), say("sheet.special")]
        xs = [ix]
        for cw in cols:
            xs.append(xs[-1] + cw)
        yy = iy + ih - s(7)
        for i, head in enumerate(heads):
            label(c, xs[i], yy, head, style, 6, bold=True, gray=0.2)
        for row in table.rows:
            yy -= s(10.5)
            label(c, xs[0], yy, row.roll_text, style, 7.5, font=fonts.MONO_BOLD, gray=0)
            label(c, xs[1], yy, row.result, style, 7.5, bold=True, gray=0.05)
            for i, key in enumerate(keys):
                label(c, xs[2 + i] + s(8), yy, str(row[key]), style, 7.5, font=fonts.MONO, gray=0.05)
            special = rules.ability_counts(row["abilities"]) or say("ability.none")
            label(c, xs[5], yy, special, style, 7, gray=0.15)


def _inner(x: float, y: float, w: float, h: float, style: Style) -> tuple[float, float, float, float]:
    pad = style.pt(4)
    title = style.pt(13)
    return x + pad, y + pad * 0.5, w - 2 * pad, h - title - pad


def _titled(c: Canvas, x: float, y: float, w: float, h: float, title: str, note: str, style: Style) -> None:
    box(c, x, y, w, h, style, round_=style.pt(3))
    label(c, x + style.pt(4), y + h - style.pt(10), title.upper(), style, 7.5, bold=True, gray=0.12)
    if note:
        label(c, x + w - style.pt(4), y + h - style.pt(10), note, style, 6, right=True,
              font=fonts.SERIF_ITALIC)


def _ability_entries(char: dict[str, Any]) -> list[tuple[int, list[tuple[str, str]]]]:
    """Each ability, spell and miracle as (uses, runs of text): name, rating, what it does."""
    entries: list[tuple[int, list[tuple[str, str]]]] = []
    for ability in char["abilities"]:
        if ability["name"] in ("Spell", "Miracle"):
            continue
        entries.append((ability["count"], [(fonts.SERIF_BOLD, ability["name"]),
                                           (fonts.SERIF_ITALIC, f"  {ability_use(ability['name'])}")]))
    for kind, rating, items in ((say("deck.spells.rating"), "sdr", char["spells"]),
                                (say("deck.miracles.rating"), "mdr", char["miracles"])):
        for item in items:
            runs = [(fonts.SERIF_BOLD, item["name"])]
            if item[rating] != "NA":
                runs.append((fonts.MONO, f" {kind} {item[rating]}"))
            runs.append((fonts.SERIF, f"  {item['effect']}"))
            entries.append((1, runs))
    return entries


def _ability_metrics(style: Style, compact: bool) -> tuple[float, float, float]:
    """Type size, line height and tick-box side of the abilities list."""
    size = style.type(8.2 if not compact else 7)
    sq = max(MIN_BOX, size * 0.95)
    return size, max(size * 1.5, sq + style.pt(3)), sq


def _ability_lines(w: float, char: dict[str, Any], style: Style, compact: bool
                   ) -> list[tuple[int, list[list[tuple[str, str]]]]]:
    """Each entry's uses and its wrapped lines, to fit beside its tick boxes."""
    size, _, sq = _ability_metrics(style, compact)
    iw = w - 2 * style.pt(4)
    found = []
    for count, runs in _ability_entries(char):
        tx = count * (sq + style.pt(2)) + style.pt(3)
        found.append((count, wrap_runs(runs, size, iw - tx)))
    return found


def _abilities_height(w: float, char: dict[str, Any] | None, style: Style, compact: bool) -> float:
    """The height the abilities box needs for every rolled line, its note and one line to spare."""
    if char is None:
        return 0.0
    _, line_h, _ = _ability_metrics(style, compact)
    lines = sum(len(lines) for _, lines in _ability_lines(w, char, style, compact))
    notes = 1 if char["spells"] or char["miracles"] or not char["abilities"] else 0
    return style.pt(13) + style.pt(4) + (lines + notes + 1) * line_h + style.pt(4)


def _abilities(c: Canvas, x: float, y: float, w: float, h: float, char: dict[str, Any] | None, style: Style,
               form: FormCollector, compact: bool) -> None:
    s = style.pt
    _titled(c, x, y, w, h, say("sheet.abilities"), say("sheet.abilities-how"), style)
    ix, iy, iw, ih = _inner(x, y, w, h, style)
    pitch = s(WRITE_PITCH) if not compact else COMPACT_PITCH
    if char is None:
        ruled_list(c, form, "abilities", ix, iy, iw, ih, pitch, style, checkbox=True)
        return
    size, line_h, sq = _ability_metrics(style, compact)
    yy = iy + ih - line_h + s(2)
    for n, (count, lines) in enumerate(_ability_lines(w, char, style, compact), start=1):
        for k in range(count):
            box(c, ix + k * (sq + s(2)), yy, sq, sq, style)
            form.add(c, f"ability{n}.used{k + 1}", ix + k * (sq + s(2)), yy, sq, sq, kind="check")
        tx = ix + count * (sq + s(2)) + s(3)
        for line in lines:
            rich_line(c, tx, yy + s(2), line, size)
            yy -= line_h
    if char["spells"] or char["miracles"]:
        note = say("sheet.magic-damage", damage=say("damage.magic", rating=say("damage.magic-either")))
        label(c, ix, yy + s(3), note, style, 6, font=fonts.SERIF_ITALIC)
        yy -= line_h
    if not char["abilities"]:
        label(c, ix, yy + s(3), say("sheet.no-abilities"), style, 7, font=fonts.SERIF_ITALIC)
        yy -= line_h
    # Room below for abilities regained or found later.
    room = yy + line_h - iy
    if room > pitch:
        ruled_list(c, form, "abilities", ix, iy, iw, room - s(3), pitch, style, checkbox=True)


def _points(c: Canvas, x: float, y: float, w: float, h: float, style: Style, form: FormCollector,
            compact: bool) -> None:
    s = style.pt
    points = data_list("points")
    if compact:
        _titled(c, x, y, w, h, say("sheet.points"), say("points.level"), style)
        ix, iy, iw, ih = _inner(x, y, w, h, style)
        size = _compact_point_box(iw, style)
        square_boxes(c, form, "points", ix, iy + ih, 100, size, s(1.5), style, per_row=20,
                     marks={20: "20", 40: "40", 60: "60", 80: "80", 100: "100"})
        yy = iy + ih - _compact_boxes_height(iw, style) - s(4)
        if style.qr:  # the seed code's QR beside the boxes, at the right
            style.qr.place(c, ix + iw - style.qr.side, iy + ih - style.qr.side)
        for text, font in _compact_points_notes():
            yy = paragraph(c, ix, yy, iw, text, style, 6.5, font=font) - s(2)
        return
    table_w = w * 0.46
    grid_w = w - table_w - s(5)
    _titled(c, x, y, grid_w, h, say("sheet.points"), say("sheet.points-row"), style)
    ix, iy, iw, ih = _inner(x, y, grid_w, h, style)
    size = min((iw - 19 * s(2)) / 20, (ih * 0.62 - 4 * s(2)) / 5)
    square_boxes(c, form, "points", ix, iy + ih, 100, size, s(2), style, per_row=20,
                 marks={20: "20", 40: "40", 60: "60", 80: "80", 100: "100"})
    below = iy + ih - 5 * size - 4 * s(2) - s(6)
    label(c, ix, below - s(8), say("points.choose").upper(), style, 6.5, bold=True, gray=0.12)
    yy = below - s(10)
    narrow = None
    if style.qr:  # the seed code's QR in the box's lower right corner, the level-up choices beside it
        style.qr.place(c, ix + iw - style.qr.side, iy)
        narrow = (iy + style.qr.side + qr.GAP, iw - style.qr.side - qr.GAP)
    for i, item in enumerate(data_list("level-up").items, start=1):
        yy = paragraph(c, ix, yy, iw, say("sheet.level-up-item", number=i, text=item["name"]), style, 6.8,
                       narrow=narrow) - s(1)
    tx = x + grid_w + s(5)
    _titled(c, tx, y, table_w, h, say("sheet.points-table"), "", style)
    ix, iy, iw, ih = _inner(tx, y, table_w, h, style)
    yy = iy + ih - s(2)
    for who, title in (("living", say("sheet.living")), ("dead", say("sheet.dead"))):
        label(c, ix, yy - s(7), title, style, 7, bold=True, gray=0.12, font=fonts.SERIF_BOLD_ITALIC)
        yy -= s(11)
        for item in points.items:
            if item["who"] != who:
                continue
            label(c, ix + iw, yy - s(7), f"{item['points']}", style, 8, right=True, font=fonts.MONO_BOLD, gray=0)
            yy = paragraph(c, ix + s(4), yy, iw - s(22), item["name"], style, 7) - s(2)
        yy -= s(4)
    damage = say("sheet.damage", weapon=say("damage.weapon"),
                 magic=say("damage.magic", rating=say("damage.magic-either")), alone=say("points.alone"))
    yy = paragraph(c, ix, yy, iw, damage, style, 6.4, font=fonts.SERIF_ITALIC, gray=0.3)


def _compact_point_box(iw: float, style: Style) -> float:
    """The side of a compact record's point box: twenty to a row, beside the seed code's QR where it stands."""
    if style.qr:
        iw -= style.qr.side + qr.GAP
    return min((iw - 19 * style.pt(1.5)) / 20, style.pt(16))


def _compact_boxes_height(iw: float, style: Style) -> float:
    """How far down the compact record's boxes reach, or the QR beside them."""
    size = _compact_point_box(iw, style)
    return max(5 * size + 4 * style.pt(1.5), style.qr.side if style.qr else 0.0)


def _compact_points_notes() -> list[tuple[str, str]]:
    """The points a living @ earns, and the level-up choices, in brief, under the compact record's boxes."""
    points = data_list("points")
    living = " · ".join(say("sheet.compact-point", name=say(f"sheet.short-points.{i['code']}"), points=i["points"])
                        for i in points.items if i["who"] == "living")
    level_up = "; ".join(say("sheet.level-up-item", number=i, text=item["name"].rstrip("."))
                         for i, item in enumerate(data_list("level-up").items, 1))
    return [(say("sheet.compact-points", points=living), fonts.SERIF),
            (say("sheet.compact-level-up", choose=say("points.choose"), choices=level_up), fonts.SERIF_ITALIC)]


def _compact_points_height(w: float, style: Style) -> float:
    """The height of the compact record's points box: its title, the boxes and the notes under them."""
    s = style.pt
    iw = w - 2 * s(4)
    notes = sum(paragraph_height(text, style, iw, 6.5, font) + s(2) for text, font in _compact_points_notes())
    return s(13) + s(2) + _compact_boxes_height(iw, style) + s(4) + notes + s(4)
