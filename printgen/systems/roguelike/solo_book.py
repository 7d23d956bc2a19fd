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

from collections.abc import Mapping
from dataclasses import replace
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
    key_of,
    mark,
    ref,
    text,
    tick,
)
from ...maps.level import Area, Doorway, Level, doorways
from ...seed import Rng
from ...words import Words
from . import key, rules
from .generate import Dungeon

WAY_IN, SURFACE, DEAD, VICTORY = "way-in", "surface", "dead", "won"
WIN_POINTS = 100  # "winning is a simple matter of scoring 100 points or more"
LOCKED = ("locked-wooden", "locked-iron", "locked-portcullis")
POISON_PER_ROUND = 3  # the rules' Poison: "3 points of damage per round ... until they are cured"


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
    say = request.words.say_for(__package__)
    made = Book({}, WAY_IN, {"dead": DEAD, "won": VICTORY})
    doors = door_marks(dungeon, request.code.stream("solo", "doors"))
    danger = dangers(request.words, dungeon)
    arrive = landings(dungeon, danger)
    made.add(way_in(request.words, dungeon))
    for level in dungeon.levels:
        shut_in = pocket(level)
        for area in level.areas:
            for section in area_sections(request.words, dungeon, level, area, doors, area.number in shut_in, arrive):
                made.add(section)
            if hub(level.number, area.number) in arrive:
                made.add(landing(request.words, dungeon, level, area, danger[hub(level.number, area.number)]))
    for section in stairs(request.words, dungeon):
        made.add(section)
    fled = [section for section in made.sections.values() if section.kind == "fight-fled"]
    for section in fled:  # twice: the second time, each knows the ways back of the others that lead into it
        section.steps.append(run_back(request.words, dungeon, made, section))
    for section in fled:
        section.steps[-1] = run_back(request.words, dungeon, made, section)
    made.add(Section(SURFACE, "end", [text(say("solo.end.surface")), end(say("solo.end.surface-end"), LEFT)]))
    made.add(Section(DEAD, "end", [text(say("solo.end.dead")), end(say("solo.end.count"), DIED)]))
    made.add(Section(VICTORY, "end", [text(say("solo.end.won", points=WIN_POINTS)), end(say("solo.end.count"), WON)]))
    warn(request.words, dungeon, made)
    return made


def way_in(phrasebooks: Words, dungeon: Dungeon) -> Section:
    say = phrasebooks.say_for(__package__)
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


def area_sections(phrasebooks: Words, dungeon: Dungeon, level: Level, area: Area, doors: dict, shut_in: bool,
                  arrive: Mapping[str, str]) -> list[Section]:
    """The area's own section (``shut_in``: in a pocket no door leads to from the level's arrival) and its
    events' (``arrive``: where a chute or a teleport sets one down, by the area it leads to, as ``landings``)."""
    say = phrasebooks.say_for(__package__)
    contents = area.data["contents"]
    here = hub(level.number, area.number)
    sections: list[Section] = []
    gates: list[Step] = []
    if contents.get("trap"):
        sections += trap_sections(phrasebooks, dungeon, level, area, arrive)
        gates.append(_gate(phrasebooks, event(level.number, area.number, "trap")))
    if contents.get("creatures"):
        sections += fight_sections(phrasebooks, dungeon, level, area)
        gates.append(_gate(phrasebooks, event(level.number, area.number, "fight")))
    actions: list[Option] = []
    for what in ("loot", "fountain", "hoard"):
        made = take_section(phrasebooks, level, area, what)
        if made is not None:
            sections.append(made)
            actions.append(Option(say(f"solo.take.{what}", mark=mark(made.key), to=ref(made.key)),
                                  Way(made.key), lacks=(made.key,)))
    steps = [text(say("solo.area", description=_description(area), size=key.size_words(phrasebooks, area)))]
    seen, beyond = _seen(phrasebooks, area)
    if seen:
        steps.append(text(" ".join(seen)))
    steps += gates
    if beyond:  # stairs and the hoard are reached past whatever waits at the door
        steps.append(text(" ".join(beyond)))
    steps.append(Step("points", say("solo.leave", mark=mark(here), points=points("surviving")), "note",
                      data={"points": points("surviving"), "once": mark(here)}))
    found = doorways(level, area)
    wall = walls(phrasebooks, found)
    shut = list(dict.fromkeys(_shut(phrasebooks, d, w) for d, w in zip(found, wall) if not d.passable))  # said once
    if shut:
        steps.append(text(" ".join(shut), "note"))
    options = actions + _stairs_options(phrasebooks, level, area) + _on_purpose(phrasebooks, level, area, arrive)
    for doorway, where in zip(found, wall):
        if doorway.passable:
            options += _door_options(phrasebooks, level, doorway, where, doors)
    if level.number == 1 and area.number == level.arrival and level.way_in is not None:
        options.append(Option(say("solo.way.out", door=_door_name(phrasebooks, level.way_in.kind), to=ref(WAY_IN)),
                              Way(WAY_IN)))
    if shut_in:  # only a trap led here, and every door out is shut: dig back towards the rest of the level
        back = way_back(dungeon, level, _pocket_root(level, area))
        options.append(Option(say("solo.way.dig", to=ref(back)), Way(back)))
    steps.append(Step(CHOOSE, options=tuple(options)))
    data = {"doorways": [_doorway_data(level, d) for d in found]}
    for section in sections:  # a trap, a fight, a chest: still in the area
        section.place = here
    return [Section(here, "area", steps, level.number, area.number, data)] + sections


def _gate(phrasebooks: Words, key_: str) -> Step:
    say = phrasebooks.say_for(__package__)
    return if_not_ticked(say("solo.gate", mark=mark(key_), to=ref(key_)), (key_,), key_)


def _description(area: Area) -> str:
    row = next(r for r in rules.tables()["room-type"].rows if r.result == area.type)
    return row["description"]


def _seen(phrasebooks: Words, area: Area) -> tuple[list[str], list[str]]:
    """What one sees coming in, besides the place itself, before whatever waits at the door (creatures and traps
    wait behind the gates), and what lies past it: the stairs the dungeon's key gives the area, the hoard."""
    say = phrasebooks.say_for(__package__)
    contents = area.data["contents"]
    kind = contents["kind"]
    seen, beyond = [], []
    if kind == "crypt":
        seen.append(say("solo.seen.crypt", coffins=contents["coffins"]))
    if kind in ("loot-chest", "loot", "fountain"):
        seen.append(say(f"solo.seen.{kind}"))
    if any(link.kind == "stairs-down" for link in area.links):
        beyond.append(say("solo.seen.stairs-down"))
    if any(link.kind == "stairs-up" for link in area.links):
        beyond.append(say("solo.seen.stairs-up"))
    if "hoard" in area.data:
        beyond.append(say("solo.seen.hoard"))
    return seen, beyond


def _door_name(phrasebooks: Words, kind: str) -> str:
    say = phrasebooks.say_for(__package__)
    return say("solo.door.open") if kind == "open" else say(f"door.{kind}")


def walls(phrasebooks: Words, found: list[Doorway]) -> list[str]:
    """The wall each doorway stands in, as a reader tells them apart: a second door in the same wall is second
    along it, a third third."""
    say = phrasebooks.say_for(__package__)
    nth = say("solo.wall.nth").split()
    seen: dict[str | None, int] = {}
    words = []
    for doorway in found:
        seen[doorway.side] = seen.get(doorway.side, 0) + 1
        count = seen[doorway.side]
        words.append(say("solo.wall.first", side=doorway.side) if count == 1
                     else say("solo.wall.again", side=doorway.side, nth=nth[min(count - 2, len(nth) - 1)]))
    return words


def _shut(phrasebooks: Words, doorway: Doorway, wall: str) -> str:
    """A way the dungeon leaves for the table to roll (or with no room beyond): shut, seen from here."""
    say = phrasebooks.say_for(__package__)
    if doorway.leads == "dead-end" or doorway.kind == "dead-end":
        return say("solo.way.dead-end")
    if doorway.kind in ("open", "arch"):
        return say("solo.way.choked", way=_door_name(phrasebooks, doorway.kind), wall=wall)
    if "portcullis" in doorway.kind:
        return say("solo.way.stuck", door=_door_name(phrasebooks, doorway.kind), wall=wall)
    return say("solo.way.jammed", door=_door_name(phrasebooks, doorway.kind), wall=wall)


def _locked(doorway: Doorway) -> bool:
    return doorway.kind in LOCKED


def _door_options(phrasebooks: Words, level: Level, doorway: Doorway, wall: str, doors: dict) -> list[Option]:
    say = phrasebooks.say_for(__package__)
    to = hub(level.number, doorway.other)
    door = _door_name(phrasebooks, doorway.kind)
    if doorway.kind == "open":
        return [Option(say("solo.way.open", way=door, wall=wall, to=ref(to)), Way(to))]
    if not _locked(doorway):
        return [Option(say("solo.way.door", door=door, wall=wall, to=ref(to)), Way(to))]
    number = doors[(level.number, doorway.owner, doorway.exit)]
    marked = door_mark(number)
    return [
        Option(say("solo.way.locked", door=door, wall=wall, number=number, to=ref(to)), Way(to),
               needs=(marked,)),
        Option("", Way(to, ticks=(marked,), cost={"spend": "Pick"}), lacks=(marked,), asks={"ability": "Pick"}),
        Option("", Way(to, ticks=(marked,)), lacks=(marked,), test={"skill": "Power", "dice": "2d6", "at_most": True},
               failed=Way(None, cost={"health": 1})),
    ]


def _stairs_options(phrasebooks: Words, level: Level, area: Area) -> list[Option]:
    """The area's staircases, as the dungeon's key gives them (stairs that come up from below into an area whose
    own way down is a chute are the key's stairs up from there, not a way down from here)."""
    say = phrasebooks.say_for(__package__)
    found = []
    for link in area.links:
        if link.kind == "stairs-down":
            target = down_key(level.number, area.number)
            found.append(Option(say("solo.take.stairs-down", to=ref(target)), Way(target)))
        elif link.kind == "stairs-up":
            target = up_key(level.number, area.number)
            found.append(Option(say("solo.take.stairs-up", to=ref(target)), Way(target), leaves=link.level == 0))
    return list({o.way.to: o for o in found}.values())  # one staircase is one way, however many link it


def _on_purpose(phrasebooks: Words, level: Level, area: Area, arrive: Mapping[str, str]) -> list[Option]:
    """A chute or a teleport a trap opened, once it has gone off or been made safe: still there to take."""
    say = phrasebooks.say_for(__package__)
    onward = next((link for link in area.links if link.kind in ("chute", "teleport")), None)
    if onward is None or onward.level is None or onward.area is None:
        return []
    target, trap = _arrival(arrive, onward), event(level.number, area.number, "trap")
    return [Option(say(f"solo.take.{onward.kind}", mark=mark(trap), to=ref(target)), Way(target), needs=(trap,))]


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
        return up_key(level.number, area.number)
    source = next(a for a in level.areas if any(l.kind == "teleport" and l.area == area.number for l in a.links))
    return hub(level.number, source.number)


# --- events --------------------------------------------------------------------------------------------


def trap_sections(phrasebooks: Words, dungeon: Dungeon, level: Level, area: Area,
                  arrive: Mapping[str, str]) -> list[Section]:
    say = phrasebooks.say_for(__package__)
    trap = area.data["contents"]["trap"]
    here, key_ = hub(level.number, area.number), event(level.number, area.number, "trap")
    disarmed, sprung = event(level.number, area.number, "disarmed"), event(level.number, area.number, "sprung")
    sections = [
        Section(key_, "trap", [
            tick(say("solo.trap.tick", mark=mark(key_)), key_),
            Step("test", say("solo.trap.roll", save=trap["saving_roll"], disarmed=ref(disarmed),
                                   sprung=ref(sprung)),
                 ways={"passed": Way(disarmed), "failed": Way(sprung)},
                 data={"skill": "saving roll", "only": "Thief", "dice": "2d6", "target": trap["saving_roll"],
                       "at_most": True},
                 ends=True),
        ], level.number),
        Section(disarmed, "trap-disarmed", [
            text(say("solo.trap.disarmed", name=trap["name"])),
            Step("points", say("solo.score", points=points("disarming")), data={"points": points("disarming")}),
            _after_disarming(phrasebooks, level, area, here, arrive),
        ], level.number),
    ]
    steps = [text(say("solo.trap.sprung", name=trap["name"]))]
    if trap["kind"] == "disintegrator":
        steps.append(go(say("solo.trap.death", to=ref(DEAD)), DEAD))
    else:
        steps += _trap_effect(phrasebooks, trap)
        onward = next((link for link in area.links if link.kind in ("chute", "teleport")), None)
        if onward is not None:
            target = _arrival(arrive, onward)
            steps.append(go(say(f"solo.trap.{onward.kind}", to=ref(target)), target))
        else:
            steps.append(go(say("solo.back", to=ref(here)), here))
    sections.append(Section(sprung, "trap-sprung", steps, level.number))
    return sections


def _after_disarming(phrasebooks: Words, level: Level, area: Area, here: str, arrive: Mapping[str, str]) -> Step:
    """Back to the area; or, for a chute or a teleport made safe, through it on purpose."""
    say = phrasebooks.say_for(__package__)
    onward = next((link for link in area.links if link.kind in ("chute", "teleport")), None)
    if onward is None:
        return go(say("solo.back", to=ref(here)), here)
    target = _arrival(arrive, onward)
    return Step(CHOOSE, options=(Option(say(f"solo.trap.{onward.kind}-anyway", to=ref(target)), Way(target)),
                                 Option(say("solo.back", to=ref(here)), Way(here))))


def _trap_effect(phrasebooks: Words, trap: dict[str, Any]) -> list[Step]:
    """What a sprung trap does to the one who set it off, before they go on."""
    say = phrasebooks.say_for(__package__)
    found = []
    dice = _trap_row(trap).get("damage_dice")
    if dice:
        found.append(Step("damage", say("solo.hurt", dice=dice, dead=ref(DEAD)), ways={"dead": Way(DEAD)},
                          data={"dice": dice}))
    if trap["kind"] == "arrows":
        found.append(Step("poison", say("solo.trap.poison"), data={"dice": "1d6"}))
    if trap["kind"] == "rune":
        found.append(Step("curse", say("solo.curse", rule=rules.special_rule(phrasebooks, "Curse"))))
    return found


def _trap_row(trap: dict[str, Any]):
    return next(r for r in rules.tables()["traps"].rows if r["kind"] == trap["kind"])


def fight_sections(phrasebooks: Words, dungeon: Dungeon, level: Level, area: Area) -> list[Section]:
    say = phrasebooks.say_for(__package__)
    contents = area.data["contents"]
    group = contents["creatures"]
    here = hub(level.number, area.number)
    key_, won, fled = (event(level.number, area.number, what) for what in ("fight", "won", "fled"))
    crypt = contents["kind"] == "crypt"
    steps = [text(say("solo.fight.crypt", count=group["count"], name=group["name"]) if crypt
                  else say("solo.fight.meet", count=group["count"], name=group["name"]))]
    foes = _foes(phrasebooks, group)
    steps.append(text("\n".join(line for _, line in foes), "stats"))
    if not group.get("rivals"):
        for special, rule in rules.special_rules(phrasebooks, rules.creature(group["name"])):
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
                      data={"creatures": [stats for stats, _ in foes],
                            "first": {"by": "roll", "dice": "1d6", "creatures": speed},
                            "flee": {"dice": "2d6", "target": speed}}, ends=True))
    loot = [item for foe in (group.get("rivals") or group["individuals"]) for item in foe["loot"]]
    won_steps = [tick(say("solo.fight.won", mark=mark(key_)), key_)]
    if loot:
        won_steps.append(Step("loot", say("solo.loot.bodies", items=_loot_words(phrasebooks, loot)),
                              data={"items": _loot_data(phrasebooks, loot)}))
    else:
        won_steps.append(text(say("solo.loot.none")))
    won_steps.append(go(say("solo.back", to=ref(here)), here))
    return [
        Section(key_, "fight", steps, level.number),
        Section(won, "fight-won", won_steps, level.number),
        Section(fled, "fight-fled", [text(say("solo.fight.fled", mark=mark(key_)))], level.number),
    ]


def _foes(phrasebooks: Words, group: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Each kind of foe's stat line as the fight prints it, and its numbers for a reader."""
    say = phrasebooks.say_for(__package__)
    if group.get("rivals"):
        return [({"name": f"{r['race']} {r['occupation']}", "count": 1, "speed": r["speed"], "attack": r["attack"],
                  "defense": r["defense"], "damage": str(r["weapon_rating"] + r["power"]), "health": [r["health"]],
                  "specials": []},
                 say("solo.fight.rival", race=r["race"], occupation=r["occupation"], speed=r["speed"],
                     attack=r["attack"], defense=r["defense"], damage=r["weapon_rating"] + r["power"],
                     health=r["health"]))
                for r in group["rivals"]]
    row = rules.creature(group["name"])
    health = [max(1, one["health"]) for one in group["individuals"]]
    stats = {"name": group["name"], "count": len(health), "speed": group["speed"], "attack": group["attack"], "defense": group["defense"],
             "damage": row.get("damage_dice", "0"), "health": health, "specials": list(group["specials"]),
             "harmless_poison": group.get("harmless_poison", False)}
    line = say("solo.fight.stats", name=group["name"].upper(), speed=group["speed"], attack=group["attack"],
               defense=group["defense"], damage=group["damage"],
               health=say("solo.fight.healths", each=", ".join(str(h) for h in health)))
    return [(stats, line)]


def _loot_words(phrasebooks: Words, loot: list[dict[str, Any]]) -> str:
    say = phrasebooks.say_for(__package__)
    return "; ".join(say("solo.loot.item", item=_loot_name(phrasebooks, item), points=item["points"]) for item in loot)


def _loot_data(phrasebooks: Words, loot: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Loot as a step's data: each piece's name as printed, its points, and the Loot table's roll and row."""
    return [{"name": _loot_name(phrasebooks, item), "points": item["points"], "roll": item["roll"],
             "result": item["result"],
             "kind": _loot_kind(item)} for item in loot]


def _loot_kind(item: dict[str, Any]) -> str:
    row = rules.tables()["loot"].lookup(item["roll"]) if item["roll"] is not None else None
    return row["kind"] if row is not None else "other"


def _loot_name(phrasebooks: Words, item: dict[str, Any]) -> str:
    say = phrasebooks.say_for(__package__)
    row = rules.tables()["loot"].lookup(item["roll"]) if item["roll"] is not None else None
    if row is not None and row["kind"] in ("weapon", "armor"):
        return say(f"solo.loot.{row['kind']}")
    return item["result"].rstrip(".")


def take_section(phrasebooks: Words, level: Level, area: Area, what: str) -> Section | None:
    """The loot, the fountain or the hoard of an area, taken (or drunk) once; None if it has none."""
    say = phrasebooks.say_for(__package__)
    contents = area.data["contents"]
    here = hub(level.number, area.number)
    key_ = event(level.number, area.number, what)
    steps = [tick(say("solo.took", mark=mark(key_)), key_)]
    if what == "loot" and contents.get("loot"):
        steps.append(Step("loot", say("solo.loot.found", items=_loot_words(phrasebooks, contents["loot"])),
                          data={"items": _loot_data(phrasebooks, contents["loot"])}))
    elif what == "fountain" and contents.get("fountain"):
        row = rules.tables()["fountain"].lookup(contents["fountain"]["roll"])
        steps.append(Step("heal", key.fountain_effect(phrasebooks, row) + ".", data={"dice": "1d6"}) if row["good"]
                     else Step("poison", key.fountain_effect(phrasebooks, row) + ".",
                               data={"amount": POISON_PER_ROUND}))
    elif what == "hoard" and "hoard" in area.data:
        loot = area.data["hoard"]["loot"]
        steps.append(Step("loot", say("solo.loot.hoard", items=_loot_words(phrasebooks, loot)),
                          data={"items": _loot_data(phrasebooks, loot)}))
        steps.append(Step("check-win", say("solo.check-win", points=WIN_POINTS, to=ref(VICTORY)),
                          ways={"won": Way(VICTORY)}, data={"points": WIN_POINTS}))
    else:
        return None
    steps.append(go(say("solo.back", to=ref(here)), here))
    return Section(key_, what, steps, level.number)


# --- between levels --------------------------------------------------------------------------------------


def down_key(level: int, area: int) -> str:
    return f"{level}.{area}/down"


def up_key(level: int, area: int) -> str:
    return f"{level}.{area}/up"


def stairs(phrasebooks: Words, dungeon: Dungeon) -> list[Section]:
    """A section for each staircase the dungeon's key gives an area, down or up (the stairs out of the dungeon
    among them), in the order of the levels and their areas."""
    say = phrasebooks.say_for(__package__)
    found: dict[str, Section] = {}
    last = dungeon.levels[-1].number
    for level in dungeon.levels:
        for area in level.areas:
            here = hub(level.number, area.number)
            for link in area.links:
                if link.kind == "stairs-down" and down_key(level.number, area.number) not in found:
                    target = hub(link.level, link.area)
                    words = (say("solo.stairs.vault") if level.number == last
                             else say("solo.stairs.down", level=link.level))
                    key_ = down_key(level.number, area.number)
                    found[key_] = Section(key_, "stairs", [text(words), go(say("solo.on", to=ref(target)), target)],
                                          level.number, data={"from": ref(here)})
                elif link.kind == "stairs-up" and up_key(level.number, area.number) not in found:
                    target = SURFACE if link.level == 0 else hub(link.level, link.area)
                    words = say("solo.stairs.out") if link.level == 0 else say("solo.stairs.up", level=link.level)
                    key_ = up_key(level.number, area.number)
                    found[key_] = Section(key_, "stairs", [text(words), go(say("solo.on", to=ref(target)), target)],
                                          level.number, data={"from": ref(here)})
    return list(found.values())


# --- the signs of what waits beyond a way ----------------------------------------------------------------


def dangers(phrasebooks: Words, dungeon: Dungeon) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Each area's dangers, by its section, and what a way into it shows of each (as words' values): what gives
    its trap away, the creatures by name and number."""
    say = phrasebooks.say_for(__package__)
    found = {}
    for level in dungeon.levels:
        for area in level.areas:
            contents = area.data["contents"]
            signs = []
            if contents.get("trap"):
                signs.append(("trap", {"telltale": say(f"solo.telltale.{contents['trap']['kind']}")}))
            group = contents.get("creatures")
            if group:
                signs.append(("creatures", {"count": group["count"], "name": group["name"]}))
            found[hub(level.number, area.number)] = signs
    return found


def landing_key(level: int, area: int) -> str:
    return f"{level}.{area}/landing"


def landings(dungeon: Dungeon, danger: Mapping[str, list[tuple[str, dict[str, Any]]]]) -> dict[str, str]:
    """Where a chute or a teleport sets one down, by the area it leads to: the edge of that area, unseen (its
    ``landing`` section), where a trap or creatures wait in it (solo.toml: Landing); else the area itself."""
    found = {}
    for level in dungeon.levels:
        for area in level.areas:
            for link in area.links:
                if link.kind in ("chute", "teleport") and link.level is not None and link.area is not None:
                    target = hub(link.level, link.area)
                    if danger.get(target):
                        found[target] = landing_key(link.level, link.area)
    return found


def _arrival(arrive: Mapping[str, str], link: Any) -> str:
    """The section a chute's or a teleport's ``link`` sets one down in."""
    target = hub(link.level, link.area)
    return arrive.get(target, target)


def landing(phrasebooks: Words, dungeon: Dungeon, level: Level, area: Area,
            signs: list[tuple[str, dict[str, Any]]]) -> Section:
    """The edge of an area a chute or a teleport sets one down in, before anything there has noticed: what waits
    there, as a doorway shows it, and the choice to step in or to slip away along the walls by any way out that
    is open (none: digging back towards the rest of the level, as one who runs from a fight there would)."""
    say = phrasebooks.say_for(__package__)
    here = hub(level.number, area.number)
    seen = [say(f"solo.sign.{sign}", where=say("solo.sign.here"), **values) for sign, values in signs]
    steps = [text(" ".join([say("solo.landing.text", level=level.number)] + seen))]
    options = [Option(say("solo.landing.in", to=ref(here)), Way(here), warns=tuple(sign for sign, _ in signs))]
    found = doorways(level, area)
    for doorway, wall in zip(found, walls(phrasebooks, found)):
        if doorway.passable and not _locked(doorway):
            to = hub(level.number, doorway.other)
            options.append(Option(say("solo.landing.out", way=_way_words(phrasebooks, doorway, wall), to=ref(to)),
                                  Way(to)))
    if len(options) == 1:
        _, back = way_out(phrasebooks, dungeon, level, area)
        options.append(Option(say("solo.landing.dig", to=ref(back)), Way(back)))
    steps.append(Step(CHOOSE, options=tuple(options)))
    return Section(landing_key(level.number, area.number), "landing", steps, level.number, place=here)


def warn(phrasebooks: Words, dungeon: Dungeon, book: Book) -> None:
    """Every way into a place with a trap or creatures shows what one sees of it before stepping in, as a fair
    Referee tells it (solo.toml: What you see from the doorway), through a doorway or down the stairs; not the
    way back one came by, which one knows."""
    say = phrasebooks.say_for(__package__)
    danger = dangers(phrasebooks, dungeon)
    for section in book.sections.values():
        for index, step in enumerate(section.steps):
            if step.kind != CHOOSE:
                continue
            options = []
            for option in step.options:
                into = beyond(book, option.way.to)
                signs = danger.get(into, []) if into is not None and not option.came_from and not option.warns else []
                if signs:
                    dug = option.way.to is not None and option.text in (say("solo.way.dig", to=ref(option.way.to)),
                                                                        say("solo.landing.dig", to=ref(option.way.to)))
                    onward = any(need.endswith("/trap") for need in option.needs) or section.kind == "trap-disarmed" or dug
                    where = say("solo.sign.onward") if onward else _where(phrasebooks, book, option.way.to)
                    words = " ".join(say(f"solo.sign.{sign}", where=where, **values) for sign, values in signs)
                    option = replace(option, text=f"{option.text} {words}" if option.text else "",
                                     warns=tuple(sign for sign, _ in signs))
                options.append(option)
            section.steps[index] = replace(step, options=tuple(options))


def _where(phrasebooks: Words, book: Book, key: str | None) -> str:
    """Where one sees what waits: beyond a doorway, at the far end of the stairs."""
    say = phrasebooks.say_for(__package__)
    if key is not None and book.sections[key].kind == "stairs":
        return say("solo.sign.below") if key.endswith("/down") else say("solo.sign.above")
    return say("solo.sign.beyond")


def beyond(book: Book, key: str | None) -> str | None:
    """The area a way leads into: its own section, the one the stairs it leads to come out in, or the one a
    landing is the edge of."""
    if key is None:
        return None
    section = book.sections[key]
    if section.kind == "stairs":
        return section.steps[-1].ways["go"].to
    if section.kind == "landing":
        return section.where
    return key if section.kind == "area" else None


# --- running back the way one came -----------------------------------------------------------------------


def run_back(phrasebooks: Words, dungeon: Dungeon, book: Book, fled: Section) -> Step:
    """The ways back from a fight one runs from: by the way one came into its place (a door, the stairs, the way
    in), each open only to those who came that way; and for one who fell or was sent there, the nearest way
    out. Every way a reader may come into the place is one of them, so no reader is left without."""
    say = phrasebooks.say_for(__package__)
    here = fled.where
    area_section = book.sections[here]
    level = next(l for l in dungeon.levels if l.number == area_section.level)
    assert area_section.area is not None  # a fight happens in an area
    area = level.area(area_section.area)
    found = doorways(level, area)
    wall = walls(phrasebooks, found)
    ways: dict[str, Option] = {}
    others: list[str] = []
    inside = {key_ for key_, section in book.sections.items() if section.where == here}
    for key_, section in book.sections.items():
        if section.where == here or inside.isdisjoint(section.targets()):
            continue
        origin = book.sections[section.where]
        if section.kind in ("area", "fight-fled") and origin.kind == "area":  # through a door (running, perhaps)
            doors = [_way_words(phrasebooks, d, w) for d,
                     w in zip(found, wall) if d.passable and d.other == origin.area]
            if doors:
                back = origin.key
                if back in ways:
                    ways[back] = replace(ways[back], came_from=ways[back].came_from + (key_,))
                else:
                    ways[back] = Option(say("solo.flee.door", door=say("solo.flee.or").join(doors), to=ref(back)),
                                        Way(back), came_from=(key_,))
            else:  # dug through to
                others.append(key_)
        elif section.kind == "entrance":
            ways[key_] = Option(say("solo.flee.out", to=ref(key_)), Way(key_), came_from=(key_,))
        elif section.kind == "stairs":
            source = key_of(section.data["from"])
            down = key_.endswith("/down")
            words = say("solo.flee.up", to=ref(source)) if down else say("solo.flee.down", to=ref(source))
            ways[key_] = Option(words, Way(source), came_from=(key_,))
        else:  # a chute or a teleport: no way back by it
            others.append(key_)
    options = list(ways.values())
    if others:
        way, nearest = way_out(phrasebooks, dungeon, level, area)
        options.append(Option(say("solo.flee.fell", way=way, to=ref(nearest)) if way
                              else say("solo.flee.dig", to=ref(nearest)), Way(nearest), came_from=tuple(others)))
    return Step(CHOOSE, options=tuple(options))


def way_out(phrasebooks: Words, dungeon: Dungeon, level: Level, area: Area) -> tuple[str | None, str]:
    """The nearest way out of an area for one who fell or was sent into it: the first doorway that is open to
    walk through (not locked), in words, and where it leads; none, no words and the way one digs back towards
    the rest of the level."""
    found = doorways(level, area)
    for doorway, wall in zip(found, walls(phrasebooks, found)):
        if doorway.passable and not _locked(doorway):
            return _way_words(phrasebooks, doorway, wall), hub(level.number, doorway.other)
    return None, way_back(dungeon, level, _pocket_root(level, area))


def _way_words(phrasebooks: Words, doorway: Doorway, wall: str) -> str:
    """A doorway as a running reader knows it: "the iron door in the west wall"."""
    say = phrasebooks.say_for(__package__)
    return say("solo.flee.way", door=_door_name(phrasebooks, doorway.kind), wall=wall)

