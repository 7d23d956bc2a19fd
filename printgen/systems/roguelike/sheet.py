"""The Roguelike Character Record, blank or pre-rolled, full page or compact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...progress import Listener
from ...render import fonts
from ...render import text as text_engine
from ...seed import Rng, SeedCode
from ...sheets.draw import (
    MIN_BOX,
    MIN_WRITE,
    FormCollector,
    Style,
    box,
    field_frame,
    field_value,
    furniture,
    label,
    paragraph,
    paragraph_height,
    rich_line,
    ruled_lines,
    ruled_list,
    square_boxes,
    title_band,
    track_layout,
    value_text,
    wrap_runs,
)
from ...units import Paper
from ...words import Words
from . import characters
from .rules import ability_use, data_list
from .rules import choices as rule_choices

SIZES = (1, 2)  # four to a page would need 5 pt type: a quarter page cannot hold a Priest's miracles at 6 pt
WRITE_PITCH = 16  # pt between writing lines on a full page (5.6 mm), scaled on a half page
COMPACT_PITCH = 13  # pt on a half or quarter page (4.6 mm): room for a 3.5 mm tick box on each line
PRE_ROLLED = True


def roll(phrasebooks: Words, rng: Rng, number: int, genre: str | None = None) -> dict[str, Any]:
    return characters.roll_character(rng, number)


def blank_kinds(genre: str | None = None) -> list[str]:
    return ["record"]


def companion_pages(phrasebooks: Words, code: SeedCode, paper: Paper, templates: Path | None,
                    listener: Listener | None) -> list[bytes]:
    """A blank record printed one to a page comes with the reference page to choose from."""
    from .reference import pages

    return [pages(phrasebooks, code, paper, templates, listener=listener)]


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    return tuple(ch for ch in rule_choices(phrasebooks) if ch["topic"] in ("Dwarves",))


def draw(phrasebooks: Words, c: Canvas, w: float, h: float, kind: str, char: dict[str, Any] | None, style: Style,
         form: FormCollector, code: SeedCode | None = None, alone: bool = False) -> None:
    """The Character Record; ``alone``: for one playing solo, its points table without what the rules say to
    ignore alone (the last @ on the screen, the points a fallen player earns as a Referee)."""
    say = phrasebooks.say_for(__package__)
    compact = w < 400  # a half or quarter page: the record in its short form
    s = style.pt
    gap = s(5)
    words = say.section("sheet")
    number = say("sheet.number", number=char["number"]) if char else words["roll-up"]
    top = title_band(c, w, h, words["title"], style, right=number) - gap

    row_h = s(30)
    level_w = w * 0.2
    half = (w - gap) / 2
    # The frames of the four fields below the title, then what each holds.
    second = top - row_h - gap
    boxes = [("name", 0, top - row_h, w - level_w - gap), ("level", w - level_w, top - row_h, level_w),
             ("occupation", 0, second - row_h, half), ("race", half + gap, second - row_h, half)]

    def frames() -> None:
        for key, x, y, bw in boxes:
            field_frame(c, x, y, bw, row_h, words[key], style)

    furniture(c, form, ("record-fields", w, top, style), frames)
    values: dict[str, str | None] = dict.fromkeys(("name", "level", "occupation", "race"))
    if char:
        values = {"name": char["name"], "level": str(char["level"]),
                  "occupation": say("sheet.rolled", name=char["occupation"]["name"], roll=char["occupation"]["roll"]),
                  "race": say("sheet.rolled", name=char["race"]["name"], roll=char["race"]["roll"])}
    for key, x, y, bw in boxes:
        field_value(c, form, key, x, y, bw, row_h, words[key], style, values[key])
    top = second - row_h - gap

    # The six ratings, three by two, beside the portrait.
    rate_h = s(120) if not compact else s(100)
    portrait_w = w * (0.3 if not compact else 0.27)
    grid_w = w - portrait_w - gap
    cell_w = (grid_w - 2 * gap) / 3
    # Each cell holds its label, its hint and room to write a number of MIN_WRITE or more between them.
    hints = max(_foot_note_height(cell_w, say(f"sheet.rating-hint.{key}"), style, 5.6) for key in RATINGS)
    cell_h = max((rate_h - gap) / 2, s(12) + s(4) + hints + s(2) + MIN_WRITE * 1.3)
    rate_h = 2 * cell_h + gap
    px = w - portrait_w
    cells = [(key, (i % 3) * (cell_w + gap), top - (i // 3 + 1) * cell_h - (i // 3) * gap)
             for i, key in enumerate(RATINGS)]

    def rating_frames() -> None:
        for key, x, y in cells:
            box(c, x, y, cell_w, cell_h, style, heavy=True, round_=s(3))
            label(c, x + cell_w / 2, y + cell_h - s(9), say(f"rating.{key}").upper(), style, 7.5, bold=True,
                  centre=True, gray=0.15)
            _foot_note(c, x, y + s(4), cell_w, say(f"sheet.rating-hint.{key}"), style, 5.6, gray=0.4)
        # The portrait box is the player's to draw in: its caption at its foot, nothing else in it.
        box(c, px, top - rate_h, portrait_w, rate_h, style, round_=s(3))
        _foot_note(c, px, top - rate_h + s(5), portrait_w, words["portrait"], style, 6.2, font=fonts.SERIF_BOLD)

    furniture(c, form, ("record-ratings", w, top, compact, style), rating_frames)
    for key, x, y in cells:
        # The hint at the foot, the space to write in between it and the label.
        hint = _foot_note_height(cell_w, say(f"sheet.rating-hint.{key}"), style, 5.6)
        floor, ceiling = y + s(4) + hint + s(2), y + cell_h - s(12)
        if char and not form.enabled:
            value_text(c, x, floor + (ceiling - floor) * 0.18, cell_w, str(char["ratings"][key]), style,
                       min(22, (ceiling - floor) * 0.9), font=fonts.MONO_BOLD, centre=True)
        else:  # a blank, or a fillable sheet's rating, which the player may change
            form.add(c, f"rating.{key}", x + cell_w * 0.2, floor, cell_w * 0.6, ceiling - floor,
                     font_size=min(s(18), (ceiling - floor) * 0.7),
                     value=str(char["ratings"][key]) if char else "", centre=True)
    top -= rate_h + gap

    # Health now: a box to cross off for each point, up to the character's Health.
    track_h = _health_track_height(w, style)
    beyond = char["ratings"]["health"] if char else None
    furniture(c, form, ("record-health", w, top, beyond, style),
              lambda: _health_track(phrasebooks, c, 0, top - track_h, w, track_h, beyond, style, form))
    top -= track_h + gap

    # Spells and special abilities: one line per use, with a box to tick it off.
    kit_lines = len(char["weapons"]) + len(char["gear"]) if char else 3
    ability_h = _abilities_height(phrasebooks, w, char, style, compact)
    if compact:
        # The points take what they need, the kit its lines and one more; spells have the rest.
        gear_h = s(17) + (kit_lines + 3) * COMPACT_PITCH
        spells_h = max(top - gear_h - _compact_points_height(phrasebooks, w, style) - 2 * gap, ability_h)
    else:
        # The points take what they need; spells and gear share the rest.
        spare = top - _points_height(phrasebooks, w, style, alone) - 2 * gap
        spells_h = max(spare * 0.56, ability_h)
        gear_h = spare - spells_h
    _abilities(phrasebooks, c, 0, top - spells_h, w, spells_h, char, style, form, compact)
    top -= spells_h + gap

    # Weapons and armor beside loot.
    pitch = s(WRITE_PITCH) if not compact else COMPACT_PITCH
    inner = _inner(0, top - gear_h, half, gear_h, style)

    def gear_frame(y: float) -> None:
        _titled(c, 0, y, half, gear_h, words["gear"], words["gear-ratings"], style)
        ruled_lines(c, *inner, pitch, style)

    furniture(c, form, ("record-gear", w, top, gear_h, pitch, style), lambda: gear_frame(top - gear_h))
    # Every character starts with the same kit, so even a blank record has it.
    kit = char or {"weapons": [{"name": i["name"], "wdr": i["wdr"]} for i in characters.starting_kit() if "wdr" in i],
                   "gear": [{"name": i["name"], "count": i.get("count", 1)} for i in characters.starting_kit()
                            if "wdr" not in i]}
    gear_values = [say("sheet.weapon", name=wpn["name"], wdr=wpn["wdr"]) for wpn in kit["weapons"]]
    gear_values += [say("sheet.gear-many", count=g["count"], name=g["name"]) if g["count"] > 1 else g["name"]
                    for g in kit["gear"]]
    ruled_list(c, form, "weapons", *inner, pitch, style, gear_values, lined=False)

    def loot(y: float) -> None:
        _titled(c, half + gap, y, half, gear_h, words["loot"], words["loot-points"], style)
        ruled_list(c, form, "loot", *_inner(half + gap, y, half, gear_h, style), pitch, style)

    furniture(c, form, ("record-loot", w, top, gear_h, pitch, style), lambda: loot(top - gear_h))
    top -= gear_h + gap

    # Points: a hundred boxes in rows of twenty (a level each), and the table at hand.
    furniture(c, form, ("record-points", w, top, compact, alone, style),
              lambda: _points(phrasebooks, c, 0, 0, w, top, style, form, compact, alone))


HEALTH_TRACK = 30  # boxes of Health now: a Barbarian starts with 20, and each level gained may add 1d6


def _health_track_metrics(w: float, style: Style) -> tuple[int, float, float]:
    """How many boxes to a row, their side (MIN_WRITE or more) and the gap between them."""
    gap = style.pt(1.5)
    per_row, size = track_layout(HEALTH_TRACK, w - 2 * style.pt(4), gap, most=style.pt(22))
    return per_row, size, gap


def _health_track_height(w: float, style: Style) -> float:
    per_row, size, gap = _health_track_metrics(w, style)
    rows = -(-HEALTH_TRACK // per_row)
    return style.pt(13) + rows * (size + gap) - gap + style.pt(5)


def _health_track(phrasebooks: Words, c: Canvas, x: float, y: float, w: float, h: float, beyond: int | None,
                  style: Style,
                  form: FormCollector) -> None:
    """Health now: numbered boxes to cross off as the character is hurt and rub out as it heals; on a
    pre-rolled record the boxes past its Health (``beyond``) are greyed, out of reach until a level adds to
    it."""
    say = phrasebooks.say_for(__package__)
    ix, iy, _, ih = _inner(x, y, w, h, style)
    _titled(c, x, y, w, h, say("sheet.health-now"), say("sheet.health-now-note"), style)
    per_row, size, gap = _health_track_metrics(w, style)
    square_boxes(c, form, "health-now", ix, iy + ih, HEALTH_TRACK, size, gap, style, per_row=per_row,
                 numbered=True, beyond=beyond)


RATINGS = ("speed", "power", "intellect", "attack", "defense", "health")  # three by two, as the record shows them


def _foot_note_height(w: float, text: str, style: Style, size: float, font: str = fonts.SERIF) -> float:
    """How far above its last baseline a _foot_note reaches."""
    size = style.type(size)
    return (len(text_engine.wrap_text(text, font, size, w - style.pt(6))) - 1) * size * 1.15 + size * 0.75


def _foot_note(c: Canvas, x: float, y: float, w: float, text: str, style: Style, size: float,
               font: str = fonts.SERIF, gray: float = 0.15) -> float:
    """A caption centred at the foot of a box ``w`` wide, its last baseline at ``y``, broken over lines (upwards)
    where the box is too narrow for it in one: it never reaches past the box's sides into a neighbour. Returns
    how far above ``y`` its letters reach (_foot_note_height)."""
    type_size = style.type(size)
    c.saveState()
    c.setFillGray(gray)
    c.setFont(font, type_size)
    for index, line in enumerate(reversed(text_engine.wrap_text(text, font, type_size, w - style.pt(6)))):
        c.drawCentredString(x + w / 2, y + index * type_size * 1.15, line)
    c.restoreState()
    return _foot_note_height(w, text, style, size, font)


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


def _ability_entries(phrasebooks: Words, char: dict[str, Any]) -> list[tuple[int, list[tuple[str, str]]]]:
    """Each ability, spell and miracle as (uses, runs of text): name, rating, what it does."""
    say = phrasebooks.say_for(__package__)
    entries: list[tuple[int, list[tuple[str, str]]]] = []
    for ability in char["abilities"]:
        if ability["name"] in ("Spell", "Miracle"):
            continue
        entries.append((ability["count"], [(fonts.SERIF_BOLD, ability["name"]),
                                           (fonts.SERIF_ITALIC, f"  {ability_use(phrasebooks, ability['name'])}")]))
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


def _ability_lines(phrasebooks: Words, w: float, char: dict[str, Any], style: Style, compact: bool
                   ) -> list[tuple[int, list[list[tuple[str, str]]]]]:
    """Each entry's uses and its wrapped lines, to fit beside its tick boxes."""
    size, _, sq = _ability_metrics(style, compact)
    iw = w - 2 * style.pt(4)
    found = []
    for count, runs in _ability_entries(phrasebooks, char):
        tx = count * (sq + style.pt(2)) + style.pt(3)
        found.append((count, wrap_runs(runs, size, iw - tx)))
    return found


def _abilities_height(phrasebooks: Words, w: float, char: dict[str, Any] | None, style: Style, compact: bool) -> float:
    """The height the abilities box needs for every rolled line, its note and one line to spare."""
    if char is None:
        return 0.0
    _, line_h, _ = _ability_metrics(style, compact)
    lines = sum(len(lines) for _, lines in _ability_lines(phrasebooks, w, char, style, compact))
    notes = 1 if char["spells"] or char["miracles"] or not char["abilities"] else 0
    return style.pt(13) + style.pt(4) + (lines + notes + 1) * line_h + style.pt(4)


def _abilities(phrasebooks: Words, c: Canvas, x: float, y: float, w: float, h: float, char: dict[str, Any] | None,
               style: Style,
               form: FormCollector, compact: bool) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    _titled(c, x, y, w, h, say("sheet.abilities"), say("sheet.abilities-how"), style)
    ix, iy, iw, ih = _inner(x, y, w, h, style)
    pitch = s(WRITE_PITCH) if not compact else COMPACT_PITCH
    if char is None:
        ruled_list(c, form, "abilities", ix, iy, iw, ih, pitch, style, checkbox=True)
        return
    size, line_h, sq = _ability_metrics(style, compact)
    yy = iy + ih - line_h + s(2)
    for n, (count, lines) in enumerate(_ability_lines(phrasebooks, w, char, style, compact), start=1):
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


def _scored(phrasebooks: Words, alone: bool) -> list[tuple[str, str]]:
    """The points table's parts, (who, title): a living @'s points and a fallen player's; alone, the first
    only."""
    say = phrasebooks.say_for(__package__)
    parts = [("living", say("sheet.living")), ("dead", say("sheet.dead"))]
    return parts[:1] if alone else parts


def _counted(item: dict[str, Any], alone: bool) -> bool:
    return not (alone and item["code"] == "last-standing")


def _points(phrasebooks: Words, c: Canvas, x: float, y: float, w: float, h: float, style: Style, form: FormCollector,
            compact: bool, alone: bool = False) -> None:
    say = phrasebooks.say_for(__package__)
    s = style.pt
    points = data_list("points")
    if compact:
        _titled(c, x, y, w, h, say("sheet.points"), say("points.level"), style)
        ix, iy, iw, ih = _inner(x, y, w, h, style)
        size = _compact_point_box(iw, style)
        square_boxes(c, form, "points", ix, iy + ih, 100, size, s(1.5), style, per_row=20,
                     marks={20: "20", 40: "40", 60: "60", 80: "80", 100: "100"})
        yy = iy + ih - _compact_boxes_height(iw, style) - s(4)
        for text, font in _compact_points_notes(phrasebooks):
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
    for i, item in enumerate(data_list("level-up").items, start=1):
        yy = paragraph(c, ix, yy, iw, say("sheet.level-up-item", number=i, text=item["name"]), style, 6.8) - s(1)
    tx = x + grid_w + s(5)
    _titled(c, tx, y, table_w, h, say("sheet.points-table"), "", style)
    ix, iy, iw, ih = _inner(tx, y, table_w, h, style)
    yy = iy + ih - s(2)
    for who, title in _scored(phrasebooks, alone):
        label(c, ix, yy - s(7), title, style, 7, bold=True, gray=0.12, font=fonts.SERIF_BOLD_ITALIC)
        yy -= s(11)
        for item in points.items:
            if item["who"] != who or not _counted(item, alone):
                continue
            label(c, ix + iw, yy - s(7), f"{item['points']}", style, 8, right=True, font=fonts.MONO_BOLD, gray=0)
            yy = paragraph(c, ix + s(4), yy, iw - s(22), item["name"], style, 7) - s(2)
        yy -= s(4)
    damage = say("sheet.damage", weapon=say("damage.weapon"),
                 magic=say("damage.magic", rating=say("damage.magic-either")), alone=say("points.alone"))
    yy = paragraph(c, ix, yy, iw, damage, style, 6.4, font=fonts.SERIF_ITALIC, gray=0.3)


def _points_height(phrasebooks: Words, w: float, style: Style, alone: bool = False) -> float:
    """What the full record's points need: the taller of the boxes with the level-up choices under them and
    the points table beside them (as _points sets them)."""
    say = phrasebooks.say_for(__package__)
    s = style.pt
    table_w = w * 0.46
    grid_w = w - table_w - s(5)
    size = (grid_w - 2 * s(4) - 19 * s(2)) / 20
    choices = sum(paragraph_height(say("sheet.level-up-item", number=i, text=item["name"]), style,
                                   grid_w - 2 * s(4), 6.8) + s(1)
                  for i, item in enumerate(data_list("level-up").items, start=1))
    boxes = max(5 * size + 4 * s(2), (5 * size + 4 * s(2)) / 0.62 - s(17))  # as _points keeps them at 62% at most
    left = boxes + s(6) + s(10) + choices
    iw = table_w - 2 * s(4)
    table = s(2) + sum(s(11) + sum(paragraph_height(i["name"], style, iw - s(22), 7) + s(2)
                                   for i in data_list("points").items if i["who"] == who and _counted(i, alone)) + s(4)
                       for who, _ in _scored(phrasebooks, alone))
    damage = say("sheet.damage", weapon=say("damage.weapon"),
                 magic=say("damage.magic", rating=say("damage.magic-either")), alone=say("points.alone"))
    table += paragraph_height(damage, style, iw, 6.4, fonts.SERIF_ITALIC)
    return s(17) + s(2) + max(left, table) + s(4)


def _compact_point_box(iw: float, style: Style) -> float:
    """The side of a compact record's point box: twenty to a row."""
    return min((iw - 19 * style.pt(1.5)) / 20, style.pt(16))


def _compact_boxes_height(iw: float, style: Style) -> float:
    """How far down the compact record's boxes reach."""
    size = _compact_point_box(iw, style)
    return 5 * size + 4 * style.pt(1.5)


def _compact_points_notes(phrasebooks: Words) -> list[tuple[str, str]]:
    """The points a living @ earns, and the level-up choices, in brief, under the compact record's boxes."""
    say = phrasebooks.say_for(__package__)
    points = data_list("points")
    living = " · ".join(say("sheet.compact-point", name=say(f"sheet.short-points.{i['code']}"), points=i["points"])
                        for i in points.items if i["who"] == "living")
    level_up = "; ".join(say("sheet.level-up-item", number=i, text=item["name"].rstrip("."))
                         for i, item in enumerate(data_list("level-up").items, 1))
    return [(say("sheet.compact-points", points=living), fonts.SERIF),
            (say("sheet.compact-level-up", choose=say("points.choose"), choices=level_up), fonts.SERIF_ITALIC)]


def _compact_points_height(phrasebooks: Words, w: float, style: Style) -> float:
    """The height of the compact record's points box: its title, the boxes and the notes under them."""
    s = style.pt
    iw = w - 2 * s(4)
    notes = sum(paragraph_height(text, style, iw, 6.5, font) + s(2) for text,
                font in _compact_points_notes(phrasebooks))
    return s(13) + s(2) + _compact_boxes_height(iw, style) + s(4) + notes + s(4)
