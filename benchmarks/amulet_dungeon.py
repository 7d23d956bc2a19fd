"""Time Amulet dungeons: generation alone (levels per second), maps alone, and the whole PDF.

    python benchmarks/amulet_dungeon.py                      the figures the README quotes
    python benchmarks/amulet_dungeon.py --measure [--level-size U] [--seeds N] [--levels L] [--scaling]
        what the dice rolled against what the maps show, over N dungeons of L levels (default 1,202
        of 3 at the default level size; with Scaling, its normal levels): drawn room sizes, exit types,
        walldoors, murder holes, contents; and the rules' own floor for the room shapes beside it
"""

import argparse
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's printgen, not an installed one

from printgen import products
from printgen.dice import chi_square
from printgen.maps.walls import facing, runs
from printgen.products import build
from printgen.seed import SeedCode, stream
from printgen.systems.amulet import GAME, room_forms, rules
from printgen.systems.amulet import dungeon as dungeon_product
from printgen.systems.amulet import generate as dungeon
from printgen.systems.amulet.level import LevelBuilder, Planned, exits_that_fit
from printgen.systems.amulet.rolls import Roller
from printgen.systems.amulet.room_forms import DIRECTIONS

TURNED = ("impossible", "two-impossible")  # a rolled exit the rules made a teleporter, or two of them a Stair


def code_for(seed: str, levels: int, units: int, fmt: str = "pdf", scaling: bool = False) -> SeedCode:
    return SeedCode.make("dungeon", "amulet", seed, {"levels": levels, "level-size": units,
                                                    "scaling": "yes" if scaling else "no", "paper": "letter",
                                                    "format": fmt})


def timing() -> None:
    build(code_for("warm-up", 1, 8))  # imports, fonts
    seeds = 100
    for units in (8, 16):
        start = time.perf_counter()
        rooms = 0
        for i in range(seeds):
            built = dungeon.generate(code_for(f"bench-{i}", 3, units), 3, units, False)
            rooms += sum(len(level.areas) for level in built.levels)
        elapsed = time.perf_counter() - start
        print(f"generation, {units:2} units: {3 * seeds / elapsed:.0f} levels/s, {rooms / (3 * seeds):.1f} rooms a level")
    request = products.request(code_for("bench-maps", 10, 8))
    built = dungeon_product.generate(request)
    start = time.perf_counter()
    maps = [dungeon_product.maps_pdf(built, request, mapper) for mapper in (True, False)]
    print(f"maps: {time.perf_counter() - start:.3f} s for 20 map pages, {sum(map(len, maps)) / 1024:.0f} KiB")
    for levels in (3, 10):
        runs = 3
        start = time.perf_counter()
        for i in range(runs):
            data = build(code_for(f"bench-{i}", levels, 8))
        elapsed = (time.perf_counter() - start) / runs
        print(f"PDF, {levels:2} levels: {elapsed:.2f} s per dungeon, {len(data) / 1024:.0f} KiB")
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


# -- what the dice rolled against what the maps show ------------------------------------------------


def survey(levels) -> dict:
    """Count, over normal levels, what was rolled and what was drawn. Plain numbers, for the report and tests."""
    kind_of = {int(row.low): rules.code_of(row) for row in rules.tables()["exit-type"].rows if not row.get("gm")}
    s = {"levels": 0, "rooms": 0, "size_rolled": Counter(), "size_drawn": Counter(), "shrunk": 0,
         "shrunk_by_size": Counter(), "exit_rolled": Counter(), "exit_kept": Counter(), "exit_drawn": Counter(),
         "turned_teleport": 0, "turned_stair": 0, "dropped": 0, "secret_by_wall": Counter(), "blocked": 0,
         "stairs": 0, "teleporters": 0, "murder_rolled": 0, "murder_bricked": 0, "contents_items": Counter(),
         "stairs_added": 0, "joined": 0}
    for level in levels:
        if level.data["kind"] != "normal":
            continue
        s["levels"] += 1
        for area in level.areas:
            s["rooms"] += 1
            rolled, drawn = area.data["size_rolled"], area.data["size"]
            s["size_rolled"][rolled] += 1
            s["size_drawn"][drawn] += 1
            if drawn < rolled:
                s["shrunk"] += 1
                s["shrunk_by_size"][rolled] += 1
            kinds = [kind_of[t] for t in area.rolls.get("exit-type", []) if t in kind_of]
            s["exit_rolled"].update(kinds)
            placed = [e for e in area.exits if e.rolled and not e.far_side]
            for e in placed:
                why = e.data.get("why")
                if why == "impossible":
                    s["turned_teleport"] += 1
                    s["exit_drawn"]["teleport"] += 1
                elif why == "two-impossible":
                    s["turned_stair"] += 2  # two rolled exits, one Stair
                    s["exit_drawn"]["stair"] += 2
                else:
                    s["exit_kept"][e.kind] += 1
                    s["exit_drawn"][e.kind] += 1
                    if why == "shared-wall":
                        s["secret_by_wall"][e.kind] += 1
                    if e.leads == "blocked":
                        s["blocked"] += 1
            s["dropped"] += sum(1 for e in placed if e.data.get("why") == "two-impossible")
            s["joined"] += len(area.data.get("exits_joined", []))
            for e in area.exits:
                if e.far_side:
                    continue
                s["stairs"] += e.kind == "stair"
                s["teleporters"] += e.kind == "teleport"
                s["stairs_added"] += e.kind == "stair" and not e.rolled
            items = area.data["contents"]
            if not any(item.get("why") == "secret-one-exit" for item in items):
                s["contents_items"][len(items)] += 1
            for item in items:
                if item["code"] == "murder-hole":
                    s["murder_rolled"] += 1
                    s["murder_bricked"] += item.get("looks_into") is None
    return s


def report(s: dict, out=sys.stdout) -> None:
    def say(*parts):
        print(*parts, file=out)

    rooms, lv = s["rooms"], s["levels"]
    say(f"{lv} levels, {rooms} rooms ({rooms / lv:.1f} a level)")
    sizes = rules.shares("room-size", "units")
    value, df, p = chi_square(s["size_rolled"], sizes)
    say(f"room sizes rolled: chi-square {value:.1f} (df {df}, p {p:.3g})")
    value, df, p = chi_square(s["size_drawn"], sizes)
    say(f"room sizes drawn:  chi-square {value:.1f} (df {df}, p {p:.3g}); drawn/dice: "
        + ", ".join(f"{k}: {s['size_drawn'][k]} of {s['size_rolled'][k]} rolled, "
                    f"{s['size_drawn'][k] / rooms / sizes[k]:.2f}×" for k in sorted(sizes)))
    say(f"rooms shrunk: {s['shrunk']} of {rooms} ({s['shrunk'] / rooms:.1%}); by size rolled: "
        + ", ".join(f"{k}: {s['shrunk_by_size'][k] / max(1, s['size_rolled'][k]):.1%}" for k in sorted(sizes)))
    rolled = sum(s["exit_rolled"].values())
    turned = s["turned_teleport"] + s["turned_stair"]
    say(f"exits rolled: {rolled} ({rolled / lv:.1f} a level); turned into teleporters {s['turned_teleport']} "
        f"({s['turned_teleport'] / rolled:.1%}) or Stairs {s['turned_stair']} ({s['turned_stair'] / rolled:.1%}): "
        f"{turned / rolled:.1%}; kept {sum(s['exit_kept'].values()) / rolled:.1%}; standing where another room's "
        f"exit was {s['joined'] / rolled:.1%}")
    say(f"kept exits made secret by a shared wall: {sum(s['secret_by_wall'].values()) / rolled:.1%} of rolled; "
        f"kept exits that open on solid rock: {s['blocked'] / rolled:.2%}")
    types = rules.shares("exit-type")
    say(f"stairs {s['stairs'] / lv:.2f} a level ({s['stairs_added'] / lv:.2f} added to a last room), teleporters "
        f"{s['teleporters'] / lv:.2f} a level; of all rolled exits drawn as teleporters "
        f"{s['exit_drawn']['teleport'] / rolled:.1%}, as Stairs {s['exit_drawn']['stair'] / rolled:.1%}")
    value, df, p = chi_square(s["exit_rolled"], types)
    say(f"exit types rolled: chi-square {value:.1f} (df {df}, p {p:.3g})")
    value, df, p = chi_square(s["exit_drawn"], types)
    say(f"exit types drawn:  chi-square {value:.1f} (df {df}, p {p:.3g}); drawn/dice: "
        + ", ".join(f"{k} {s['exit_drawn'][k] / rolled / q:.2f}×" for k, q in types.items()))
    say("kept of rolled, by type: " + ", ".join(
        f"{k} {s['exit_kept'][k] / max(1, s['exit_rolled'][k]):.1%}" for k in types))
    walldoors = s["exit_rolled"]["walldoor"]
    say(f"walldoors rolled {walldoors}: kept {s['exit_kept']['walldoor'] / walldoors:.1%} (secret by a shared wall "
        f"{s['secret_by_wall']['walldoor'] / walldoors:.1%}), gone {1 - s['exit_kept']['walldoor'] / walldoors:.1%}")
    mh = s["murder_rolled"]
    say(f"murder holes rolled {mh}: bricked up {s['murder_bricked']} ({s['murder_bricked'] / max(1, mh):.1%}), "
        f"looking into a room {mh - s['murder_bricked']}")
    items = s["contents_items"]
    shares = rules.shares("contents")
    rolls_more = {"roll-2": 1, "roll-3": 2}  # the rules' 'Roll again' and 'Roll two more times'
    items_for_one = (1 - sum(shares[k] for k in rolls_more)) / (1 - sum(shares[k] * n for k, n in rolls_more.items()))
    say(f"contents per room: mean {sum(k * v for k, v in items.items()) / sum(items.values()):.3f} "
        f"(the dice: {items_for_one:.3f}); " + ", ".join(f"{k}: {v}" for k, v in sorted(items.items())))


WAYS_IN = {"a straight door": (0, 2, 4, 6), "a door in a 45° wall": (1, 3, 5, 7), "no door": (None,)}


def kept_alone(word: str, size: int, exits: list[Planned], back: int | None) -> tuple[int, int]:
    """How many of ``exits``, and of their walldoors, a room of ``word`` and ``size`` alone on an empty
    level can take, every form and turn tried, entered through a one-unit door in a wall of its facing
    ``back`` (a unit of it taken by the way in; None: not entered); (-1, -1) if no form has such a wall."""
    best = walldoors = -1
    wanted = [e for e in exits if e.kind == "walldoor"]
    for form in room_forms.forms(word, size):
        ways_in = [u for u in form.walls if u[1] == back] if back is not None else [None]
        for way_in in ways_in:
            open_runs = {d: [tuple(r) for r in runs([u for u in facing(form, d) if u != way_in])] for d in (0, 2, 4, 6)}
            best = max(best, exits_that_fit(open_runs, exits))
            walldoors = max(walldoors, exits_that_fit(open_runs, wanted))
    return best, walldoors


def floors(samples: int = 20000) -> dict[str, tuple[float, float]]:
    """What no placement can keep: rooms rolled on the tables, each at its rolled size alone on an empty
    level, entered through a one-unit door (in a straight wall or a 45° one) or not entered, every form
    and turn tried: for each way in, the share of their rolled exits, and of their walldoors, that no wall
    can take. A room whose shape has no wall to meet the door at its rolled size (a Square along the
    grid behind a 45° wall) is left out of that way in: behind such a door it is drawn turned, or smaller."""
    roller = Roller(stream("amulet-floors"))
    found = Counter()
    for _ in range(samples):
        size = roller.row("room-size")["units"]
        word = roller.row("room-shape").result
        count = int(roller.row("exit-number")["exits"])
        for way, sides in WAYS_IN.items():
            back = sides[roller.choose(len(sides))]
            exits = [Planned(DIRECTIONS[roller.row("exit-location").result.lower()],
                             roller.row("exit-type").result.lower()) for _ in range(count - (back is not None))]
            best, walldoors = kept_alone(word, size, exits, back)
            if best < 0:
                continue
            found[way, "exits"] += len(exits)
            found[way, "lost"] += len(exits) - best
            found[way, "walldoors"] += sum(e.kind == "walldoor" for e in exits)
            found[way, "walldoors lost"] += sum(e.kind == "walldoor" for e in exits) - walldoors
    return {way: (found[way, "lost"] / found[way, "exits"], found[way, "walldoors lost"] / found[way, "walldoors"])
            for way in WAYS_IN}


def own_floor(levels_and_plans) -> tuple[float, float]:
    """The floor of the very rooms drawn: each room's rolled exits at its rolled size (or the largest at
    which its shape can meet its way in: a Circle of one unit has no 45° wall), with its own way in, alone
    on an empty level (``kept_alone``); the shares of them, and of their walldoors, no wall could take."""
    exits = lost = walldoors = walldoors_lost = 0
    for level, plans in levels_and_plans:
        for area in level.areas:
            plan = plans[area.number]
            rolled = plan.exits
            way_in = next((e for e in area.exits if e.far_side and e.to == area.entered_from), None)
            back = way_in.side if way_in is not None and area.data["entered_by"] == "exit" else None
            best, kept_walldoors = next(kept for size in range(area.data["size_rolled"], 0, -1)
                                        if (kept := kept_alone(plan.word, size, rolled, back))[0] >= 0)
            count = sum(p.kind == "walldoor" for p in rolled)
            exits += len(rolled)
            lost += len(rolled) - max(best, 0)
            walldoors += count
            walldoors_lost += count - max(kept_walldoors, 0)
    return lost / exits, walldoors_lost / walldoors


def measure(seeds: int, units: int, levels: int = 3, scaling: bool = False) -> tuple[dict, list]:
    """The normal levels of ``seeds`` dungeons, each built as the dungeon builds it, surveyed; with each
    level, its rooms' plans (what was rolled for them before they were drawn)."""
    built = []
    for i in range(seeds):
        code = code_for(f"m{i}", levels, units, scaling=scaling)
        for number in range(1, levels + 1):
            if dungeon.level_kind(number, scaling) == "normal":
                builder = LevelBuilder(code, number, units)
                built.append((builder.build(), builder.plans))
    return survey([level for level, _ in built]), built


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--measure", action="store_true")
    parser.add_argument("--seeds", type=int, default=1202)
    default = int(next(o.default for o in GAME.dungeon.options if o.name == "level-size"))
    parser.add_argument("--level-size", type=int, default=default)
    parser.add_argument("--levels", type=int, default=3)
    parser.add_argument("--scaling", action="store_true")
    args = parser.parse_args()
    if not args.measure:
        timing()
        return
    start = time.perf_counter()
    found, built = measure(args.seeds, args.level_size, args.levels, args.scaling)
    print(f"{args.seeds} dungeons of {args.levels} levels{' with Scaling' if args.scaling else ''}, "
          f"{args.level_size} × {args.level_size} units (seeds m0–m{args.seeds - 1}), "
          f"{time.perf_counter() - start:.1f} s")
    report(found)
    rolled = sum(found["exit_rolled"].values())
    turned = (found["turned_teleport"] + found["turned_stair"]) / rolled
    walldoors = found["exit_kept"]["walldoor"] / found["exit_rolled"]["walldoor"]
    own_turned, own_walldoors = own_floor(built)
    print(f"printgen against the rules' floor for these very rooms (each at its rolled size, with its own way "
          f"in, alone on an empty level, every form and turn tried): rolled exits turned into teleporters or "
          f"Stairs {turned:.1%} (floor {own_turned:.1%}); walldoors kept {walldoors:.1%} (at most "
          f"{1 - own_walldoors:.1%}); rooms shrunk {found['shrunk'] / found['rooms']:.1%}")
    print("the rules' own floor for rooms rolled on the tables (20,000 rooms at their rolled sizes, alone on an "
          "empty level, every form and turn tried), by the way in: "
          + "; ".join(f"through {way}, {lost:.1%} of rolled exits and {walldoors_lost:.1%} of walldoors have no "
                      f"room on their wall" for way, (lost, walldoors_lost) in floors().items()))


if __name__ == "__main__":
    main()
