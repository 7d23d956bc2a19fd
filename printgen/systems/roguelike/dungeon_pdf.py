"""The Roguelike one-shot dungeon as a printed booklet.

Cover; for each level the GM's map and the players' blank sheet; the key to
every area; a one-page rules reference. Maps are ¼-inch squares, one square
to five feet, exactly as the rules ask players to map.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, KeepTogether, NextPageTemplate, PageBreak, Paragraph, Spacer, Table, TableStyle

from ...maps.draw import Door, MapFrame, MapView, Symbol, draw_door, draw_grid, draw_legend, draw_map, draw_scale, draw_symbol
from ...maps.grid import SOUTH
from ...render import fonts
from ...render.story import FULL, TEXT, FullPage, render_story
from ...seed import SeedCode
from ...units import Paper, inch, mm
from . import rules
from .dungeon import DOOR_NAMES, SQUARE_FEET, Area, Dungeon, Level

PITCH = inch(0.25)
ENTRANCE_DOORS = {"wooden-door": "wooden", "iron-door": "iron", "arch": "arch", "pit": "open", "hole": "open"}


def render(dungeon: Dungeon, code: SeedCode, paper: Paper) -> bytes:
    fonts.register_reportlab_fonts()  # paragraph styles look the bundled faces up by name
    story: list = [NextPageTemplate(FULL), FullPage(lambda c, w, h: draw_cover(c, w, h, dungeon))]
    for level in dungeon.levels:
        story.append(FullPage(lambda c, w, h, level=level: draw_map_page(c, w, h, dungeon, level, gm=True)))
        story.append(FullPage(lambda c, w, h, level=level: draw_map_page(c, w, h, dungeon, level, gm=False)))
    story.append(NextPageTemplate(TEXT))
    story.append(PageBreak())
    story += key_story(dungeon)
    story.append(PageBreak())
    story += rules_story()
    return render_story(code, f"{dungeon.name}: a Roguelike dungeon", paper.size, story)


# --- map pages ---------------------------------------------------------------------------


def map_frame(width: float, height: float, level: Level) -> MapFrame:
    left = (width - level.width * PITCH) / 2
    top = height - mm(22)
    return MapFrame(left, top, PITCH, level.width, level.height)


def draw_map_page(c, width: float, height: float, dungeon: Dungeon, level: Level, gm: bool) -> None:
    frame = map_frame(width, height, level)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, 13)
    who = "Referee's map" if gm else "Players' map"
    c.drawString(frame.left, height - mm(14), f"{dungeon.name} · Level {level.number}")
    c.setFont(fonts.SERIF_ITALIC, 9)
    c.drawRightString(frame.left + frame.width * PITCH, height - mm(14), who)
    if gm:
        draw_map(c, frame, level_view(dungeon, level))
    else:
        draw_grid(c, frame)
        draw_arrival(c, frame, dungeon, level)
    if level.number == 1:
        c.setFont(fonts.SERIF_BOLD, 8)
        x, y = frame.point(level.arrival["cell"][0] + 0.5, 0)
        c.drawRightString(x - 6, y + 3, "ENTRANCE")
        draw_symbol(c, "entrance", x, y + 6, 8)
    legend_top = frame.bottom - mm(4)
    if gm:
        bottom = draw_legend(c, frame.left, legend_top, frame.width * PITCH, PITCH * 0.9)
    else:
        c.setFont(fonts.SERIF, 8.5)
        c.drawString(frame.left, legend_top - 10, "Map as you explore: draw each area as the referee describes it, one square to five feet.")
        c.drawString(frame.left, legend_top - 22, f"You arrive at the mark ({'the dungeon entrance' if level.number == 1 else 'the foot of the stairs'}).")
        bottom = legend_top - 26
    draw_scale(c, frame.left, max(bottom - mm(5), mm(12)), PITCH, SQUARE_FEET)


def draw_arrival(c, frame: MapFrame, dungeon: Dungeon, level: Level) -> None:
    x, y = level.arrival["cell"]
    if level.number == 1:
        draw_door(c, frame, Door((x, y), SOUTH, ENTRANCE_DOORS[dungeon.entrance["kind"]]))
        if dungeon.entrance["kind"] in ("pit", "hole"):
            draw_symbol(c, dungeon.entrance["kind"], *frame.point(x + 0.5, y + 0.5), PITCH * 0.8)
    else:
        draw_symbol(c, "stairs-up", *frame.point(x + 0.5, y + 0.5), PITCH * 0.8)


def level_view(dungeon: Dungeon, level: Level) -> MapView:
    view = MapView(level.width, level.height)
    for area in level.areas:
        view.shapes.append(area.shape)
        for exit_ in area.exits:
            view.doors.append(Door(exit_.cell, exit_.heading, exit_.kind, blocked=exit_.to is None))
        spots = _symbol_spots(area)
        label_spot = spots.pop(0)
        view.labels.append((str(area.number), *label_spot))
        for kind in area_symbols(area, level):
            x, y = spots.pop(0) if spots else (label_spot[0] + 0.5, label_spot[1] + 0.5)
            view.symbols.append(Symbol(kind, x, y))
    x, y = level.arrival["cell"]
    if level.number == 1:
        view.doors.append(Door((x, y), SOUTH, ENTRANCE_DOORS[dungeon.entrance["kind"]]))
        if dungeon.entrance["kind"] in ("pit", "hole"):
            view.symbols.append(Symbol(dungeon.entrance["kind"], x + 0.5, y + 0.5))
        if dungeon.entrance["skull_statue"]:
            view.symbols.append(Symbol("statue", x + 1.6, y + 0.5))
    else:
        view.symbols.append(Symbol("stairs-up", x + 0.5, y + 0.5))
    return view


def _symbol_spots(area: Area) -> list[tuple[float, float]]:
    """Centres of the area's squares, the label's first, spread out for symbols."""
    cells = sorted(area.cells, key=lambda c: (c[1], c[0]))
    if area.shape.rect is not None:
        x, y, w, h = area.shape.rect
        middle = (x + w // 2, y + h // 2)
        ordered = [middle] + sorted(cells, key=lambda c: -((c[0] - middle[0]) ** 2 + (c[1] - middle[1]) ** 2))
    else:
        middle = cells[len(cells) // 2]
        ordered = [middle] + cells[::2]
    seen, spots = set(), []
    for cell in ordered:
        if cell in seen:
            continue
        if spots and any(abs(cell[0] - s[0]) + abs(cell[1] - s[1]) < 2 for s in seen):
            continue
        seen.add(cell)
        spots.append((cell[0] + 0.5, cell[1] + 0.5))
    return spots


def area_symbols(area: Area, level: Level) -> list[str]:
    contents = area.contents
    kind = contents["kind"]
    symbols = []
    if kind == "stairs-down" or contents.get("extra_stairs"):
        symbols.append("stairs-down")
    if kind == "stairs-up-trap":
        symbols.append("stairs-up")
    trap = contents.get("trap")
    if trap:
        symbols.append({"chute": "chute", "razor-chute": "chute", "teleport": "teleport"}.get(trap["kind"], "trap"))
    if kind == "crypt":
        symbols.append("coffins")
    if "creatures" in contents:
        symbols.append("rival" if contents["creatures"].get("rivals") else "creatures")
    if kind in ("loot", "loot-chest"):
        symbols.append("chest")
    if kind == "fountain":
        symbols.append("fountain")
    if "hoard" in contents:
        symbols.append("hoard")
    return symbols


# --- cover --------------------------------------------------------------------------------


def draw_cover(c, width: float, height: float, dungeon: Dungeon) -> None:
    margin = mm(22)
    c.setFillGray(0)
    c.setFont(fonts.MONO_BOLD, 60)
    c.drawCentredString(width / 2, height - mm(60), "@")
    c.setFont(fonts.SERIF_BOLD, 26)
    c.drawCentredString(width / 2, height - mm(80), dungeon.name)
    c.setFont(fonts.SERIF_ITALIC, 12)
    c.drawCentredString(width / 2, height - mm(90), f"A one-shot dungeon of {len(dungeon.levels)} levels for Roguelike: A RPG of Commercial At Heroes")
    entrance = dungeon.entrance
    text = entrance["description"]
    if entrance["secret"]:
        text += " It is hidden behind a statue carved as a giant skull; only those who search the statue find the way in."
    lines = fonts.wrap_text(f"The way in: {entrance['name']}. {text}", fonts.SERIF, 11, width - 2 * margin)
    y = height - mm(110)
    c.setFont(fonts.SERIF, 11)
    for line in lines:
        c.drawCentredString(width / 2, y, line)
        y -= 15
    areas = sum(len(level.areas) for level in dungeon.levels)
    fights = sum(1 for level in dungeon.levels for a in level.areas if "creatures" in a.contents)
    traps = sum(1 for level in dungeon.levels for a in level.areas if "trap" in a.contents)
    y -= 10
    c.setFont(fonts.SERIF, 10)
    c.drawCentredString(width / 2, y, f"{areas} areas · {fights} encounters · {traps} traps · a hoard at the bottom")
    y -= mm(16)
    c.setFont(fonts.SERIF_BOLD, 11)
    c.drawString(margin, y, "How to run it")
    y -= 15
    how = [
        "Each level has two maps: the referee's, with every area numbered in walking order, and the players' blank sheet with only the way in marked.",
        "The key after the maps lists each area: what it is, what is in it, every creature's full stat line, and where each door leads (→ 7).",
        "Creature health is already rolled. Loot is rolled too; creatures with loot carry what the key lists.",
        "One square is five feet. Print at actual size (100 %): the scale bar and the squares measure ¼ inch.",
    ]
    c.setFont(fonts.SERIF, 10)
    for item in how:
        for i, line in enumerate(fonts.wrap_text(item, fonts.SERIF, 10, width - 2 * margin - 12)):
            c.drawString(margin, y, ("• " if i == 0 else "   ") + line)
            y -= 13
        y -= 3
    c.setFont(fonts.MONO, 8)
    c.drawCentredString(width / 2, mm(22), f"seed code {dungeon.seed_code}")
    c.setFont(fonts.SERIF_ITALIC, 8)
    c.drawCentredString(width / 2, mm(16), "Roguelike: A RPG of Commercial At Heroes is by James D. Hargrove. This dungeon was rolled on its tables by printgen.")


# --- the key ----------------------------------------------------------------------------

STYLES = {
    "h1": ParagraphStyle("h1", fontName=fonts.SERIF_BOLD, bulletFontName=fonts.SERIF, fontSize=16, leading=20, spaceAfter=6),
    "h2": ParagraphStyle("h2", fontName=fonts.SERIF_BOLD, bulletFontName=fonts.SERIF, fontSize=11, leading=14, spaceBefore=7, spaceAfter=2),
    "body": ParagraphStyle("body", fontName=fonts.SERIF, bulletFontName=fonts.SERIF, fontSize=9, leading=11.5),
    "small": ParagraphStyle("small", fontName=fonts.SERIF, bulletFontName=fonts.SERIF, fontSize=8, leading=10),
    "cell": ParagraphStyle("cell", fontName=fonts.SERIF, bulletFontName=fonts.SERIF, fontSize=8, leading=9.5),
}


def p(text: str, style: str = "body") -> Paragraph:
    return Paragraph(text, STYLES[style])


def key_story(dungeon: Dungeon) -> list:
    story = []
    for level in dungeon.levels:
        story.append(CondPageBreak(mm(60)))
        story.append(p(f"Level {level.number}: the key", "h1"))
        if level.number == 1:
            e = dungeon.entrance
            hidden = " Hidden behind a giant skull statue." if e["secret"] else ""
            story.append(p(f"<b>Entrance.</b> {escape(e['name'])}: {escape(e['description'])}{hidden} It opens into area 1."))
        else:
            story.append(p(f"<b>Arrival.</b> The stairs (and chutes) from level {level.number - 1} come down in area 1."))
        for area in level.areas:
            story.append(KeepTogether(area_entry(area)))
    return story


def area_entry(area: Area) -> list:
    natural = " (natural)" if area.type in ("Cavern", "Chamber") else ""
    head = f"{area.number} · {area.type}{natural}: {escape(area.features['size'])}"
    parts = [p(head, "h2")]
    lines = []
    contents = area.contents
    lines.append(f"<b>Contents:</b> {escape(contents_summary(area))}")
    trap = contents.get("trap")
    if trap:
        lines.append(
            f"<b>Trap:</b> {escape(trap['name'])} (2d6 roll {trap['roll']}). Damage: {escape(trap['damage'])}. "
            f"A Thief spots and disarms it on 2d6 ≤ {trap['saving_roll']}."
        )
    fountain = contents.get("fountain")
    if fountain:
        lines.append(f"<b>Fountain</b> (1d6 roll {fountain['roll']}): {escape(fountain['result'])}. {escape(fountain['effect'])}")
    for loot in contents.get("loot", []):
        lines.append(f"<b>Loot:</b> {escape(loot['result'])} (2d6 roll {loot['roll']}).")
    hoard = contents.get("hoard")
    if hoard:
        items = "; ".join(escape(l["result"]) for l in hoard["loot"])
        lines.append(f"<b>{escape(hoard['text'])}</b> {items}.")
    if contents.get("extra_stairs"):
        lines.append(f"<b>Stairs down:</b> {escape(contents['extra_stairs'])}.")
    for link in area.links:
        if link.get("text"):
            lines.append(f"<b>{escape(link['kind'].replace('-', ' ').capitalize())}:</b> {escape(link['text'])}.")
    lines.append("<b>Ways out:</b> " + escape(exits_text(area)))
    if area.features.get("extra_exit"):
        lines.append(f"<i>{escape(area.features['extra_exit'].capitalize())}.</i>")
    parts += [p(line) for line in lines]
    creatures = contents.get("creatures")
    if creatures:
        parts.append(Spacer(1, 2))
        parts.append(creature_table(creatures))
    return parts


def contents_summary(area: Area) -> str:
    contents = area.contents
    kind = contents["kind"]
    creatures = contents.get("creatures")
    if creatures:
        who = f"{creatures['count']} × {creatures['name']} ({creatures['list']})"
        if kind == "crypt":
            return f"Coffins and crypts ({contents['coffins']} coffins) and their undead: {who}."
        return who + "."
    return {
        "empty": "Empty.",
        "trap": "A trap.",
        "stairs-down": "A staircase down.",
        "stairs-up-trap": "A staircase up, and a trap.",
        "loot": "Loot.",
        "loot-chest": "A loot chest.",
        "fountain": "A fountain.",
    }.get(kind, contents["text"])


def exits_text(area: Area) -> str:
    parts = []
    for exit_ in area.exits:
        where = {0: "north", 2: "east", 4: "south", 6: "west"}.get(exit_.heading, "")
        name = DOOR_NAMES[exit_.kind]
        target = f"→ {exit_.to}" if exit_.to is not None else f"— {exit_.dead_end}"
        parts.append(f"{name} ({where}) {target}")
    if area.entered_from is not None:
        parts.append(f"back → {area.entered_from}")
    return "; ".join(parts) if parts else "none but the way in"


def creature_table(group: dict) -> Table:
    cell = STYLES["cell"]
    if group.get("rivals"):
        header = ["#", "Rival", "Health", "Speed", "Attack", "Defense", "Power", "Int.", "Damage", "Abilities", "Loot"]
        rows = [
            [str(i), f"{r['race']} {r['occupation']}", r["health"], r["speed"], r["attack"], r["defense"], r["power"], r["intellect"],
             Paragraph(escape(r["damage"]), cell), Paragraph(escape(", ".join(r["abilities"]) or "none"), cell),
             Paragraph(escape("; ".join(l["result"] for l in r["loot"])), cell)]
            for i, r in enumerate(group["rivals"], 1)
        ]
        widths = [14, 78, 34, 30, 34, 38, 30, 24, 60, 80, 84]
    else:
        header = ["#", "Creature", "Health", "Speed", "Attack", "Defense", "Damage", "Loot"]
        rows = [
            [str(i), group["name"], str(ind["health"]), group["speed"], group["attack"], group["defense"],
             Paragraph(escape(group["damage"]), cell),
             Paragraph(escape("; ".join(l["result"] for l in ind["loot"]) or ("none" if group["loot"] == "No" else "nothing this time")), cell)]
            for i, ind in enumerate(group["individuals"], 1)
        ]
        widths = [14, 100, 40, 34, 38, 42, 100, 138]
    data = [header] + [[str(v) if not isinstance(v, Paragraph) else v for v in row] for row in rows]
    note = group.get("note")
    table = Table(data, colWidths=widths, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), fonts.SERIF_BOLD, 7.5),
                ("FONT", (0, 1), (-1, -1), fonts.SERIF, 8),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.Color(0.6, 0.6, 0.6)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    if note:
        return Table([[table], [Paragraph(f"<i>{escape(note)}</i>", STYLES["small"])]], hAlign="LEFT",
                     style=[("FONT", (0, 0), (-1, -1), fonts.SERIF, 8), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                            ("TOPPADDING", (0, 0), (-1, -1), 0)])
    return table


# --- rules reference -------------------------------------------------------------------------


def rules_story() -> list:
    story = [p("Rules at a glance", "h1")]
    story.append(p("<b>Who acts first.</b> Everyone in the fight rolls 1d6 and adds Speed; the highest goes first. Ties roll again."))
    story.append(p(
        "<b>On your turn, do one thing.</b> <i>Attack:</i> roll 2d6; equal to or above your Attack hits. "
        "<i>Defend:</i> until your next turn, when a hit would land on you, roll 2d6; equal to or under your Defense turns it aside. "
        "<i>Cast a spell</i> or <i>pray</i>: name it, cross it off, say what it does plainly. "
        "<i>Use another ability</i> (Pick, Sneak, Berserk, Dodge, Repair, Heal). "
        "<i>Run away:</i> 2d6 + Speed, equal to or above the foe's Speed and you escape; otherwise you lose your next turn. "
        "<i>End it:</i> a character may take their own life; they die at once. No one moves during a fight except to flee."
    ))
    story.append(p(
        "<b>Damage.</b> A hit deals DMG = (WDR + PWR) − AR: the weapon's damage rating plus the attacker's Power, less the target's armor. "
        "Creatures' listed damage already includes their Power. A spell or miracle uses its own rating plus the caster's Intellect. "
        "At 0 Health a character falls unconscious; below 0 they are dead, for good."
    ))
    story.append(p(
        "<b>Special attacks.</b> Poison: 3 damage a round until cured. Curse: as the miracle (−3 Speed, Power, Health and Intellect until lifted). "
        "Paralyze: as the spell (lose 1d6 turns)."
    ))
    story.append(p(
        "<b>Traps.</b> A Thief who enters a trapped area rolls 2d6; equal to or under the trap's saving roll finds and disarms it. "
        "Anyone else sets it off."
    ))
    points = rules.data_list("points").items
    rows = [["Living characters earn", "Points"]] + [[i["name"], str(i["points"])] for i in points if i["who"] == "living"]
    rows += [["A dead character's player, now a referee, earns", ""]] + [[i["name"], str(i["points"])] for i in points if i["who"] == "dead"]
    table = Table(rows, colWidths=[330, 50], hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), fonts.SERIF, 9),
        ("FONT", (0, 0), (-1, 0), fonts.SERIF_BOLD, 9),
        ("FONT", (0, len([i for i in points if i["who"] == "living"]) + 1), (-1, len([i for i in points if i["who"] == "living"]) + 1), fonts.SERIF_BOLD, 9),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]))
    story += [Spacer(1, 6), p("<b>Points and levels.</b> Every 20 points is a level. At each level, choose one:"), Spacer(1, 2)]
    story += [p("• " + escape(i["name"])) for i in rules.data_list("level-up").items]
    story += [Spacer(1, 4), table, Spacer(1, 8)]
    story.append(p("<b>Winning.</b> Alone, score 100 points before you die. In a group, the most points wins; a tie is settled by a duel."))
    story.append(Spacer(1, 8))
    story.append(p("Where the rules are silent, this dungeon decides", "h2"))
    for choice in rules.choices():
        story.append(p(f"<b>{escape(choice['topic'])}.</b> {escape(choice['text'])}", "small"))
    for line in (
        "A door the dice give a room leads on from it: the way in is not one of them.",
        "Each level holds at most the --rooms number of areas; doors beyond that are bricked up. A passage that would run into another area or off the page ends in rubble.",
        "If the dice give a level no way down, its farthest area gets a staircase down. Stairs and chutes land in area 1 of the level below.",
        "The deepest level's stairs and chutes lead to the hoard, in its farthest area: three rolls on the loot table and 50 gold pieces.",
        "A teleport trap sends its victims to another area of the same level, named in the key.",
    ):
        story.append(p(escape(line), "small"))
    return story
