"""The Roguelike dungeon's sections, for the player the rules let play alone.

"If you're playing Roguelike solo, winning is a simple matter of scoring 100
points or more before your character dies": the same dungeon the Referee's
booklet prints, area by area, as numbered sections a lone player turns
between, learning only what the character finds. The sections (their keys):

- ``way-in`` (section 1): the entrance, as the Dungeon Entrances matrix rolled it;
- ``L.A``: each area of each level: what one sees coming in, the events that
  wait there the first time (a gate: "if you have not ticked 214, turn to
  214"), and every way on with its direction, each doorway the dungeon's
  JSON lists for it (its own and those of other areas that lead into it);
- ``L.A/trap``, ``/disarmed``, ``/sprung``: a trap, the Thief's saving roll
  and each outcome; ``L.A/fight``, ``/won``, ``/fled``: creatures; ``L.A/loot``,
  ``/fountain``, ``/hoard``: what there is to take or drink, once;
- ``L/down``, ``L/up/A``, ``L/up``: the stairs between levels (and out);
- ``surface``, ``dead``, ``won``: the three endings.

Locked doors are ticked open on the play sheet as DOOR 1, DOOR 2, … (their
numbers shuffled by the seed). The rules the sections lean on (how to fight
alone, locked doors, poison, points) are printed once, on the How to play
alone page, with the choices made where the rules leave a Referee to decide
(data/solo.toml).
"""

from __future__ import annotations

from typing import Any

from ...contracts import Request
from ...gamebook.model import (
    CHOOSE,
    DIED,
    LEFT,
    WON,
    Book,
    Option,
    Section,
    Step,
    Way,
    end,
    go,
    if_not_ticked,
    mark,
    ref,
    text,
    tick,
)
from ...maps.level import Area, Doorway, Level, doorways
from ...seed import Rng
from . import key, rules
from .generate import Dungeon
from .rules import say

WAY_IN, SURFACE, DEAD, VICTORY = "way-in", "surface", "dead", "won"
WIN_POINTS = 100  # "winning is a simple matter of scoring 100 points or more"
LOCKED = ("locked-wooden", "locked-iron", "locked-portcullis")


def hub(level: int, area: int) -> str:
    return f"{level}.{area}"


def event(level: int, area: int, what: str) -> str:
    return f"{level}.{area}/{what}"


def points(name: str) -> int:
    """A row of the Points table by its code."""
    return next(item["points"] for item in rules.data_list("points").items if item["code"] == name)


# --- the doorways of an area ---------------------------------------------------------------------


def locked_doors(dungeon: Dungeon) -> list[tuple[int, int, int]]:
    """Each locked door that leads somewhere, by (level, the area listing it, its exit)."""
    return [(level.number, area.number, i) for level in dungeon.levels for area in level.areas
            for i, e in enumerate(area.exits) if e.kind in LOCKED and e.leads == "area" and e.at is not None]


def door_marks(dungeon: Dungeon, rng: Rng) -> dict[tuple[int, int, int], int]:
    """Each locked door's number on the play sheet's DOOR row: shuffled, so a door's number says nothing of
    where it is."""
    doors = locked_doors(dungeon)
    numbers = list(range(1, len(doors) + 1))
    rng.shuffle(numbers)
    return dict(zip(doors, numbers))


def door_mark(number: int) -> str:
    return f"door-{number}"


# --- the book ------------------------------------------------------------------------------------------


def book(dungeon: Dungeon, request: Request) -> Book:
    made = Book({}, WAY_IN, {"dead": DEAD, "won": VICTORY})
    doors = door_marks(dungeon, request.code.stream("solo", "doors"))
    made.add(way_in(dungeon))
    for level in dungeon.levels:
        shut_in = pocket(level)
        for area in level.areas:
            for section in area_sections(dungeon, level, area, doors, area.number in shut_in):
                made.add(section)
    for section in stairs(dungeon):
        made.add(section)
    made.add(Section(SURFACE, "end", [text(say("solo.end.surface")), end(say("solo.end.surface-end"), LEFT)]))
    made.add(Section(DEAD, "end", [text(say("solo.end.dead")), end(say("solo.end.count"), DIED)]))
    made.add(Section(VICTORY, "end", [text(say("solo.end.won", points=WIN_POINTS)), end(say("solo.end.count"), WON)]))
    return made


def way_in(dungeon: Dungeon) -> Section:
    e = dungeon.entrance
    row = next(r for r in rules.tables()["entrance"].rows if r["kind"] == e["kind"])
    steps = [text(say("solo.way-in", name=dungeon.name, description=row["description"]))]
    if e["secret"]:
        steps.append(text(say("solo.way-in-hidden", hidden=say("entrance.hidden"))))
    steps.append(Step(CHOOSE, options=(
        Option(say("solo.go-in", to=ref(hub(1, dungeon.levels[0].arrival))), Way(hub(1, dungeon.levels[0].arrival))),
        Option(say("solo.go-home", to=ref(SURFACE)), Way(SURFACE), leaves=True),
    )))
    return Section(WAY_IN, "entrance", steps, 1)


def area_sections(dungeon: Dungeon, level: Level, area: Area, doors: dict, shut_in: bool) -> list[Section]:
    """The area's own section (``shut_in``: in a pocket no door leads to from the level's arrival) and its
    events'."""
    contents = area.data["contents"]
    here = hub(level.number, area.number)
    sections: list[Section] = []
    gates: list[Step] = []
    if contents.get("trap"):
        sections += trap_sections(dungeon, level, area)
        gates.append(_gate(event(level.number, area.number, "trap")))
    if contents.get("creatures"):
        sections += fight_sections(dungeon, level, area)
        gates.append(_gate(event(level.number, area.number, "fight")))
    actions: list[Option] = []
    for what in ("loot", "fountain", "hoard"):
        made = take_section(level, area, what)
        if made is not None:
            sections.append(made)
            actions.append(Option(say(f"solo.take.{what}", mark=mark(made.key), to=ref(made.key)),
                                  Way(made.key), lacks=(made.key,)))
    steps = [text(say("solo.area", description=_description(area), size=key.size_words(area)))]
    seen = _seen(dungeon, level, area)
    if seen:
        steps.append(text(" ".join(seen)))
    steps += gates
    steps.append(Step("leave", say("solo.leave", mark=mark(here), points=points("surviving")), "note",
                      data={"mark": here, "points": points("surviving")}))
    found = doorways(level, area)
    wall = walls(found)
    shut = list(dict.fromkeys(_shut(d, w) for d, w in zip(found, wall) if not d.passable))  # said once
    if shut:
        steps.append(text(" ".join(shut), "note"))
    options = actions + _stairs_options(dungeon, level, area)
    for doorway, where in zip(found, wall):
        if doorway.passable:
            options += _door_options(level, doorway, where, doors)
    if level.number == 1 and area.number == level.arrival and level.way_in is not None:
        options.append(Option(say("solo.way.out", door=_door_name(level.way_in.kind), to=ref(WAY_IN)), Way(WAY_IN)))
    if shut_in:  # only a trap led here, and every door out is shut: dig back towards the rest of the level
        back = way_back(dungeon, level, _pocket_root(level, area))
        options.append(Option(say("solo.way.dig", to=ref(back)), Way(back)))
    steps.append(Step(CHOOSE, options=tuple(options)))
    data = {"doorways": [_doorway_data(level, d) for d in found]}
    return [Section(here, "area", steps, level.number, area.number, data)] + sections


def _gate(key_: str) -> Step:
    return if_not_ticked(say("solo.gate", mark=mark(key_), to=ref(key_)), (key_,), key_)


def _description(area: Area) -> str:
    row = next(r for r in rules.tables()["room-type"].rows if r.result == area.type)
    return row["description"]


def _seen(dungeon: Dungeon, level: Level, area: Area) -> list[str]:
    """What one sees coming in, besides the place itself (creatures and traps wait behind the gates)."""
    contents = area.data["contents"]
    kind = contents["kind"]
    seen = []
    if kind == "crypt":
        seen.append(say("solo.seen.crypt", coffins=contents["coffins"]))
    if kind in ("loot-chest", "loot", "fountain"):
        seen.append(say(f"solo.seen.{kind}"))
    if any(link.kind == "stairs-down" for link in area.links) or _stairs_below(dungeon, level, area):
        seen.append(say("solo.seen.stairs-down"))
    if any(link.kind == "stairs-up" for link in area.links):
        seen.append(say("solo.seen.stairs-up"))
    if "hoard" in area.data:
        seen.append(say("solo.seen.hoard"))
    return seen


def _door_name(kind: str) -> str:
    return say(f"door.{kind}")


def walls(found: list[Doorway]) -> list[str]:
    """The wall each doorway stands in, as a reader tells them apart: a second door in the same wall is
    further along it."""
    seen: dict[str | None, int] = {}
    words = []
    for doorway in found:
        seen[doorway.side] = seen.get(doorway.side, 0) + 1
        words.append(say("solo.wall.first", side=doorway.side) if seen[doorway.side] == 1
                     else say("solo.wall.again", side=doorway.side))
    return words


def _shut(doorway: Doorway, wall: str) -> str:
    """A way the dungeon leaves for the table to roll (or with no room beyond): shut, seen from here."""
    if doorway.leads == "dead-end" or doorway.kind == "dead-end":
        return say("solo.way.dead-end")
    if doorway.kind in ("open", "arch"):
        return say("solo.way.choked", side=doorway.side)
    if "portcullis" in doorway.kind:
        return say("solo.way.stuck", door=_door_name(doorway.kind), wall=wall)
    return say("solo.way.jammed", door=_door_name(doorway.kind), wall=wall)


def _locked(doorway: Doorway) -> bool:
    return doorway.kind in LOCKED


def _door_options(level: Level, doorway: Doorway, wall: str, doors: dict) -> list[Option]:
    to = hub(level.number, doorway.other)
    if doorway.kind == "open":
        return [Option(say("solo.way.open", side=doorway.side, to=ref(to)), Way(to))]
    door = _door_name(doorway.kind)
    if not _locked(doorway):
        return [Option(say("solo.way.door", door=door, wall=wall, to=ref(to)), Way(to))]
    number = doors[(level.number, doorway.owner, doorway.exit)]
    marked = door_mark(number)
    return [
        Option(say("solo.way.locked", door=door, wall=wall, number=number, to=ref(to)), Way(to),
               needs=(marked,)),
        Option("", Way(to, ticks=(marked,), cost={"spend": "Pick"}), lacks=(marked,), asks={"ability": "Pick"}),
        Option("", Way(to, ticks=(marked,)), lacks=(marked,), test={"force": "power"},
               failed=Way(None, cost={"health": 1})),
    ]


def _stairs_below(dungeon: Dungeon, level: Level, area: Area) -> bool:
    """Whether stairs from the level below come up in this area (and so lead down from it)."""
    below = next((l for l in dungeon.levels if l.number == level.number + 1), None)
    return below is not None and any(link.kind == "stairs-up" and link.area == area.number
                                     for a in below.areas for link in a.links)


def _stairs_options(dungeon: Dungeon, level: Level, area: Area) -> list[Option]:
    found = []
    if _stairs_below(dungeon, level, area):
        found.append(Option(say("solo.take.stairs-down", to=ref(down_key(level.number))), Way(down_key(level.number))))
    for link in area.links:
        if link.kind == "stairs-down":
            found.append(Option(say("solo.take.stairs-down", to=ref(down_key(level.number))),
                                Way(down_key(level.number))))
        elif link.kind == "stairs-up":
            target = up_key(level.number, link)
            found.append(Option(say("solo.take.stairs-up", to=ref(target)), Way(target), leaves=link.level == 0))
    return list({o.way.to: o for o in found}.values())  # one staircase is one way, however many link it


def _doorway_data(level: Level, doorway: Doorway) -> dict[str, Any]:
    return {"kind": doorway.kind, "secret": doorway.secret, "side": doorway.side, "leads": doorway.leads,
            "to": doorway.other,
            "own": doorway.own, "owner": doorway.owner, "exit": doorway.exit,
            "turn_to": ref(hub(level.number, doorway.other)) if doorway.passable else None}


def pocket(level: Level) -> set[int]:
    """The areas of a level no door leads to from its arrival: those a trap's teleport opened, and what lies
    behind them. Every other area is walked back to the arrival, whose stairs (or the way in) lead up."""
    found, queue = {level.arrival}, [level.arrival]
    while queue:
        for doorway in doorways(level, level.area(queue.pop())):
            if doorway.passable and doorway.other not in found:
                found.add(doorway.other)
                queue.append(doorway.other)
    return {area.number for area in level.areas} - found


def _pocket_root(level: Level, area: Area) -> Area:
    """The area a trap sends one into, of the pocket of areas ``area`` lies in (reached by no door)."""
    while area.entered_from is not None:
        area = level.area(area.entered_from)
    return area


def way_back(dungeon: Dungeon, level: Level, area: Area) -> str:
    """Where one runs to from an area: the area it was reached from as the dungeon grew, else (the first of a
    level) up the stairs or out the way in, else (a teleport's landing) the area whose trap sent one here."""
    if area.entered_from is not None:
        return hub(level.number, area.entered_from)
    if area.number == level.arrival:
        if level.number == 1:
            return WAY_IN
        up = next(link for link in area.links if link.kind == "stairs-up")
        return up_key(level.number, up)
    source = next(a for a in level.areas if any(l.kind == "teleport" and l.area == area.number for l in a.links))
    return hub(level.number, source.number)


# --- events --------------------------------------------------------------------------------------------


def trap_sections(dungeon: Dungeon, level: Level, area: Area) -> list[Section]:
    trap = area.data["contents"]["trap"]
    here, key_ = hub(level.number, area.number), event(level.number, area.number, "trap")
    disarmed, sprung = event(level.number, area.number, "disarmed"), event(level.number, area.number, "sprung")
    sections = [
        Section(key_, "trap", [
            tick(say("solo.trap.tick", mark=mark(key_)), key_),
            Step("thief-trap", say("solo.trap.roll", save=trap["saving_roll"], disarmed=ref(disarmed),
                                   sprung=ref(sprung)),
                 ways={"disarmed": Way(disarmed), "sprung": Way(sprung)}, data={"save": trap["saving_roll"]},
                 ends=True),
        ], level.number),
        Section(disarmed, "trap-disarmed", [
            text(say("solo.trap.disarmed", name=trap["name"])),
            Step("score", say("solo.score", points=points("disarming")), data={"points": points("disarming")}),
            _after_disarming(level, area, here),
        ], level.number),
    ]
    steps = [text(say("solo.trap.sprung", name=trap["name"]))]
    if trap["kind"] == "disintegrator":
        steps.append(go(say("solo.trap.death", to=ref(DEAD)), DEAD))
    else:
        steps += _trap_effect(trap)
        onward = next((link for link in area.links if link.kind in ("chute", "teleport")), None)
        if onward is not None:
            target = hub(onward.level, onward.area)
            steps.append(go(say(f"solo.trap.{onward.kind}", to=ref(target)), target))
        else:
            steps.append(go(say("solo.back", to=ref(here)), here))
    sections.append(Section(sprung, "trap-sprung", steps, level.number))
    return sections


def _after_disarming(level: Level, area: Area, here: str) -> Step:
    """Back to the area; or, for a chute or a teleport made safe, through it on purpose."""
    onward = next((link for link in area.links if link.kind in ("chute", "teleport")), None)
    if onward is None:
        return go(say("solo.back", to=ref(here)), here)
    target = hub(onward.level, onward.area)
    return Step(CHOOSE, options=(Option(say(f"solo.trap.{onward.kind}-anyway", to=ref(target)), Way(target)),
                                 Option(say("solo.back", to=ref(here)), Way(here))))


def _trap_effect(trap: dict[str, Any]) -> list[Step]:
    """What a sprung trap does to the one who set it off, before they go on."""
    found = []
    dice = _trap_row(trap).get("damage_dice")
    if dice:
        found.append(Step("hurt", say("solo.hurt", dice=dice, dead=ref(DEAD)), ways={"dead": Way(DEAD)},
                          data={"dice": dice}))
    if trap["kind"] == "arrows":
        found.append(Step("poison", say("solo.trap.poison"), data={"dice": "1d6"}))
    if trap["kind"] == "rune":
        found.append(Step("curse", say("solo.curse", rule=rules.special_rule("Curse"))))
    return found


def _trap_row(trap: dict[str, Any]):
    return next(r for r in rules.tables()["traps"].rows if r["kind"] == trap["kind"])


def fight_sections(dungeon: Dungeon, level: Level, area: Area) -> list[Section]:
    contents = area.data["contents"]
    group = contents["creatures"]
    here = hub(level.number, area.number)
    key_, won, fled = (event(level.number, area.number, what) for what in ("fight", "won", "fled"))
    back = way_back(dungeon, level, area)
    crypt = contents["kind"] == "crypt"
    steps = [text(say("solo.fight.crypt", count=group["count"], name=group["name"]) if crypt
                  else say("solo.fight.meet", count=group["count"], name=group["name"]))]
    foes = _foes(group)
    steps.append(text("\n".join(line for _, line in foes), "stats"))
    if not group.get("rivals"):
        for special, rule in rules.special_rules(rules.creature(group["name"])):
            steps.append(text(say("encounter.special", name=special, rule=rule), "note"))
    else:
        steps.append(text(say("encounter.rivals", rule=say("rival.rule")), "note"))
    speed = max(foe["speed"] for foe, _ in foes)
    steps.append(text(say("solo.fight.round", speed=speed), "note"))
    how = say("solo.fight.how", won=ref(won), fled=ref(fled), dead=ref(DEAD), points=points("killing-blow"))
    sneak = say("solo.fight.sneak", mark=mark(key_), to=ref(here))
    steps.append(Step("fight", f"{how} {sneak}",
                      ways={"won": Way(won), "fled": Way(fled), "sneak": Way(here, ticks=(key_,)),
                            "dead": Way(DEAD)},
                      data={"foes": [stats for stats, _ in foes]}, ends=True))
    loot = [item for foe in (group.get("rivals") or group["individuals"]) for item in foe["loot"]]
    won_steps = [tick(say("solo.fight.won", mark=mark(key_)), key_)]
    if loot:
        won_steps.append(Step("loot", say("solo.loot.bodies", items=_loot_words(loot)), data={"items": loot}))
    else:
        won_steps.append(text(say("solo.loot.none")))
    won_steps.append(go(say("solo.back", to=ref(here)), here))
    return [
        Section(key_, "fight", steps, level.number),
        Section(won, "fight-won", won_steps, level.number),
        Section(fled, "fight-fled", [text(say("solo.fight.fled")), go(say("solo.fight.run", to=ref(back)), back)],
                level.number),
    ]


def _foes(group: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Each kind of foe's stat line as the fight prints it, and its numbers for a reader."""
    if group.get("rivals"):
        return [({"name": f"{r['race']} {r['occupation']}", "speed": r["speed"], "attack": r["attack"],
                  "defense": r["defense"], "damage": str(r["weapon_rating"] + r["power"]), "health": [r["health"]],
                  "specials": []},
                 say("solo.fight.rival", race=r["race"], occupation=r["occupation"], speed=r["speed"],
                     attack=r["attack"], defense=r["defense"], damage=r["weapon_rating"] + r["power"],
                     health=r["health"]))
                for r in group["rivals"]]
    row = rules.creature(group["name"])
    health = [max(1, one["health"]) for one in group["individuals"]]
    stats = {"name": group["name"], "speed": group["speed"], "attack": group["attack"], "defense": group["defense"],
             "damage": row.get("damage_dice", "0"), "health": health, "specials": list(group["specials"]),
             "harmless_poison": group.get("harmless_poison", False)}
    line = say("solo.fight.stats", name=group["name"].upper(), speed=group["speed"], attack=group["attack"],
               defense=group["defense"], damage=group["damage"],
               health=say("solo.fight.healths", each=", ".join(str(h) for h in health)))
    return [(stats, line)]


def _loot_words(loot: list[dict[str, Any]]) -> str:
    return "; ".join(say("solo.loot.item", item=_loot_name(item), points=item["points"]) for item in loot)


def _loot_name(item: dict[str, Any]) -> str:
    row = rules.tables()["loot"].lookup(item["roll"]) if item["roll"] is not None else None
    if row is not None and row["kind"] in ("weapon", "armor"):
        return say(f"solo.loot.{row['kind']}")
    return item["result"].rstrip(".")


def take_section(level: Level, area: Area, what: str) -> Section | None:
    """The loot, the fountain or the hoard of an area, taken (or drunk) once; None if it has none."""
    contents = area.data["contents"]
    here = hub(level.number, area.number)
    key_ = event(level.number, area.number, what)
    steps = [tick(say("solo.took", mark=mark(key_)), key_)]
    if what == "loot" and contents.get("loot"):
        steps.append(Step("loot", say("solo.loot.found", items=_loot_words(contents["loot"])),
                          data={"items": contents["loot"]}))
    elif what == "fountain" and contents.get("fountain"):
        row = rules.tables()["fountain"].lookup(contents["fountain"]["roll"])
        steps.append(Step("drink", key.fountain_effect(row) + ".", data={"good": row["good"]}))
    elif what == "hoard" and "hoard" in area.data:
        loot = area.data["hoard"]["loot"]
        steps.append(Step("loot", say("solo.loot.hoard", items=_loot_words(loot)), data={"items": loot}))
        steps.append(Step("check-win", say("solo.check-win", points=WIN_POINTS, to=ref(VICTORY)),
                          ways={"won": Way(VICTORY)}))
    else:
        return None
    steps.append(go(say("solo.back", to=ref(here)), here))
    return Section(key_, what, steps, level.number)


# --- between levels --------------------------------------------------------------------------------------


def down_key(level: int) -> str:
    return f"{level}/down"


def up_key(level: int, link) -> str:
    return f"{level}/up" if link.level == 0 else f"{level}/up/{link.area}"


def stairs(dungeon: Dungeon) -> list[Section]:
    found: dict[str, Section] = {}
    last = dungeon.levels[-1].number
    for level, below in zip(dungeon.levels, dungeon.levels[1:]):  # every level above another has stairs down
        target = hub(below.number, below.arrival)
        found[down_key(level.number)] = Section(down_key(level.number), "stairs", [
            text(say("solo.stairs.down", level=below.number)), go(say("solo.on", to=ref(target)), target)],
            level.number)
    for level in dungeon.levels:
        for area in level.areas:
            for link in area.links:
                if link.kind == "stairs-down" and down_key(level.number) not in found:
                    target = hub(link.level, link.area)
                    words = (say("solo.stairs.vault") if level.number == last
                             else say("solo.stairs.down", level=link.level))
                    found[down_key(level.number)] = Section(down_key(level.number), "stairs", [
                        text(words), go(say("solo.on", to=ref(target)), target)], level.number)
                elif link.kind == "stairs-up" and up_key(level.number, link) not in found:
                    target = SURFACE if link.level == 0 else hub(link.level, link.area)
                    words = say("solo.stairs.out") if link.level == 0 else say("solo.stairs.up", level=link.level)
                    found[up_key(level.number, link)] = Section(up_key(level.number, link), "stairs", [
                        text(words), go(say("solo.on", to=ref(target)), target)], level.number)
    return list(found.values())

