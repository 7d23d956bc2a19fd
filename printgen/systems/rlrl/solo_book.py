"""The Rogue Like Roguelike campaign's sections, for the rogue the rules let play "single-player with but a
few changes".

The ten levels ``printgen dungeon`` rolls, door by door, as numbered sections
a lone rogue turns between. The sections (their keys):

- ``way-in`` (section 1): the top of the stairs into the Dungeon of Chaos;
- ``L.A``: each area of each level: what one sees coming in (a room's size
  and feature, a corridor's length), the events that wait there the first
  time (a gate: "if you have not ticked 214, turn to 214"), and every way on
  with its wall: doors, locked doors (ticked open on the play sheet as
  DOOR 1, DOOR 2, …), false doors (like any other until opened: ``L.A/false``
  says what is behind them), and secret doors, shown to a rogue whose search
  (or whose hack at the terminal) found them;
- ``L.A/trap1``…, ``/disarmed1``…, ``/sprung1``…: each trap, the Disable Trap
  roll and both outcomes; ``L.A/fight``, ``/won``, ``/fled``: the room's
  monsters; ``L.A/loot``, ``/fountain``, ``/secret``: what there is to take,
  drink or find, once;
- ``L/shop``, ``L/terminal``, ``L/mimic`` (+ ``/won``): each
  level's shop and terminal, reached from its starting room;
- ``L/down``, ``L/up``: the stairs between levels (and out), where a rogue
  gains a level on reaching a new one;
- ``surface``, ``dead``, ``won``: the three endings; the last is the Amulet of
  Yendor, taken on level 10.

The rules the sections lean on, and the few changes for one player, are on
the How to play alone page (data/solo.toml).
"""

from __future__ import annotations

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
    mark,
    ref,
    text,
    tick,
)
from ...maps.level import Area, Doorway, Level, doorways
from ...seed import Rng
from . import key, rules
from .generate import Campaign
from .level import CORRIDOR, FALSE, LOCKED, STARTING_ROOM, Built

say = key.say
WAY_IN, SURFACE, DEAD, VICTORY = "way-in", "surface", "dead", "won"
CHASM_LIKE = ("chasm", "cliff")  # features that stand between the way in and every way on


def successes(d: int) -> str:
    """The successes a roll needs at Difficulty ``d``: "1 success", "3 successes"."""
    return say("solo.success.one") if d == 1 else say("solo.success.many", d=d)


def hub(level: int, area: int) -> str:
    return f"{level}.{area}"


def event(level: int, area: int, what: str) -> str:
    return f"{level}.{area}/{what}"


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
    """Each locked door's number on the play sheet's DOOR boxes, shuffled: it says nothing of where it is."""
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


def book(campaign: Campaign, request: Request) -> Book:
    made = Book({}, WAY_IN, {"dead": DEAD})
    doors = door_marks(campaign, request.code.stream("solo", "doors"))
    landings = teleport_rooms(campaign, request.code.stream("solo", "teleports"))
    made.add(Section(WAY_IN, "entrance", [text(say("solo.way-in")),
                                           go(say("solo.on", to=ref(hub(1, 1))), hub(1, 1))], 1))
    for built, shop in zip(campaign.levels, campaign.shops):
        for area in built.level.areas:
            for section in area_sections(campaign, built, area, doors, landings):
                made.add(section)
        for section in shop_sections(campaign, built, shop):
            made.add(section)
        made.add(terminal_section(built))
    for section in stairs(campaign):
        made.add(section)
    made.add(Section(SURFACE, "end", [text(say("solo.end.surface")), end(say("solo.end.over"), LEFT)]))
    made.add(Section(DEAD, "end", [text(say("solo.end.dead")), end(say("solo.end.over"), DIED)]))
    made.add(Section(VICTORY, "end", [text(say("solo.end.won")), end(say("solo.end.over"), WON)]))
    return made


def _gate(key_: str) -> Step:
    return if_not_ticked(say("solo.gate", mark=mark(key_), to=ref(key_)), (key_,), key_)


def area_sections(campaign: Campaign, built: Built, area: Area, doors: dict, landings: dict) -> list[Section]:
    level = built.level
    here = hub(level.number, area.number)
    d = built.difficulty
    data = area.data
    sections: list[Section] = []
    steps = [text(_description(built, area))]
    seen = _seen(built, area)
    if seen:
        steps.append(text(" ".join(seen)))
    encounters = data.get("encounters", [])
    traps = [t for e in encounters for t in e["traps"]]
    for number, trap in enumerate(traps, 1):
        sections += trap_sections(built, area, trap, number, landings)
        steps.append(_gate(event(level.number, area.number, f"trap{number}")))
    monsters = [m for e in encounters for m in e["monsters"]]
    if monsters:
        sections += fight_sections(campaign, built, area, monsters)
        steps.append(_gate(event(level.number, area.number, "fight")))
    options: list[Option] = []
    loot = [e["loot"] for e in encounters if e["loot"] is not None and not _real_amulet(e["loot"])]
    if loot:
        taken = event(level.number, area.number, "loot")
        sections.append(Section(taken, "loot", [
            tick(say("solo.took", mark=mark(taken)), taken),
            Step("loot", say("solo.loot.found", items=_loot_words(loot, campaign.colours)), data={"items": loot}),
            go(say("solo.back", to=ref(here)), here)], level.number))
        options.append(Option(say("solo.take.loot", mark=mark(taken), to=ref(taken)), Way(taken), lacks=(taken,)))
    if data.get("amulet"):
        options.append(Option(say("solo.take.amulet", to=ref(VICTORY)), Way(VICTORY)))
    feature = (data.get("feature") or {}).get("code")
    if feature == "fountain":
        drunk = event(level.number, area.number, "fountain")
        sections.append(Section(drunk, "fountain", [
            tick(say("solo.took", mark=mark(drunk)), drunk),
            Step("fountain", say("solo.fountain", bonus=rules.feature_row("fountain")["bonus"]),
                 data={"level": level.number}),
            go(say("solo.back", to=ref(here)), here)], level.number))
        options.append(Option(say("solo.take.fountain", mark=mark(drunk), to=ref(drunk)), Way(drunk), lacks=(drunk,)))
    if feature == "cells":
        options.append(Option(say("solo.take.key", key=level.number), Way(None, ticks=(key_mark(level.number),)),
                              lacks=(key_mark(level.number),)))
        options.append(Option(say("solo.take.rest"), Way(None, cost={"rest": here}), asks={"rest": here}))
    if feature == "altar":
        steps.append(Step("altar", say("solo.altar"), "note"))
    found = doorways(level, area)
    secret = [dw for dw in found if dw.secret and dw.own and dw.passable]
    if secret:
        sections.append(secret_section(level, area, secret))
        searched = event(level.number, area.number, "secret")
        options.append(Option(say("solo.search", successes=successes(d), to=ref(searched)), Way(searched),
                              lacks=(searched, hack_mark(level.number)), asks={"search": here},
                              test={"skill": "Search", "level": level.number},
                              failed=Way(None, cost={"searched": here})))
    crossing = None
    if feature in CHASM_LIKE:
        row = rules.feature_row(feature)
        steps.append(text(say(f"solo.{feature}", successes=successes(d), skill=row["skill"], dice=row["fall_dice"]), "note"))
        crossing = {"skill": row["skill"], "dice": row["fall_dice"], "level": level.number}
    wall = walls(found)
    shut = list(dict.fromkeys(_shut(dw, w) for dw, w in zip(found, wall)
                              if not dw.passable and not dw.secret and not _false(dw)))
    if shut:
        steps.append(text(" ".join(shut), "note"))
    false = [(dw, w) for dw, w in zip(found, wall) if _false(dw) and not dw.secret]
    if false:  # a false door looks like any other until it is opened: its section says what is behind it
        opened = event(level.number, area.number, "false")
        sections.append(Section(opened, "false-door", [text(say("solo.false-door")),
                                                       go(say("solo.back", to=ref(here)), here)], level.number))
    ways_on: list[Option] = []
    if area.type == STARTING_ROOM:
        ways_on += _corners(level.number)
    ways_on += _stairs_options(level, area)
    for doorway, where in zip(found, wall):
        if doorway.passable:
            ways_on += _door_options(level, area, doorway, where, doors)
    for _, where in false:
        ways_on.append(Option(say("solo.way.door", wall=where, to=ref(opened)), Way(opened)))
    options += [_across(option, crossing) for option in ways_on] if crossing else ways_on
    steps.append(Step(CHOOSE, options=tuple(options)))
    json = {"doorways": [_doorway_data(level, dw) for dw in found]}
    return [Section(here, "area", steps, level.number, area.number, json)] + sections


def _across(option: Option, crossing: dict[str, Any]) -> Option:
    """A way on across a room's chasm or cliff: its crossing roll is paid on the way (the reader knows whether
    the way is back the way it came, which needs none)."""
    way = option.way
    return replace(option, way=replace(way, cost={**(way.cost or {}), "cross": crossing, "to": way.to}))


def _real_amulet(loot: dict[str, Any]) -> bool:
    return loot["kind"] == "amulet" and bool(loot.get("real"))


COMPASS = ("north-west", "north-east", "south-east", "south-west")  # sheet_corners.CORNERS, as compass points


def _description(built: Built, area: Area) -> str:
    if area.type == CORRIDOR:
        return say("solo.corridor", squares=len(area.cells))
    if area.type == STARTING_ROOM:  # the setup every rogue knows: the stairs down in the far corner
        return say("solo.starting-room", squares=len(area.cells), corner=COMPASS[built.corners.stairs])
    return say("solo.room", squares=len(area.cells))


def _seen(built: Built, area: Area) -> list[str]:
    """What a rogue sees coming in, besides the place itself: its feature, stairs, the Amulet."""
    seen = []
    feature = (area.data.get("feature") or {}).get("code")
    if feature and feature not in ("empty", "monster-hq"):
        seen.append(say(f"solo.seen.{feature}", meaning=key.feature_text(feature)))
    if area.data.get("stairs") == "down":
        seen.append(say("solo.seen.stairs-down"))
    if area.data.get("amulet"):
        seen.append(say("solo.seen.amulet"))
    return seen


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


def _false(doorway: Doorway) -> bool:
    """A door that opens on rock: rolled false, or with no room beyond it on the sheet."""
    return doorway.kind == FALSE or doorway.leads == "blocked"


def _shut(doorway: Doorway, wall: str) -> str:
    return say("solo.way.jammed", wall=wall)


def _corners(level: int) -> list[Option]:
    return [Option(say("solo.take.shop", level=level, to=ref(f"{level}/shop")), Way(f"{level}/shop")),
            Option(say("solo.take.terminal", to=ref(f"{level}/terminal")), Way(f"{level}/terminal"))]


def _stairs_options(level: Level, area: Area) -> list[Option]:
    found = []
    if area.data.get("stairs") == "down":
        found.append(Option(say("solo.take.stairs-down", to=ref(down_key(level.number))), Way(down_key(level.number))))
    if area.data.get("stairs") == "up":
        found.append(Option(say("solo.take.stairs-up", to=ref(up_key(level.number))), Way(up_key(level.number)),
                            leaves=level.number == 1))
    return found


def _door_options(level: Level, area: Area, doorway: Doorway, wall: str, doors: dict) -> list[Option]:
    """The ways through a doorway: straight through, or for a locked one, once it is open (the level's key, a
    lock pick, the point of one's dagger); a secret one only once found."""
    to = hub(level.number, doorway.other)
    found_it: tuple[str, ...] = ()
    if doorway.secret and doorway.own:
        found_it = (event(level.number, area.number, "secret"), hack_mark(level.number))
    words = "solo.way.secret-" if found_it else "solo.way."
    found_words = {"mark": mark(found_it[0]), "level": level.number} if found_it else {}
    if doorway.kind != LOCKED:
        return [Option(say(words + "door", wall=wall, to=ref(to), **found_words), Way(to), needs=found_it)]
    number = doors[(level.number, doorway.owner, doorway.exit)]
    opened = door_mark(number)
    level_key = key_mark(level.number)
    pick = {"skill": "Lockpick", "level": level.number}
    return [
        Option(say(words + "locked", wall=wall, number=number, to=ref(to), **found_words), Way(to),
               needs=(opened,)),
        Option("", Way(to, ticks=(opened,)), needs=(level_key,), lacks=(opened,)),
        Option("", Way(to, ticks=(opened,)), needs=found_it, lacks=(opened, level_key), asks={"picks": True},
               test=pick, failed=Way(None, cost={"break": "pick"})),
        Option("", Way(to, ticks=(opened,)), needs=found_it, lacks=(opened, level_key),
               asks={"picks": False}, test=pick, failed=Way(None, cost={"tried": opened})),
    ]


def _doorway_data(level: Level, doorway: Doorway) -> dict[str, Any]:
    return {"kind": doorway.kind, "secret": doorway.secret, "side": doorway.side, "leads": doorway.leads,
            "to": doorway.other, "own": doorway.own, "owner": doorway.owner, "exit": doorway.exit,
            "turn_to": ref(hub(level.number, doorway.other)) if doorway.passable else None}


def way_back(campaign: Campaign, built: Built, area: Area) -> str:
    """Where a rogue runs to: the area it was reached from as the level grew, or up the stairs."""
    if area.entered_from is not None:
        return hub(built.level.number, area.entered_from)
    return up_key(built.level.number)


# --- events --------------------------------------------------------------------------------------------


def trap_sections(built: Built, area: Area, trap: dict[str, Any], number: int, landings: dict) -> list[Section]:
    level, d = built.level.number, built.difficulty
    here = hub(level, area.number)
    key_, safe, sprung = (event(level, area.number, f"{what}{number}") for what in ("trap", "disarmed", "sprung"))
    row = rules.trap_row(trap["name"], trap["letter"])
    sections = [
        Section(key_, "trap", [
            tick(say("solo.trap.tick", mark=mark(key_)), key_),
            Step("disable", say("solo.trap.roll", successes=successes(d), disarmed=ref(safe), sprung=ref(sprung)),
                 ways={"disarmed": Way(safe), "sprung": Way(sprung)}, data={"level": level}, ends=True),
        ], level),
        Section(safe, "trap-disarmed", [text(say("solo.trap.disarmed", name=trap["name"])),
                                        go(say("solo.back", to=ref(here)), here)], level),
    ]
    line = key.trap_line(trap["name"], trap["letter"])
    steps = [text(say("solo.trap.sprung", name=trap["name"], what=key.trap_text(line)))]
    effect = row.get("effect")
    if row.get("damage_dice"):
        steps.append(Step("trap-hit", say("solo.trap.hit" if not row.get("autohit") else "solo.trap.autohit",
                                          attack=row.get("attack_dice", ""), dice=row["damage_dice"], dead=ref(DEAD)),
                          ways={"dead": Way(DEAD)},
                          data={"attack": row.get("attack_dice"), "dice": row["damage_dice"]}))
    elif not row.get("autohit"):
        steps.append(Step("trap-hit", say("solo.trap.hit-effect", attack=row["attack_dice"]),
                          data={"attack": row["attack_dice"], "effect": effect}))
    elif effect in ("rust-metal", "level-up-next-monster", "forget-level"):
        steps.append(Step("trap-effect", say(f"solo.trap.{effect}"), data={"effect": effect}))
    if effect == "teleport-room":
        target = hub(level, landings[level])
        steps.append(go(say("solo.trap.teleport", to=ref(target)), target))
    elif effect == "teleport-levels-up":
        steps.append(_levels_up(built, row["levels_dice"]))
    else:
        steps.append(go(say("solo.back", to=ref(here)), here))
    sections.append(Section(sprung, "trap-sprung", steps, level))
    return sections


def _levels_up(built: Built, dice: str) -> Step:
    """A level teleporter: the die says how many levels up; above level 1 there is no dungeon."""
    level = built.level.number
    ways = {str(roll): Way(hub(max(1, level - roll), 1)) for roll in range(1, 7)}
    targets = {}
    for roll in range(1, 7):
        targets.setdefault(ways[str(roll)].to, []).append(roll)
    parts = [say("solo.trap.rolled", rolls=_rolls(rolls), to=ref(to)) for to, rolls in targets.items()]
    return Step("levels-up", say("solo.trap.levels-up", dice=dice, parts="; ".join(parts)), ways=ways,
                data={"dice": dice}, ends=True)


def _rolls(rolls: list[int]) -> str:
    return f"{rolls[0]}" if len(rolls) == 1 else f"{rolls[0]}–{rolls[-1]}"


def _monster_stats(monster: dict[str, Any]) -> dict[str, Any]:
    row = rules.monster_row(monster["name"], monster["letter"])
    return {"name": monster["name"], "hp": monster["hp"], "damage": row.get("damage_dice", "0"),
            "fire": row.get("fire_dice"), "edible": row["edible"], "diseased": row["diseased"],
            "traits": list(row["traits"])}


def _monster_words(monster: dict[str, Any]) -> str:
    """A monster's stat line as a fight prints it: its damage, its hit points (rolled), what else it is."""
    line = key.monster_line(monster["name"], monster["letter"])
    damage = (say("monster.damage-fire", dice=line["damage"], fire=line["fire"]) if line["fire"]
              else say("monster.damage", dice=line["damage"]))
    stats = ", ".join([damage, say("solo.fight.hp", hp=monster["hp"]), *line["traits"]])
    return say("solo.fight.stats", name=monster["name"].upper(), text=stats)


def fight_sections(campaign: Campaign, built: Built, area: Area, monsters: list[dict[str, Any]]) -> list[Section]:
    level, d = built.level.number, built.difficulty
    here = hub(level, area.number)
    key_, won, fled = (event(level, area.number, what) for what in ("fight", "won", "fled"))
    foes = [_monster_stats(m) for m in monsters]
    relentless = any("relentless" in f["traits"] for f in foes)
    steps = [text(say("solo.fight.meet", names=", ".join(m["name"] for m in monsters))),
             text("\n".join(_monster_words(m) for m in monsters), "stats"),
             text(say("solo.fight.round", successes=successes(d),
                      dice=say("solo.success.die") if d == 1 else say("solo.success.dice", d=d)), "note"),
             _fight_step(d, won, None if relentless else fled, key_, here, foes, level)]
    cookstove = (area.data.get("feature") or {}).get("code") == "cookstove"
    edible = [f for f in foes if f["edible"]]
    won_steps = [tick(say("solo.fight.won", mark=mark(key_)), key_)]
    if edible:
        won_steps.append(Step("eat", say("solo.fight.eat-cookstove" if cookstove else "solo.fight.eat",
                                         names=", ".join(sorted({f["name"] for f in edible}))),
                              data={"foes": edible, "cookstove": cookstove}))
    won_steps.append(go(say("solo.back", to=ref(here)), here))
    back = way_back(campaign, built, area)
    made = [Section(key_, "fight", steps, level), Section(won, "fight-won", won_steps, level)]
    if not relentless:
        made.append(Section(fled, "fight-fled", [text(say("solo.fight.fled")), go(say("solo.on", to=ref(back)), back)],
                            level))
    return made


def _fight_step(d: int, won: str, fled: str | None, key_: str, here: str, foes: list[dict[str, Any]],
                level: int) -> Step:
    """The fight: won, fled (None: a relentless foe, no running), slipped past, or dead."""
    ways = {"won": Way(won), "sneak": Way(here, ticks=(key_,)), "dead": Way(DEAD)}
    if fled is None:
        words = say("solo.fight.how-relentless", successes=successes(d), won=ref(won), dead=ref(DEAD), mark=mark(key_), to=ref(here))
    else:
        ways["fled"] = Way(fled)
        words = say("solo.fight.how", successes=successes(d), won=ref(won), fled=ref(fled), dead=ref(DEAD), mark=mark(key_),
                    to=ref(here))
    return Step("fight", words, ways=ways, data={"foes": foes, "level": level, "relentless": fled is None}, ends=True)


def secret_section(level: Level, area: Area, secret: list[Doorway]) -> Section:
    here = hub(level.number, area.number)
    key_ = event(level.number, area.number, "secret")
    sides = [dw.side for dw in secret]
    words = (say("solo.secret.one", walls=sides[0]) if len(sides) == 1
             else say("solo.secret.many", walls=say("solo.secret.and", first=", ".join(sides[:-1]), last=sides[-1])))
    return Section(key_, "secret", [tick(say("solo.took", mark=mark(key_)), key_), text(words),
                                    go(say("solo.back", to=ref(here)), here)], level.number)


def _loot_words(loot: list[dict[str, Any]], colours: dict[str, str]) -> str:
    return "; ".join(_item_words(item, colours) for item in loot)


def _item_words(loot: dict[str, Any], colours: dict[str, str]) -> str:
    """A found item as a lone rogue sees it: a magic one by its colour alone, its status told."""
    if loot["kind"] == "amulet":
        return say("item.fake-amulet")
    if loot.get("magic"):
        seen = say("solo.loot.magic", colour=colours[loot["magic"]], kind=say(f"kind.{loot['kind']}"))
        status = say(f"status.{loot['status']['code']}") if "status" in loot else ""
        return say("loot.with-status", item=seen, status=status) if status else seen
    return key.loot_text(loot, colours)


# --- the shop, the terminal, the stairs ----------------------------------------------------------------------


def shop_sections(campaign: Campaign, built: Built, shop: dict[str, Any]) -> list[Section]:
    level = built.level.number
    start = hub(level, built.level.arrival)
    here = f"{level}/shop"
    lines, mimic = [], None
    for item in shop["stock"]:
        if item["item"] == "mimic":
            mimic = item
            continue
        lines.append(say("key.stock", item=_stock_words(item, campaign.colours),
                         price=key.price_text(item["price"], item["each"])))
    scrolls = {"count": shop["identify_scrolls"], "price": shop["identify_price"]}
    lines.append(say("key.identify-many", **scrolls) if scrolls["count"] > 1 else say("key.identify-one", **scrolls))
    steps = [text(say("solo.shop.enter", level=level)), text("\n".join(lines), "stats"),
             Step("shop", say("solo.shop.buy", buys=rules.campaign()["shop"]["buys_at"]),
                  data={"stock": [i for i in shop["stock"] if i["item"] != "mimic"]})]
    options = [Option(say("solo.shop.leave", to=ref(start)), Way(start))]
    sections = []
    if mimic is not None:
        fight, won = f"{level}/mimic", f"{level}/mimic/won"
        options.insert(0, Option(say("solo.shop.chest", price=mimic["price"], mark=mark(fight), to=ref(fight)),
                                 Way(fight), lacks=(fight,), asks={"gold": mimic["price"]}))
        foe = rules.campaign()["mimic"]
        sections = [
            Section(fight, "fight", [
                text(say("solo.shop.mimic")),
                text(say("solo.fight.stats", name=foe["name"].upper(), text=key.foe_stats(foe)), "stats"),
                _fight_step(built.difficulty, won, None, fight, here,
                            [{"name": foe["name"], "hp": foe["hp"], "damage": foe["damage_dice"],
                              "attack": foe["attack_dice"], "fire": None, "edible": False, "diseased": False,
                              "traits": list(foe["traits"])}], level)], level),
            Section(won, "fight-won", [tick(say("solo.fight.won", mark=mark(fight)), fight),
                                       go(say("solo.back", to=ref(here)), here)], level),
        ]
    steps.append(Step(CHOOSE, options=tuple(options)))
    return [Section(here, "shop", steps, level)] + sections


def _stock_words(item: dict[str, Any], colours: dict[str, str]) -> str:
    if item["item"] == "loot":
        return _item_words(item["loot"], colours)
    if item["item"] in ("scroll", "spellbook"):
        spell = item["spell"]
        return say(f"item.{item['item']}", spell=say("item.spell", name=spell["name"], level=spell["level"]))
    if item["item"] == "fake-amulet":
        return say("item.fake-amulet")
    row = rules.tables()["shop-stock"].lookup(item["roll"])
    return say(f"item.{item['item']}", count=item.get("count", ""), armor=row.get("armor", ""),
               bonus=row.get("bonus", ""), skill=row.get("skill", ""))


def terminal_section(built: Built) -> Section:
    level = built.level.number
    start = hub(level, built.level.arrival)
    return Section(f"{level}/terminal", "terminal", [
        text(say("solo.terminal.enter")),
        Step("hack", say("solo.terminal.hack", successes=successes(built.difficulty), level=level, to=ref(start)),
             ways={"hacked": Way(start, ticks=(hack_mark(level),)), "failed": Way(start)},
             data={"level": level}, ends=True),
    ], level)


def down_key(level: int) -> str:
    return f"{level}/down"


def up_key(level: int) -> str:
    return f"{level}/up"


def stairs(campaign: Campaign) -> list[Section]:
    found = []
    for above, built in zip(campaign.levels, campaign.levels[1:]):
        level = built.level.number
        down, arrival = down_key(above.level.number), hub(level, built.level.arrival)
        found.append(Section(down, "stairs", [
            text(say("solo.stairs.down", level=level, difficulty=built.difficulty)),
            Step("level-up", say("solo.stairs.level-up", mark=mark(down), rule=say("rule.level-up", most=6)),
                 data={"mark": down, "level": level}),
            go(say("solo.on", to=ref(arrival)), arrival)], above.level.number))
    for built in campaign.levels:
        level = built.level.number
        if level == 1:
            steps = [text(say("solo.stairs.out")), go(say("solo.on", to=ref(SURFACE)), SURFACE)]
        else:
            above = campaign.levels[level - 2]
            target = hub(level - 1, above.stairs_area)
            steps = [text(say("solo.stairs.up", level=level - 1)), go(say("solo.on", to=ref(target)), target)]
        found.append(Section(up_key(level), "stairs", steps, level))
    return found
