"""The Rogue Like Roguelike campaign's sections, for the rogue the rules let play "single-player with but a
few changes".

The ten levels ``printgen dungeon`` rolls, door by door, as numbered sections
a lone rogue turns between. The sections (their keys):

- ``way-in`` (section 1): the top of the stairs into the Dungeon of Chaos;
- ``L.A``: each area of each level: what one sees coming in (a room's size
  and feature, a corridor's length), the events that wait there the first
  time (a gate: "if you have not ticked 214, turn to 214"), and every way on
  with its wall: doors, locked doors (ticked open on the play sheet by their
  numbers), false doors (like any other until opened: ``L.A/false1``… say
  what is behind each), and secret doors, shown to a rogue whose search (or
  whose hack at the terminal) found them. A chasm or cliff splits its room:
  the section names the ways beyond it, and crossing is a roll;
- ``L.A/trap1``…, ``/disarmed1``…, ``/sprung1``…: each trap, the Disable Trap
  roll and both outcomes; ``L.A/fight``, ``/won``, ``/fled``: the room's
  monsters; ``L.A/loot``, ``/fountain``, ``/secret``: what there is to take,
  drink or find, once (the Amulet of Yendor is loot, where the rules put it);
- ``L/shop``, ``L/mimic1``… (+ ``/won``), ``L/keeper`` (+ ``/won``, ``/fled``),
  ``L/terminal``: each level's shop, its mimics and its shopkeeper, and its
  terminal, reached from its starting room;
- ``L/down``, ``L/up``: the stairs between levels (and out), where a rogue
  gains a level on reaching a new one;
- ``surface``, ``dead``, ``won``: the three endings.

Every step's data holds what its text says a rogue rolls or decides, in the
common vocabulary of solo booklets (``fight``, ``test``, ``damage``,
``heal``, ``loot``, ``shop``) or one of this game's kinds: ``roll`` (a die
whose total picks the way), ``trap-effect``, ``fountain``, ``altar`` and
``level-up``. Two marks live only while a rogue stays in a room: ``slipped``
(he slipped past its monsters this time) and ``noticed`` (they caught him
stealing: no sneaking); ``squeaky`` is the Squeaky Board's box. Every event
section is in its place (``Section.place``: a trap, a fight, a chest is in
its room), and a fight's way out is back the way the rogue came in
(``Option.came_from``), worked out once the whole book is made.

The rules the sections lean on, and the changes for one player, are on the
How to play alone page (data/solo.toml).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ...contracts import Request
from ...gamebook.model import (
    CHOOSE,
    DIED,
    LEFT,
    TICK,
    WON,
    Book,
    Option,
    Section,
    Step,
    Way,
    end,
    go,
    if_not_ticked,
    if_ticked,
    mark,
    ref,
    text,
    tick,
)
from ...maps.geometry import Cell, step
from ...maps.level import Area, Doorway, Level, doorways
from ...seed import Rng
from ...words import Words, key_of
from . import GAME, key, rules
from .contents import roll_loot
from .generate import Campaign
from .level import CORRIDOR, FALSE, LOCKED, STARTING_ROOM, Built
from .reference import loot_row_text

WAY_IN, SURFACE, DEAD, VICTORY = "way-in", "surface", "dead", "won"
HAZARDS = ("chasm", "cliff")  # features that split a room in two
SQUEAKY = "squeaky"  # the Squeaky Board's box on the play sheet: the next monsters are one letter tougher
TEST, FIGHT, DAMAGE, HEAL, LOOT, SHOP = "test", "fight", "damage", "heal", "loot", "shop"  # the common kinds
ROLL, TRAP_EFFECT, LEVEL_UP = "roll", "trap-effect", "level-up"  # this game's own kinds
NEAR, FAR = "near", "far"  # the two sides of a chasm or cliff


def solo() -> dict[str, Any]:
    return GAME.data("solo")


def faces() -> list[int]:
    return list(rules.character()["success_faces"])


def successes(phrasebooks: Words, d: int) -> str:
    """The successes a roll needs at Difficulty ``d``: "1 success", "3 successes (never with fewer than 3
    dice)": a roll that cannot succeed is never offered without saying so."""
    say = phrasebooks.say_for(__package__)
    return say("solo.success.one") if d == 1 else say("solo.success.many", d=d)


def roll_of(skill: str, d: int, level: int) -> dict[str, Any]:
    """A roll's data: a die (``dice``) for each of the skill's pool (``pool``: the reader's dice in it, and his
    bonus dice), the successes it needs and on what faces."""
    return {"skill": skill, "dice": "1d6", "pool": True, "successes": d, "faces": faces(), "level": level}


def article(phrasebooks: Words, thing: str) -> str:
    """``thing`` with "a" or "an" before it, as the phrasebook says ("an amber potion"); a name the
    phrasebook lists as taking none stands bare ("Speed boots")."""
    say = phrasebooks.say_for(__package__)
    bare = [name.strip() for name in say("solo.article.none").split(";")]
    if any(thing.startswith(name) for name in bare):
        return thing
    which = "an" if thing[:1] in say("solo.article.an-before").split() else "a"
    return say(f"solo.article.{which}", thing=thing)


def listed(phrasebooks: Words, items: list[str]) -> str:
    say = phrasebooks.say_for(__package__)
    return items[0] if len(items) == 1 else say("solo.hazard.and", first=", ".join(items[:-1]), last=items[-1])


def hub(level: int, area: int | None) -> str:
    """An area's section (``area``: a passable doorway's other side, never None)."""
    assert area is not None, "a way that leads to no area of the level"
    return f"{level}.{area}"


def event(level: int, area: int, what: str) -> str:
    return f"{level}.{area}/{what}"


SLIPPED = "slipped"  # he slipped past the monsters of the place he is in: it lasts while he stays there
NOTICED = "noticed"  # they caught him stealing: no sneaking, no backing out; it lasts while he stays there
VISIT_MARKS = (SLIPPED, NOTICED)


def key_mark(level: int) -> str:
    return f"key-{level}"


def hack_mark(level: int) -> str:
    return f"hack-{level}"


def door_mark(number: int) -> str:
    return f"door-{number}"


def locked_doors(campaign: Campaign) -> list[tuple[int, int, int]]:
    """Each locked door that leads somewhere, by (level, the area listing it, its exit)."""
    return [(built.level.number, area.number, i) for built in campaign.levels for area in built.level.areas
            for i, e in enumerate(area.exits) if e.kind == LOCKED and e.leads == "area" and e.at is not None]


def door_marks(campaign: Campaign, rng: Rng) -> dict[tuple[int, int, int], int]:
    """Each locked door's number among the play sheet's doors, shuffled: it says nothing of where it is."""
    doors = locked_doors(campaign)
    numbers = list(range(1, len(doors) + 1))
    rng.shuffle(numbers)
    return dict(zip(doors, numbers))


def teleport_rooms(campaign: Campaign, rng: Rng) -> dict[int, int]:
    """Where a level's Teleportation Trap sends the rogue ("another room in same level"): a room of the
    level other than the starting room, one a level, chosen by the booklet's own stream."""
    found = {}
    for built in campaign.levels:
        rooms = [a.number for a in built.level.areas if a.type not in (CORRIDOR, STARTING_ROOM)]
        found[built.level.number] = rooms[rng.randint(0, len(rooms) - 1)] if rooms else built.level.arrival
    return found


# --- the book ------------------------------------------------------------------------------------------


class _Making:
    """What every part of the book needs: the campaign, the doors' numbers, the teleports' landings, the
    stream that fills a Bag of Tricks."""

    def __init__(self, campaign: Campaign, request: Request):
        self.campaign = campaign
        self.doors = door_marks(campaign, request.code.stream("solo", "doors"))
        self.landings = teleport_rooms(campaign, request.code.stream("solo", "teleports"))
        self.bags = request.code.stream("solo", "bags")
        self.onward = {built.level.number: onward(built, campaign) for built in campaign.levels}
        self.fled: dict[str, str] = {}  # each fight's way out, and where one who came by no door runs to


def onward(built: Built, campaign: Campaign) -> dict[int, str]:
    """Each area on the way the level was built toward its goal (the stairs down; on the last level, the room
    of the Amulet), and the section that leads on from it toward the goal: a fair Dungeon Master puts no
    chasm or cliff across that way."""
    goal = campaign.amulet["area"] if built.level.number == campaign.amulet["level"] else built.stairs_area
    found: dict[int, str] = {}
    if goal is None:
        return found
    at, ahead = goal, down_key(built.level.number)
    while at is not None:
        found[at] = ahead
        ahead = hub(built.level.number, at)
        at = built.level.area(at).entered_from
    return found


def book(campaign: Campaign, request: Request) -> Book:
    say = request.words.say_for(__package__)
    made = Book({}, WAY_IN, {"dead": DEAD})
    making = _Making(campaign, request)
    made.add(Section(WAY_IN, "entrance", [text(say("solo.way-in")),
                                           go(say("solo.on", to=ref(hub(1, 1))), hub(1, 1))], 1))
    for built, shop in zip(campaign.levels, campaign.shops):
        for area in built.level.areas:
            for section in area_sections(request.words, making, built, area):
                made.add(section)
        for section in shop_sections(request.words, making, built, shop):
            made.add(section)
        made.add(terminal_section(request.words, built))
    for section in stairs(request.words, campaign):
        made.add(section)
    made.add(Section(SURFACE, "end", [text(say("solo.end.surface")), end(say("solo.end.over"), LEFT)]))
    made.add(Section(DEAD, "end", [text(say("solo.end.dead")), end(say("solo.end.over"), DIED)]))
    made.add(Section(VICTORY, "end", [text(say("solo.end.won")), end(say("solo.end.over"), WON)]))
    # The ways out of the fights: first where each leads (the places it is reached from, none of them through
    # a fight's own way out), then, knowing those, every section a reader may have come in from.
    into: dict[str, list[str]] = {}
    for section in made.sections.values():
        for place in dict.fromkeys(made[to].where for to in section.targets()):
            if place != section.where:
                into.setdefault(place, []).append(section.key)
    leads = {fled: _came(made, into, made[fled].where, fallback) for fled, fallback in making.fled.items()}
    for fled, came in leads.items():
        for back in came:
            into.setdefault(made[back].where, []).append(fled)
    for fled, fallback in making.fled.items():
        made[fled].steps.append(ways_back(request.words, _came(made, into, made[fled].where, fallback)))
    warn(request.words, campaign, made)
    return made


def dangers(campaign: Campaign) -> dict[str, list[str]]:
    """What a doorway shows of each area beyond it: signs of a trap, something moving (solo.sign)."""
    found: dict[str, list[str]] = {}
    for built in campaign.levels:
        for area in built.level.areas:
            encounters = area.data.get("encounters", [])
            signs = [sign for sign, what in (("trap", "traps"), ("creatures", "monsters"))
                     if any(e[what] for e in encounters)]
            if signs:
                found[hub(built.level.number, area.number)] = signs
    return found


def warn(phrasebooks: Words, campaign: Campaign, made: Book) -> None:
    """Every way from a room into a place with a trap or creatures says what a careful rogue sees of it from the
    doorway, as a fair Dungeon Master tells it (solo.toml: What you see from the doorway)."""
    say = phrasebooks.say_for(__package__)
    danger = dangers(campaign)
    for section in made.sections.values():
        if section.kind != "area":
            continue
        for index, choice in enumerate(section.steps):
            if choice.kind != CHOOSE:
                continue
            options = []
            for option in choice.options:
                signs = danger.get(option.way.to or "", []) if option.way.to != section.key else []
                if signs:
                    words = " ".join(say(f"solo.sign.{sign}") for sign in signs)
                    option = replace(option, text=f"{option.text} {words}" if option.text else "", warns=tuple(signs))
                options.append(option)
            section.steps[index] = replace(choice, options=tuple(options))


def _came(made: Book, into: dict[str, list[str]], place: str, fallback: str) -> dict[str, list[str]]:
    """For each place a reader runs back to from a fight in ``place``, the sections he may have come in from
    (``into``: the sections that lead into each place). One who came by a way that goes back to no place (a
    teleport) runs to ``fallback``, the room the level was built from."""
    came: dict[str, list[str]] = {}
    for entry in into.get(place, ()):
        source = made[made[entry].where]
        back = source.key if source.kind == "area" and _joined(source, place) else fallback
        came.setdefault(back, []).append(entry)
    return came


def _joined(area: Section, place: str) -> bool:
    """Whether a door joins ``area`` to ``place`` (a way back through it), not a teleport."""
    return any(option.way.to == place for step in area.steps for option in step.options)


def ways_back(phrasebooks: Words, came: dict[str, list[str]]) -> Step:
    """The way out of a fight: back to the place the reader came in from, whichever it was (an option for
    each, open to those who came from it: ``came_from``)."""
    say = phrasebooks.say_for(__package__)
    options = [Option("", Way(back), came_from=tuple(sources)) for back, sources in came.items()]
    return Step(CHOOSE, say("solo.fight.back-to", to=listed(phrasebooks, [ref(back) for back in came])), "choice",
                options=tuple(options))


def _gate(phrasebooks: Words, key_: str) -> Step:
    say = phrasebooks.say_for(__package__)
    return if_not_ticked(say("solo.gate", mark=mark(key_), to=ref(key_)), (key_,), key_)


def area_sections(phrasebooks: Words, making: _Making, built: Built, area: Area) -> list[Section]:
    say = phrasebooks.say_for(__package__)
    level = built.level
    here = hub(level.number, area.number)
    d = built.difficulty
    data = area.data
    sections: list[Section] = []
    steps = [text(_description(phrasebooks, built, area))]
    seen = _seen(phrasebooks, area)
    if seen:
        steps.append(text(" ".join(seen)))
    encounters = data.get("encounters", [])
    traps = [t for e in encounters for t in e["traps"]]
    for number, trap in enumerate(traps, 1):
        sections += trap_sections(phrasebooks, making, built, area, trap, number)
        steps.append(_gate(phrasebooks, event(level.number, area.number, f"trap{number}")))
    monsters = [m for e in encounters for m in e["monsters"]]
    fight = event(level.number, area.number, "fight") if monsters else None
    if fight is not None:
        sections += fight_sections(phrasebooks, making, built, area, monsters)
        steps.append(if_not_ticked(say("solo.gate-fight", mark=mark(fight), to=ref(fight)), (fight, SLIPPED), fight))
    inside: list[Option] = []  # what the room holds: on the near side of a chasm or cliff
    loot = _loot(making, built, area)
    if loot:
        taken = event(level.number, area.number, "loot")
        sections.append(loot_section(phrasebooks, making, built, area, loot))
        if fight is None:
            inside.append(Option(say("solo.take.loot", mark=mark(taken), to=ref(taken)), Way(taken), lacks=(taken,)))
        else:
            inside.append(Option(say("solo.take.loot-guarded", fight=mark(fight), mark=mark(taken), to=ref(taken)),
                                 Way(taken), needs=(fight,), lacks=(taken,)))
            inside.append(Option(say("solo.take.steal", successes=successes(phrasebooks, d), to=ref(taken),
                                     fight=ref(fight)),
                                 Way(taken), lacks=(fight, taken), test=roll_of("Steal", d, level.number),
                                 failed=Way(fight, ticks=(NOTICED,))))
    feature = (data.get("feature") or {}).get("code")
    if feature == "fountain":
        drunk = event(level.number, area.number, "fountain")
        sections.append(Section(drunk, "fountain", [
            tick(say("solo.took", mark=mark(drunk)), drunk),
            Step("fountain", say("solo.fountain", bonus=rules.feature_row("fountain")["bonus"]),
                 data={"bonus": rules.feature_row("fountain")["bonus"], "level": level.number}),
            go(say("solo.back", to=ref(here)), here)], level.number))
        inside.append(Option(say("solo.take.fountain", mark=mark(drunk), to=ref(drunk)), Way(drunk), lacks=(drunk,)))
    if feature == "cells":
        inside.append(Option(say("solo.take.key", key=level.number), Way(None, ticks=(key_mark(level.number),)),
                             lacks=(key_mark(level.number),)))
    if feature == "altar":
        steps.append(Step("altar", say("solo.altar"), "note", data={"effect": "remove-curses"}))
    found = doorways(level, area)
    options: list[Option] = []
    secret = [dw for dw in found if dw.secret and dw.own and dw.passable]
    if secret:
        sections.append(secret_section(phrasebooks, level, area, secret))
        searched = event(level.number, area.number, "secret")
        options.append(Option(say("solo.search", successes=successes(phrasebooks, d), to=ref(searched)), Way(searched),
                              lacks=(searched, hack_mark(level.number)), asks={"search": ref(here)},
                              test=roll_of("Search", d, level.number),
                              failed=Way(None, cost={"searched": ref(here)})))
    wall = walls(phrasebooks, found)
    shut = list(dict.fromkeys(_shut(phrasebooks, w) for dw, w in zip(found, wall)
                              if not dw.passable and not dw.secret and not _false(dw)))
    if shut:
        steps.append(text(" ".join(shut), "note"))
    ways_on: list[tuple[Option, str | None]] = []  # each way on, with the key of the area it leads to
    if area.type == STARTING_ROOM:
        ways_on += [(o, None) for o in _corners(phrasebooks, level.number)]
    ways_on += [(o, None) for o in _stairs_options(phrasebooks, level, area)]
    false_count = 0
    for doorway, where in zip(found, wall):
        if doorway.passable:
            ways_on += [(o, hub(level.number, doorway.other)) for o in _door_options(phrasebooks, making, built,
                                                                                     doorway, where)]
        elif _false(doorway) and not doorway.secret:  # like any other door until opened: its own section
            false_count += 1
            opened = event(level.number, area.number, f"false{false_count}")
            sections.append(Section(opened, "false-door", [text(say("solo.false-door")),
                                                           go(say("solo.back", to=ref(here)), here)], level.number))
            ways_on.append((Option(say("solo.way.door", wall=where, to=ref(opened)), Way(opened)), None))
    chosen: list[Option]
    if feature in HAZARDS:
        hazard, chosen = _split(phrasebooks, built, area, found, feature, inside, options, [o for o, _ in ways_on],
                                making.onward[level.number].get(area.number))
        steps += hazard
    else:
        chosen = inside + options + [o for o, _ in ways_on]
        steps.append(Step(CHOOSE, options=tuple(chosen)))
    json: dict[str, Any] = {"doorways": [_doorway_data(level, dw) for dw in found]}
    if area.type == STARTING_ROOM:  # what every rogue knows: the stairs down stand in the far corner
        json["stairs_corner"] = COMPASS[built.corners.stairs]
    for section in sections:  # a trap, a fight, a chest: still in the room
        section.place = here
    return [Section(here, "area", steps, level.number, area.number, json)] + sections


# --- a chasm or cliff: which ways lie beyond it ---------------------------------------------------------


def _split(phrasebooks: Words, built: Built, area: Area, found: list[Doorway], feature: str, inside: list[Option],
           options: list[Option], ways_on: list[Option], ahead: str | None) -> tuple[list[Step], list[Option]]:
    """The room's choice with its chasm or cliff placed as a fair Dungeon Master would: across the room, so
    that it guards some of its ways but never every one. What the room holds, and the way a rogue first
    finds in, lie on the near side; a rogue stands on the side of the way he came in by (the reader knows
    it; a ``side`` asked of each option says which), and crossing is a roll, a fall its damage."""
    say = phrasebooks.say_for(__package__)
    level, d = built.level.number, built.difficulty
    row = rules.feature_row(feature)
    far = far_ways(built, area, found, ahead)
    name = say(f"mark.{feature}")
    if not far:
        steps = [text(say("solo.hazard.aside"), "note"), Step(CHOOSE, options=tuple(inside + options + ways_on))]
        return steps, inside + options + ways_on
    crossing = {**roll_of(row["skill"], d, level), "fall": row["fall_dice"], "feature": feature}
    cross = Option("", Way(None, cost={"cross": True}), test=crossing, failed=Way(None, cost={"fall": row["fall_dice"]}))
    chosen = [_on_side(o, NEAR) for o in inside] + options
    for option in ways_on:
        if option.way.to in far:
            chosen.append(_on_side(option, FAR, say("solo.hazard.beyond", way=_lower_first(option.text), feature=name)
                                   if option.text else ""))
        else:
            chosen.append(_on_side(option, NEAR))
    chosen.append(cross)
    words = say(f"solo.hazard.{feature}", ways=listed(phrasebooks, [ref(t) for t in far]),
                successes=successes(phrasebooks, d),
                dice=row["fall_dice"])
    return [Step(CHOOSE, words, "note", options=tuple(chosen))], chosen


def _lower_first(words: str) -> str:
    return words[:1].lower() + words[1:]


def _on_side(option: Option, side: str, words: str | None = None) -> Option:
    asks = {**(option.asks or {}), "side": side}
    return Option(option.text if words is None else words, option.way, option.needs, option.lacks, asks,
                  option.test, option.failed, option.leaves)


def far_ways(built: Built, area: Area, found: list[Doorway], ahead: str | None = None) -> list[str]:
    """The keys of the sections a room's chasm or cliff puts beyond it. The hazard runs across the room's
    longer reach, halfway along it: the ways in the half away from the way the room was first found by lie
    beyond it; if that is every other way, the nearest of them is this side; if none, the farthest is
    beyond. The way on toward the level's goal (``ahead``) stays this side, and a room with one way on
    besides its way in keeps it clear."""
    ways = _ways_at(built, area, found)
    if len(ways) < 3:
        return []
    entry = hub(built.level.number, area.entered_from) if area.entered_from is not None else None
    first = next((cell for target, cell in ways if target == entry), ways[0][1])
    entry = next(target for target, cell in ways if cell == first)
    xs = [c[0] for c in area.cells]
    ys = [c[1] for c in area.cells]
    axis = 0 if max(xs) - min(xs) >= max(ys) - min(ys) else 1
    middle = (min(xs) + max(xs)) / 2 if axis == 0 else (min(ys) + max(ys)) / 2
    side = 1 if first[axis] > middle else -1
    others = [(target, cell) for target, cell in ways if target != entry]
    movable = [(target, cell) for target, cell in others if target != ahead]
    if not movable:
        return []
    beyond = [target for target, cell in movable if (cell[axis] - middle) * side < 0]
    by_distance = sorted(movable, key=lambda tc: abs(tc[1][axis] - first[axis]))
    if len(beyond) == len(others):
        beyond.remove(by_distance[0][0])
    elif not beyond:
        beyond = [by_distance[-1][0]]
    return beyond


def _ways_at(built: Built, area: Area, found: list[Doorway]) -> list[tuple[str, Cell]]:
    """Each way out of a room once (the first door to a place stands for all), with the room's square it
    leaves from: doors that open, false doors (they look like any other), the stairs down."""
    level = built.level
    ways: dict[str, Cell] = {}
    false_count = 0
    for doorway in found:
        if doorway.passable:
            target = hub(level.number, doorway.other)
        elif _false(doorway) and not doorway.secret:
            false_count += 1
            target = event(level.number, area.number, f"false{false_count}")
        else:
            continue
        owner = level.area(doorway.owner)
        exit_ = owner.exits[doorway.exit]
        assert exit_.at is not None and exit_.side is not None
        ways.setdefault(target, exit_.at if doorway.own else step(exit_.at, exit_.side))
    if area.data.get("stairs") == "down":
        ways.setdefault(down_key(level.number), built.corners.stairs_cell)
    return list(ways.items())


# --- what a rogue sees, and the ways ---------------------------------------------------------------------


COMPASS = ("north-west", "north-east", "south-east", "south-west")  # sheet_corners.CORNERS, as compass points


def _description(phrasebooks: Words, built: Built, area: Area) -> str:
    say = phrasebooks.say_for(__package__)
    if area.type == CORRIDOR:
        return say("solo.corridor", squares=len(area.cells))
    if area.type == STARTING_ROOM:  # the setup every rogue knows: the stairs down in the far corner
        return say("solo.starting-room", squares=len(area.cells), corner=COMPASS[built.corners.stairs])
    return say("solo.room", squares=len(area.cells))


def _seen(phrasebooks: Words, area: Area) -> list[str]:
    """What a rogue sees coming in, besides the place itself: its feature, the stairs down."""
    say = phrasebooks.say_for(__package__)
    seen = []
    feature = (area.data.get("feature") or {}).get("code")
    if feature and feature not in ("empty", "monster-hq"):
        seen.append(say(f"solo.seen.{feature}", meaning=key.feature_text(phrasebooks, feature)))
    if area.data.get("stairs") == "down":
        seen.append(say("solo.seen.stairs-down"))
    return seen


def walls(phrasebooks: Words, found: list[Doorway]) -> list[str]:
    """The wall each doorway stands in, as a reader tells them apart: a second door in the same wall is
    further along it."""
    say = phrasebooks.say_for(__package__)
    seen: dict[str | None, int] = {}
    words = []
    for doorway in found:
        seen[doorway.side] = seen.get(doorway.side, 0) + 1
        words.append(say("solo.wall.first", side=doorway.side) if seen[doorway.side] == 1
                     else say("solo.wall.again", side=doorway.side))
    return words


def _false(doorway: Doorway) -> bool:
    """A door that opens on rock: rolled false, or with no room beyond it on the sheet."""
    return doorway.kind == FALSE or doorway.leads == "blocked"


def _shut(phrasebooks: Words, wall: str) -> str:
    say = phrasebooks.say_for(__package__)
    return say("solo.way.jammed", wall=wall)


def _corners(phrasebooks: Words, level: int) -> list[Option]:
    say = phrasebooks.say_for(__package__)
    return [Option(say("solo.take.shop", level=level, to=ref(f"{level}/shop")), Way(f"{level}/shop")),
            Option(say("solo.take.terminal", to=ref(f"{level}/terminal")), Way(f"{level}/terminal"))]


def _stairs_options(phrasebooks: Words, level: Level, area: Area) -> list[Option]:
    say = phrasebooks.say_for(__package__)
    found = []
    if area.data.get("stairs") == "down":
        found.append(Option(say("solo.take.stairs-down", to=ref(down_key(level.number))), Way(down_key(level.number))))
    if area.data.get("stairs") == "up":
        found.append(Option(say("solo.take.stairs-up", to=ref(up_key(level.number))), Way(up_key(level.number)),
                            leaves=level.number == 1))
    return found


def _door_options(phrasebooks: Words, making: _Making, built: Built, doorway: Doorway, wall: str) -> list[Option]:
    """The ways through a doorway: straight through, or for a locked one, once it is open (the level's key,
    or a lock pick: a failed roll breaks it, and with none left the lock holds); a secret one only once
    found (its own search, or the level's hack)."""
    say = phrasebooks.say_for(__package__)
    level, d = built.level.number, built.difficulty
    to = hub(level, doorway.other)
    found_it: tuple[str, ...] = ()
    if doorway.secret and doorway.own:
        found_it = (event(level, doorway.owner, "secret"), hack_mark(level))
    secret = "secret-" if found_it else ""
    found_words = {"mark": mark(found_it[0]), "level": level} if found_it else {}
    if doorway.kind != LOCKED:
        return [Option(say(f"solo.way.{secret}door", wall=wall, to=ref(to), **found_words), Way(to), needs=found_it)]
    number = making.doors[(level, doorway.owner, doorway.exit)]
    opened = door_mark(number)
    level_key = key_mark(level)
    seen = {"found": [mark(m) for m in found_it]} if found_it else {}
    return [
        Option(say(f"solo.way.{secret}locked", wall=wall, number=number, successes=successes(phrasebooks, d),
                   to=ref(to),
                   **found_words),
               Way(to), needs=(opened,)),
        Option("", Way(to, ticks=(opened,)), needs=(level_key,), lacks=(opened,), asks=seen or None),
        Option("", Way(to, ticks=(opened,)), needs=found_it, lacks=(opened, level_key), asks={"picks": True},
               test=roll_of("Lockpick", d, level), failed=Way(None, cost={"break": "pick"})),
        Option("", Way(to, ticks=(opened,)), needs=found_it, lacks=(opened, level_key), asks={"blade": True},
               test=roll_of("Lockpick", d, level), failed=Way(None, cost={"slip": 1})),
    ]


def _doorway_data(level: Level, doorway: Doorway) -> dict[str, Any]:
    return {"kind": doorway.kind, "secret": doorway.secret, "side": doorway.side, "leads": doorway.leads,
            "to": doorway.other, "own": doorway.own, "owner": doorway.owner, "exit": doorway.exit,
            "turn_to": ref(hub(level.number, doorway.other)) if doorway.passable else None}


def way_back(built: Built, area: Area) -> str:
    """Where a rogue runs to: the area it was reached from as the level grew, or up the stairs."""
    if area.entered_from is not None:
        return hub(built.level.number, area.entered_from)
    return up_key(built.level.number)


# --- traps -----------------------------------------------------------------------------------------------


def trap_sections(phrasebooks: Words, making: _Making, built: Built, area: Area, trap: dict[str, Any],
                  number: int) -> list[Section]:
    say = phrasebooks.say_for(__package__)
    level, d = built.level.number, built.difficulty
    here = hub(level, area.number)
    key_, safe, sprung = (event(level, area.number, f"{what}{number}") for what in ("trap", "disarmed", "sprung"))
    row = rules.trap_row(trap["name"], trap["letter"])
    name = article(phrasebooks, trap["name"])
    sections = [
        Section(key_, "trap", [
            tick(say("solo.took", mark=mark(key_)), key_),
            Step(TEST, say("solo.trap.spot", successes=successes(phrasebooks, d), disarmed=ref(safe)),
                 ways={"passed": Way(safe), "failed": Way(None)}, data=roll_of("Search", d, level)),
            Step(TEST,
                 say("solo.trap.roll", successes=successes(phrasebooks, d), disarmed=ref(safe), sprung=ref(sprung)),
                 ways={"passed": Way(safe), "failed": Way(sprung)}, data=roll_of("Disable Trap", d, level),
                 ends=True),
        ], level),
        Section(safe, "trap-disarmed", [text(say("solo.trap.disarmed", name=_upper_first(name))),
                                        go(say("solo.back", to=ref(here)), here)], level),
    ]
    line = key.trap_line(phrasebooks, trap["name"], trap["letter"])
    steps = [text(say("solo.trap.sprung", name=_upper_first(name), what=key.trap_text(phrasebooks, line)))]
    effect = row.get("effect")
    attack = None
    if not row.get("autohit"):
        count = int(row["attack_dice"].rstrip("d"))
        attack = {"dice": row["attack_dice"], "successes": d, "faces": faces()}
        if count < d:  # its dice cannot find the Difficulty's successes: it misses, whatever it does
            steps.append(text(say("solo.trap.cannot", attack=row["attack_dice"], successes=successes(phrasebooks, d))))
            steps.append(go(say("solo.back", to=ref(here)), here))
            sections.append(Section(sprung, "trap-sprung", steps, level))
            return sections
    if row.get("damage_dice"):
        words = (say("solo.trap.autohit", dice=row["damage_dice"], dead=ref(DEAD)) if attack is None
                 else say("solo.trap.hit", attack=row["attack_dice"], successes=successes(phrasebooks, d),
                          dice=row["damage_dice"],
                          dead=ref(DEAD)))
        steps.append(Step(DAMAGE, words, ways={"dead": Way(DEAD)},
                          data={"dice": row["damage_dice"], "attack": attack, "armor": True}))
    if effect is not None and effect not in ("teleport-room", "teleport-levels-up"):
        words = say(f"solo.trap.{effect}")
        if attack is not None and not row.get("damage_dice"):
            words = " ".join([say("solo.trap.hit-effect", attack=row["attack_dice"],
                                  successes=successes(phrasebooks, d)), words])
        marks = (SQUEAKY,) if effect == "level-up-next-monster" else ()
        steps.append(Step(TRAP_EFFECT, words, marks=marks, data={"effect": effect, "attack": attack}))
    if effect == "teleport-room":
        target = hub(level, making.landings[level])
        steps.append(go(say("solo.trap.teleport", to=ref(target)), target))
    elif effect == "teleport-levels-up":
        steps.append(_levels_up(phrasebooks, built, row["levels_dice"]))
    else:
        steps.append(go(say("solo.back", to=ref(here)), here))
    sections.append(Section(sprung, "trap-sprung", steps, level))
    return sections


def _upper_first(words: str) -> str:
    return words[:1].upper() + words[1:]


def _levels_up(phrasebooks: Words, built: Built, dice: str) -> Step:
    """A level teleporter: the die says how many levels up; above level 1 there is no dungeon."""
    say = phrasebooks.say_for(__package__)
    level = built.level.number
    ways = {str(roll): Way(hub(max(1, level - roll), 1)) for roll in range(1, 7)}
    targets: dict[str, list[int]] = {}
    for roll in range(1, 7):
        to = ways[str(roll)].to
        assert to is not None
        targets.setdefault(to, []).append(roll)
    parts = [say("solo.trap.rolled", rolls=_rolls(rolls), to=ref(to)) for to, rolls in targets.items()]
    return Step(ROLL, say("solo.trap.levels-up", dice=dice, parts="; ".join(parts)), ways=ways,
                data={"dice": dice}, ends=True)


def _rolls(rolls: list[int]) -> str:
    return f"{rolls[0]}" if len(rolls) == 1 else f"{rolls[0]}–{rolls[-1]}"


# --- fights ----------------------------------------------------------------------------------------------


TOUGHER = {"E": "D", "D": "C", "C": "B", "B": "A", "A": "A"}  # the list one letter up (A has none above it)


def tougher(monster: dict[str, Any]) -> dict[str, Any]:
    """The monster one letter tougher: the one of the same roll on the list one letter up."""
    letter = TOUGHER[monster["letter"]]
    row = rules.tables()[rules.monsters(letter)].lookup(monster["roll"])
    return {"letter": letter, "roll": monster["roll"], "name": row.result, "hp": row["hp"]}


def creatures(monsters: Iterable[dict[str, Any]], d: int) -> list[dict[str, Any]]:
    """A fight's monsters as its data: each kind once, with its count and its stats."""
    found: dict[str, dict[str, Any]] = {}
    humanoid = set(solo()["fight"]["humanoid"])
    for monster in monsters:
        name = monster["name"]
        if name in found:
            found[name]["count"] += 1
            continue
        row = rules.monster_row(name, monster["letter"])
        found[name] = {"name": name, "letter": monster["letter"], "count": 1, "hp": monster["hp"],
                       "damage": row.get("damage_dice"), "fire": row.get("fire_dice"),
                       "attack": {"dice": f"{d}d", "successes": d, "faces": faces()},
                       "edible": row["edible"], "diseased": row["diseased"], "disease": row.get("disease"),
                       "trainable": row["trainable"], "humanoid": name in humanoid, "traits": list(row["traits"])}
    return list(found.values())


def shop_foe(phrasebooks: Words, code: str, d: int) -> dict[str, Any]:
    """The mimic or the shopkeeper as a fight's data: their attack dice are their own."""
    say = phrasebooks.say_for(__package__)
    foe = rules.campaign()[code]
    return {"name": foe.get("name", say("deck.keeper")), "letter": None, "count": 1, "hp": foe["hp"],
            "damage": foe["damage_dice"], "fire": None,
            "attack": {"dice": foe["attack_dice"], "successes": d, "faces": faces()},
            "edible": False, "diseased": False, "disease": None, "trainable": False, "humanoid": code == "shopkeeper",
            "traits": list(foe.get("traits", ()))}


def _stat_words(phrasebooks: Words, creature: dict[str, Any], d: int, own_attack: bool) -> tuple[str, str]:
    """A monster's stat line as a fight prints it: its damage, its hit points, what else it is."""
    say = phrasebooks.say_for(__package__)
    damage = creature["damage"] or say("monster.no-damage")
    parts = [say("monster.damage-fire", dice=damage, fire=f"+{creature['fire']}") if creature["fire"]
             else say("monster.damage", dice=damage)]
    if own_attack:
        parts.insert(0,
                     say("solo.fight.attack", attack=creature["attack"]["dice"], successes=successes(phrasebooks, d)))
    parts.append(say("solo.fight.hp-each" if creature["count"] > 1 else "solo.fight.hp", hp=creature["hp"]))
    if creature["letter"] is not None:
        parts += key.monster_traits(phrasebooks, rules.monster_row(creature["name"], creature["letter"]).fields)
    else:
        parts += [say(f"trait.{trait}") for trait in creature["traits"]]
    if creature["humanoid"]:
        parts.append(say("solo.fight.human"))
    name = creature["name"].upper()
    if creature["count"] > 1:
        name = say("solo.fight.count", name=name, count=creature["count"])
    return ", ".join(parts), name


def stats_block(phrasebooks: Words, found: list[dict[str, Any]], harder: list[dict[str, Any]] | None, d: int,
                own_attack: bool) -> str:
    say = phrasebooks.say_for(__package__)
    lines = []
    for creature in found:
        words, name = _stat_words(phrasebooks, creature, d, own_attack)
        lines.append(say("solo.fight.stats", name=name, text=words))
    if harder is not None:
        for creature in harder:
            words, name = _stat_words(phrasebooks, creature, d, own_attack)
            lines.append(say("solo.fight.tougher", name=name, text=words))
    return "\n".join(lines)


def no_running(found: list[dict[str, Any]]) -> str | None:
    """Why a fight cannot be run from (a relentless or a flying foe), or None."""
    for trait in solo()["fight"]["no_running"]:
        if any(trait in c["traits"] for c in found):
            return trait
    return None


def fight_step(phrasebooks: Words, d: int, level: int, found: list[dict[str, Any]], harder: list[dict[str, Any]] | None,
               fight: str, won: str, fled: str | None, here: str | None, antimagic: bool) -> Step:
    """The fight: won, fled (backed out unseen before the first blow, or run from; None: neither),
    slipped past (``here`` None: no sneaking), or dead."""
    say = phrasebooks.say_for(__package__)
    ways = {"won": Way(won), "dead": Way(DEAD)}
    stuck = no_running(found)
    common = {"won": ref(won), "dead": ref(DEAD), "successes": successes(phrasebooks, d)}
    if here is None or fled is None:
        words = say("solo.fight.how-cornered", **common)
        run = back = sneak = None
    else:
        ways["sneak"] = Way(here, ticks=(SLIPPED,))
        ways["fled"] = Way(fled)
        before = say("solo.fight.before", fled=ref(fled), to=ref(here), successes=successes(phrasebooks, d))
        after = (say("solo.fight.after-stuck", why=say(f"solo.fight.{stuck}"), **common) if stuck is not None
                 else say("solo.fight.after", fled=ref(fled), **common))
        words = " ".join([before, after])
        run = roll_of("Run", d, level) if stuck is None else None
        back = {"unless": NOTICED}
        sneak = {**roll_of("Stealth", d, level), "unless": NOTICED, "failed": "fight"}
    data = {"creatures": found, "first": {"by": "reader"}, "attack": roll_of("Stab", d, level), "run": run,
            "back": back,
            "sneak": sneak, "tougher": {"mark": SQUEAKY, "creatures": harder} if harder is not None else None,
            "left_alive": mark(fight), "antimagic": antimagic}
    return Step(FIGHT, words, ways=ways, data=data, ends=True)


def fight_sections(phrasebooks: Words, making: _Making, built: Built, area: Area,
                   monsters: list[dict[str, Any]]) -> list[Section]:
    say = phrasebooks.say_for(__package__)
    level, d = built.level.number, built.difficulty
    here = hub(level, area.number)
    fight, won, fled = (event(level, area.number, what) for what in ("fight", "won", "fled"))
    found = creatures(monsters, d)
    harder = None if all(m["letter"] == "A" for m in monsters) else creatures([tougher(m) for m in monsters], d)
    feature = (area.data.get("feature") or {}).get("code")
    steps = [text(say("solo.fight.meet", names=", ".join(c["name"] for c in found))),
             text(stats_block(phrasebooks, found, harder, d, own_attack=False), "stats"),
             text(say("solo.fight.left", mark=mark(fight)), "note"),
             text(say("solo.success.round", successes=successes(phrasebooks, d),
                      monsters=_monster_roll(phrasebooks, d)), "note"),
             fight_step(phrasebooks, d, level, found, harder, fight, won, fled, here, feature == "antimagic")]
    making.fled[fled] = way_back(built, area)
    return [Section(fight, "fight", steps, level),
            Section(won, "fight-won",
                    won_steps(phrasebooks, found + (harder or []), fight, here, feature == "cookstove"), level),
            Section(fled, "fight-fled", [text(say("solo.fight.fled", mark=mark(fight)))], level)]


def _monster_roll(phrasebooks: Words, d: int) -> str:
    say = phrasebooks.say_for(__package__)
    return say("solo.success.monster-one") if d == 1 else say("solo.success.monster-many", d=d)


def won_steps(phrasebooks: Words, found: list[dict[str, Any]], fight: str, back: str, cookstove: bool) -> list[Step]:
    """A won fight: ticked, the edible bodies eaten if one likes, and back to the room."""
    say = phrasebooks.say_for(__package__)
    steps = [tick(say("solo.fight.won", mark=mark(fight), fight=mark(fight)), fight)]
    edible = [c for c in found if c["edible"]]
    humans = [c for c in found if c["humanoid"]]
    if edible or humans:
        food = rules.campaign()["food"]
        bonus = rules.feature_row("cookstove")["bonus_hp"]
        stove = say("solo.fight.stove", bonus=bonus) if cookstove else ""
        names = ", ".join(dict.fromkeys(c["name"] for c in edible)) if edible else ""
        if edible:
            steps.append(Step(HEAL, say("solo.fight.eat", names=names, edible=food["edible_hp"],
                                        cooked=food["cooked_hp"], stove=stove),
                              data={"amount": food["edible_hp"], "cooked": food["cooked_hp"],
                                    "stove": bonus if cookstove else 0, "bodies": found}))
        else:  # only the Cannibal eats here: the bodies are in the data, the page says nothing
            steps.append(Step(HEAL, data={"amount": food["edible_hp"], "cooked": food["cooked_hp"],
                                          "stove": bonus if cookstove else 0, "bodies": found}))
    steps.append(go(say("solo.back", to=ref(back)), back))
    return steps


def secret_section(phrasebooks: Words, level: Level, area: Area, secret: list[Doorway]) -> Section:
    say = phrasebooks.say_for(__package__)
    here = hub(level.number, area.number)
    key_ = event(level.number, area.number, "secret")
    sides = [dw.side or "" for dw in secret]
    words = (say("solo.secret.one", walls=sides[0]) if len(sides) == 1
             else say("solo.secret.many", walls=say("solo.secret.and", first=", ".join(sides[:-1]), last=sides[-1])))
    return Section(key_, "secret", [tick(say("solo.took", mark=mark(key_)), key_), text(words),
                                    go(say("solo.back", to=ref(here)), here)], level.number)


# --- loot ------------------------------------------------------------------------------------------------


def _loot(making: _Making, built: Built, area: Area) -> list[dict[str, Any]]:
    """What a room's encounters leave to pick up, a Bag of Tricks filled, and the Amulet of Yendor where
    the rules put it: the A list's 6 on level 10, or, none rolled, the far corner's room (notes.toml)."""
    found = []
    for encounter in area.data.get("encounters", []):
        loot = encounter["loot"]
        if loot is None:
            continue
        found.append(_filled(dict(loot), making.bags))
    amulet = making.campaign.amulet
    if area.data.get("amulet") and amulet["how"] != "rolled":
        table = rules.tables()[rules.loot("A")]
        row = next(r for r in table.rows if r["kind"] == "amulet")
        found.append({"letter": "A", "roll": table.die.high, "bonus": 0, "name": row.result, "kind": "amulet",
                      "real": True})
    return found


def _filled(loot: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """A found item; a Bag of Tricks with its five pulls, one from each list, E first (a bag pulled from a bag
    is filled in turn)."""
    if loot["kind"] == "bag":
        loot["bag"] = [_filled(roll_loot(rng, letter, with_status=False), rng) for letter in rules.LETTERS]
    return loot


def loot_section(phrasebooks: Words, making: _Making, built: Built, area: Area, loot: list[dict[str, Any]]) -> Section:
    say = phrasebooks.say_for(__package__)
    level = built.level.number
    here = hub(level, area.number)
    taken = event(level, area.number, "loot")
    colours = making.campaign.colours
    steps = [tick(say("solo.took", mark=mark(taken)), taken),
             Step(LOOT,
                  say("solo.loot.found", items="; ".join(item_words(phrasebooks, item, colours) for item in loot)),
                  data={"items": loot})]
    if any(item["kind"] == "amulet" and item.get("real") for item in loot):
        steps.append(go(say("solo.loot.amulet", to=ref(VICTORY)), VICTORY))
    else:
        steps.append(go(say("solo.back", to=ref(here)), here))
    return Section(taken, "loot", steps, level)


def item_words(phrasebooks: Words, loot: dict[str, Any], colours: dict[str, str]) -> str:
    """A found item as a lone rogue sees it: a potion or wand by its colour alone, anything else by its name
    and what it does; its status told."""
    say = phrasebooks.say_for(__package__)
    kind = loot["kind"]
    if kind == "amulet":
        return say("mark.amulet") if loot.get("real") else say("item.fake-amulet")
    if kind == "gold":
        return say("solo.item.gold", gold=loot["gold"])
    row = rules.tables()[rules.loot(loot["letter"])].lookup(min(loot["roll"] + loot.get("bonus", 0), 6))
    if loot.get("magic"):
        seen = article(phrasebooks, say("solo.item.magic", colour=colours[loot["magic"]], kind=say(f"kind.{kind}")))
        if "charges" in loot:
            seen = say("solo.item.charges", item=seen, charges=loot["charges"])
    else:
        name = say("solo.item.bow", arrows=loot["arrows"]) if "arrows" in loot else loot["name"]
        seen = say("solo.item.named", item=article(phrasebooks, name), effect=loot_row_text(phrasebooks, row.fields))
        if kind == "bag":
            seen = say("solo.loot.bag", bag=seen,
                       items=", ".join(item_words(phrasebooks, i, colours) for i in loot["bag"]))
    status = say(f"status.{loot['status']['code']}") if "status" in loot else ""
    return say("loot.with-status", item=seen, status=status) if status else seen


# --- the shop, the terminal, the stairs ----------------------------------------------------------------------


def shop_sections(phrasebooks: Words, making: _Making, built: Built, shop: dict[str, Any]) -> list[Section]:
    say = phrasebooks.say_for(__package__)
    level, d = built.level.number, built.difficulty
    start = hub(level, built.level.arrival)
    here = f"{level}/shop"
    keeper = f"{level}/keeper"
    robbed = f"{keeper}/won"
    colours = making.campaign.colours
    lines = []
    stock = [{**item, "loot": _filled(dict(item["loot"]), making.bags)} if item["item"] == "loot" else item
             for item in shop["stock"] if item["item"] != "mimic"]
    mimics = [item for item in shop["stock"] if item["item"] == "mimic"]
    for item in stock:
        lines.append(say("key.stock", item=stock_words(phrasebooks, item, colours),
                         price=key.price_text(phrasebooks, item["price"], item["each"])))
    scrolls = {"count": shop["identify_scrolls"], "price": shop["identify_price"]}
    lines.append(say("key.identify-many", **scrolls) if scrolls["count"] > 1 else say("key.identify-one", **scrolls))
    buys = rules.campaign()["shop"]["buys_at"]
    steps = [text(say("solo.shop.enter", level=level)),
             if_ticked(say("solo.shop.robbed", mark=mark(robbed), to=ref(start)), (robbed,), start),
             text("\n".join(lines), "stats"),
             Step(SHOP, say("solo.shop.buy", buys=buys),
                  data={"items": [stock_data(phrasebooks, item, colours) for item in stock],
                        "identify": {**scrolls, "effect": say("solo.spell.identify")}, "buys_at": buys})]
    options = []
    sections: list[Section] = []
    for number, mimic in enumerate(mimics, 1):
        fight, won = f"{level}/mimic{number}", f"{level}/mimic{number}/won"
        options.append(Option(say("solo.shop.chest", price=mimic["price"], mark=mark(fight), to=ref(fight)),
                              Way(fight), lacks=(fight,), asks={"gold": mimic["price"]}))
        found = [shop_foe(phrasebooks, "mimic", d)]
        sections += [
            Section(fight, "fight", [
                text(say("solo.shop.mimic")), text(stats_block(phrasebooks, found, None, d, own_attack=True), "stats"),
                text(say("solo.success.blow", successes=successes(phrasebooks, d)), "note"),
                fight_step(phrasebooks, d, level, found, None, fight, won, None, None, False)], level),
            Section(won, "fight-won", won_steps(phrasebooks, found, fight, here, False), level),
        ]
    options.append(Option(say("solo.shop.steal", mark=mark(keeper), successes=successes(phrasebooks, d),
                              keeper=ref(keeper)),
                          Way(None, ticks=(keeper,), cost={"steal": True}), lacks=(keeper,),
                          test=roll_of("Steal", d, level), failed=Way(keeper, ticks=(keeper,))))
    options.append(Option(say("solo.shop.leave", to=ref(start)), Way(start)))
    sections += keeper_sections(phrasebooks, built, keeper, start, stock)
    steps.append(Step(CHOOSE, options=tuple(options)))
    for section in sections:
        section.place = here
    return [Section(here, "shop", steps, level)] + sections


def keeper_sections(phrasebooks: Words, built: Built, keeper: str, start: str,
                    stock: list[dict[str, Any]]) -> list[Section]:
    """The shopkeeper, once a theft is seen: he bars the door (no running, no sneaking); the shop is the
    winner's."""
    say = phrasebooks.say_for(__package__)
    level, d = built.level.number, built.difficulty
    won = f"{keeper}/won"
    found = [shop_foe(phrasebooks, "shopkeeper", d)]
    return [
        Section(keeper, "fight", [
            text(say("solo.shop.keeper")), text(stats_block(phrasebooks, found, None, d, own_attack=True), "stats"),
            text(say("solo.success.blow", successes=successes(phrasebooks, d)), "note"),
            fight_step(phrasebooks, d, level, found, None, keeper, won, None, None, False)], level),
        Section(won, "fight-won", [tick(say("solo.took", mark=mark(won)), won),
                                   Step(LOOT, say("solo.shop.yours"), data={"items": stock}),
                                   go(say("solo.on", to=ref(start)), start)], level),
    ]


def stock_data(phrasebooks: Words, item: dict[str, Any], colours: dict[str, str]) -> dict[str, Any]:
    """A shop's ware as its step's data: its name and what it does as printed, its price, and the shop
    table's codes (a potion or wand does what only its use tells)."""
    say = phrasebooks.say_for(__package__)
    if item["item"] == "loot":
        loot = item["loot"]
        effect = (say("solo.stock.unknown") if loot.get("magic")
                  else loot_row_text(phrasebooks,
                                     rules.tables()[rules.loot(loot["letter"])].lookup(loot["roll"]).fields))
    elif item["item"] in ("scroll", "spellbook"):
        effect = say(f"solo.spell.{key_of(item['spell']['name'])}")
    elif item["item"] == "fake-amulet":
        effect = say("solo.stock.fake-amulet")
    else:
        row = rules.tables()["shop-stock"].lookup(item["roll"])
        effect = say(f"solo.stock.{item['item']}", armor=row.get("armor", ""), bonus=row.get("bonus", ""),
                     skill=row.get("skill", ""))
    return {**item, "name": stock_words(phrasebooks, item, colours), "effect": effect, "table": item["name"]}


def stock_words(phrasebooks: Words, item: dict[str, Any], colours: dict[str, str]) -> str:
    say = phrasebooks.say_for(__package__)
    if item["item"] == "loot":
        return item_words(phrasebooks, item["loot"], colours)
    if item["item"] in ("scroll", "spellbook"):
        spell = item["spell"]
        return say(f"solo.item.{item['item']}", spell=say("item.spell", name=spell["name"], level=spell["level"]))
    if item["item"] == "fake-amulet":
        return say("item.fake-amulet")
    row = rules.tables()["shop-stock"].lookup(item["roll"])
    return say(f"item.{item['item']}", count=item.get("count", ""), armor=row.get("armor", ""),
               bonus=row.get("bonus", ""), skill=row.get("skill", ""))


def terminal_section(phrasebooks: Words, built: Built) -> Section:
    say = phrasebooks.say_for(__package__)
    level, d = built.level.number, built.difficulty
    start = hub(level, built.level.arrival)
    here = f"{level}/terminal"
    return Section(here, "terminal", [
        text(say("solo.terminal.enter")),
        if_ticked(say("solo.terminal.once", mark=mark(here), to=ref(start)), (here,), start),
        Step(TICK, "", marks=(here,)),
        Step(TEST,
             say("solo.terminal.hack", mark=mark(here), successes=successes(phrasebooks, d), level=level,
                 to=ref(start)),
             ways={"passed": Way(start, ticks=(hack_mark(level),)), "failed": Way(start)},
             data={**roll_of("Hack", d, level), "hack": mark(hack_mark(level))}, ends=True),
    ], level)


def down_key(level: int) -> str:
    return f"{level}/down"


def up_key(level: int) -> str:
    return f"{level}/up"


def stairs(phrasebooks: Words, campaign: Campaign) -> list[Section]:
    say = phrasebooks.say_for(__package__)
    found = []
    character = rules.character()
    for above, built in zip(campaign.levels, campaign.levels[1:]):
        level = built.level.number
        down, arrival = down_key(above.level.number), hub(level, built.level.arrival)
        found.append(Section(down, "stairs", [
            text(say("solo.stairs.down", level=level, difficulty=built.difficulty)),
            Step(LEVEL_UP, say("solo.stairs.level-up", mark=mark(down),
                               rule=say("rule.level-up", most=character["max_pool"])),
                 data={"mark": mark(down), "level": level, "hp": "1d6", "skill_dice": 2,
                       "most": character["max_pool"], "abilities": [a["name"] for a in character["ability"]]}),
            go(say("solo.on", to=ref(arrival)), arrival)], above.level.number))
    for built in campaign.levels:
        level = built.level.number
        if level == 1:
            steps = [text(say("solo.stairs.out")), go(say("solo.on", to=ref(SURFACE)), SURFACE)]
        else:
            above = campaign.levels[level - 2]
            assert above.stairs_area is not None
            target = hub(level - 1, above.stairs_area)
            steps = [text(say("solo.stairs.up", level=level - 1)), go(say("solo.on", to=ref(target)), target)]
        found.append(Section(up_key(level), "stairs", steps, level))
    return found
