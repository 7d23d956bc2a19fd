"""The shared map engine: levels of areas on a square grid, for every game's dungeons.

It knows squares, shapes, walls and doors; it knows no game's rules and no
page of any game. A game brings its dice, its door kinds and its symbols.

Shapes (``shapes``): masks of cells in their own frame, with where they may
be entered and where they open on by themselves.
    rectangle(w, h), hallway(length, width), right_triangle(leg),
    circle(diameter), polyomino(squares, rng)       rooms: enter through any rim square
    right_triangle(leg, diagonal=True), diagonal_room(along, across),
    diagonal_hallway(length, start, end), walled_circle(diameter),
    within(kind, box, nw, se, sw, ne)                straight 45° walls through half squares
                                                     (``Shape.cuts``: a square with its corner on
                                                     a diagonal side cut away, a half of floor):
                                                     a right triangle, a rectangle turned 45°, a
                                                     hallway at 45° (its ends cropped to the grid
                                                     or not), an octagon, any convex room
    round_room(diameter)                             drawn as a circle (``Shape.curved``), holding
                                                     its whole box; a door on any unit of it
    rotated(shape, eighths, diagonal_walls=False)    any room turned by 45° steps; quarter turns
                                                     turn half squares too; odd eighths step the
                                                     walls, or run them straight (diagonal_walls)
    chamfered(shape)                                 every outer corner of a step cut at 45°
    passage(heading, width, runs, arms, open_end)    a banded passage: runs such as
        ((0, 5), (-2, 5)) turn 90° left after 5 squares; ((0, 3), (1, 3)) turn 45° right
        and keep the new heading; arms fork from the end: ((-1, 2), (1, 2)) a Y,
        ((-2, 2), (2, 2)) a T, ((-2, 2), (0, 2), (2, 2)) a crossing. Cached: pass tuples.
    Outlines come from the cells (``geometry.outline``; with half squares
    ``Shape.outline()``), so a shape covers exactly its area (``floor_area``).
    ``Shape.walls`` are the units of wall a door may stand in, (cell, side), a
    diagonal side being a half square's 45° wall; ``walls.facing(shape,
    direction)`` those a door going ``direction`` may take (a 45° unit takes
    both directions it faces), ``walls.runs`` straight stretches of them.

Adjacency (``adjacency``): ROCK_GAP (a square of rock between areas; doors
open through a one-square doorway) or SHARED_WALL (a room shares a wall with
the one it was entered from; doors stand in the shared wall), or your own
``Adjacency(name, gap, must_touch_parent)``.

A level (``level``): ``Level(number, width, height)`` holds ``Area``s (number,
type, shape, exits, links, entered_from, rolls, data), each ``Exit`` (kind,
secret, at, side, heading, to, leads, rolled) and ``Link`` (kind, level,
area). An exit may take several units of wall (``wall``, its
first unit being ``at``/``side``; a long opening onto more than one area lists
the others in ``also``), stand inside its area (``inside``: a stair or a
teleporter in square ``at``), or be the far side of a door another area lists
(``far_side``, drawn once, from that area). Two areas may share a 45° wall,
each holding its half of the squares it runs through; a door in a 45° unit
opens into the other half of its own square (``Exit.far_units``), and
``Floor`` says whose half is whose. ``Level.as_data()`` is the shared JSON contract (see
docs/contracts.md); ``Level.data``, ``Area.data`` and ``Exit.data`` carry a game's own
fields beside it (``wall``, ``also``, ``inside``, ``far_side`` and, for a
door in a 45° wall or inside, ``heading`` appear in the JSON only when set).
``Grid(width, height, rule, overflow, weigh)`` keeps areas apart while a
level grows; ``width`` × ``height`` is the map the game hopes to keep to (a
page's worth of squares, an input the game chooses), ``overflow`` how many
squares beyond it an area may go when nothing fits within it (one number, or
across and down), ``weigh`` how many places to weigh for each area (the one
nearest the map's middle wins; past the map, the one that grows the level's
map least).
``Level.way_in`` is the Exit of no area a level is entered by from the map's
edge, when it has one.

Placing (``placement``): a game rolls an area into a ``Plan(type, forms,
doors, rolls, data, open_kind)``: ``forms(heading)`` gives the shapes it may
take when entered going that heading (a passage built for the heading, a
room in each orientation the game allows), ``doors`` the ``Exit``s the dice
gave it, without places yet. The engine chooses which wall a door is in,
which way the area turns and where along the wall it stands.

Steps (``steps``), one module each, run in this order:
    first_area.place_first(level, grid, plan, rng, way_in)   the first area, at a way in or anywhere
    grow.grow(level, grid, roll, max_areas, rng, reopen, apart)
        roll(attempt) -> Plan; areas are numbered in walking order; passages
        that run into an area open into it (join.join_open_ends); ``reopen``
        names the door kind the game adds when exits run out early (marked
        rolled=False); ``apart(area)`` names links that must lead to a new
        area of their own (placed apart, reached by the link, not a door)
    settle_doors.settle_doors(level, grid, rng)   places doors still unplaced; a door
        facing an area opens into it; one with no room keeps at=None
    fit_map.fit_map(level)                        grows the map only where areas reach past it
    way_down.ensure_way_down(level, is_way_down, add)
    link_levels.link_levels(levels, is_way_down, last_target)
For shared-wall levels a mapper draws door by door, ``explore.Explorer(level,
grid, rules)`` replaces first_area/grow/settle_doors: the game dictates each
door's wall and direction (``door_on_wall(area, kind, direction, shortest,
longest, choose)``, ``door_inside``, ``add_door``), and the engine explores
doors first made first until none opens on unmapped squares, asking the game
through ``rules``: ``behind`` (roll and place an area against the door's wall:
``placements_behind`` finds where each form fits, the game shrinks it),
``fill`` (its doors and contents), ``shared_wall`` (a new door opens onto a
mapped area: make it secret?) and ``inside`` (a teleporter's far end; its
``free_cells``, ``placements_over``). A long door's far squares may fall in
two areas: it opens onto both.
Every exit ends leading "area", "level", "dead-end", "unexplored" (left for
the table) or "blocked" (no room on the map).

Checks (``checks.check_level(level, rule, last, is_way_down)``): no overlap,
the adjacency rule, doors in walls (every unit of a long one; a door inside
in one of its squares; each area it opens onto reached), every area
reachable, a way down on every level but the last, fits its map. Generators
and tests run the same checks.

Symbols (``symbols``, ``glyphs``): a game registers its door kinds and marks
(``mark(..., anchored=True)``: one that stands where its thing is, stairs or a
trap, and never leaves its area for a callout):
    Symbols(blocked_label=..., secret_label=...).door("iron", glyphs.door(0), "iron door")
        .door("locked-iron", glyphs.locked(glyphs.door(0)), "locked iron door")
        .mark("trap", glyphs.warning("T"), "trap")
    Symbols(secret_label=...).wall_door("crumble", glyphs.wavy(), "crumbling wall")
        .wall_door("walldoor", glyphs.opening("C", glyphs.DASHED), "walldoor")
        .wall_mark("murder-hole", glyphs.on_wall(glyphs.diamond, 0.2), "murder hole")
(``wall_door``: drawn along the whole of its wall, however many units, 45°
ones too, the wall there being the glyph's to draw: ``wavy``, ``opening``
(posts and a letter), ``ticked`` (a tick per unit, or a few), ``on_wall``
(wall with a glyph across); a door inside an area is drawn with its kind's
glyph in the quarter of its square toward its heading.)
Secret doors are any kind with ``Exit.secret``: an S on the referee's map,
plain wall on the players' (a door drawn along its wall stays wall, the S
over it).

Drawing (``draw``): ``draw_level(canvas, Region(left, top, pitch, columns,
rows), level, symbols, rule, Content(marks, loose, doors, players), view,
origin)`` (``loose``: marks at a point, perhaps just off the map, such as a
way in; ``players``: marks shown on the players' maps only; ``on_walls``:
wall marks; ``notes``: words written under an area's number, on its floor
(whole squares, the floor half of half squares, a round room's circle), clear
of its walls and door and mark symbols, at 6 pt or more; notes that cannot fit
leave the number alone on the map, for the key to carry them; ``shown_on_blank``: areas drawn on blank
paper as the players first see them)
with view GM, LAYOUT (walls and doors, no secrets, no contents) or BLANK
(graph paper and the way in; ``caves``: areas drawn with a rough cave wall
inside their squares, seeded by ``cave_seed``, see ``caves``). Numbers and
marks each get a square of their own inside their area (``spots``), growing
with the square on squares over a quarter inch. Where two areas meet with
nothing drawn between them, a dotted threshold parts them (``draw_walls``).
Areas with half squares are drawn to their 45°
walls; curved ones as circles
broken only where their doorways open (``draw_shaped``); an area's notes and
the doors inside it are placed by ``draw_notes``. ``draw_level`` takes a
``style`` (``draw_style.MapStyle``: grey, hatched or ink-saver, the option
``MAP_STYLE_OPTION`` every dungeon game declares) and ``shown`` (the squares
all of a level's sheets show, where callouts may stand), and returns where
everything went. Walls, and the wall line each door glyph stands on (wall at
both its ends), are ``draw_walls``'; where every glyph and word goes, none
covering another (an area's number in a callout on the rock when its squares
are full, a "?" past each unexplored exit), is ``spots.layout`` (through
``draw.map_layout``).

The map page (``frame``): ``MapPage(level, symbols, rule, content, view,
title, who, scale, legend, notes, ...)`` is what a game gives (its words,
symbols and numbers: margins, a fixed square size or as large as the page
holds, a window of squares or the page's grid); ``frame.plan(page, paper)``
works out its sheets (the level centred on the page's grid; with
``least_pitch``, the fewest sheets: one page at the largest square, two
halves cut where they share the areas evenly, or the fewest sheets at the
largest square that gives them, each naming the areas it shows), ``frame.draw_sheet``
draws one;
the page's furniture is drawn there too (``draw_legend``, ``draw_scale``,
``draw_overlap_marks``, ``draw_sheet_index``), for a game that lays out a
page of its own.
"""
