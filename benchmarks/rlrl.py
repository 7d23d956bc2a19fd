"""Time the Rogue Like Roguelike campaign: generation (levels per second), JSON, and the PDF by part.

CPU time is given beside the wall-clock time, which a busy machine stretches.

    python benchmarks/rlrl.py                 the figures the README quotes
    python benchmarks/rlrl.py --measure [N]   the dice against the map, over N campaigns (default 1,000)
"""

import functools
import inspect
import resource
import sys
import time
from collections import Counter

from printgen.dice import chi_square, parse
from printgen.maps.geometry import step
from printgen.maps.spots import area_spots
from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.rlrl import contents
from printgen.systems.rlrl import generate as campaign
from printgen.systems.rlrl import level as rlrl_level
from printgen.systems.rlrl.sheet_corners import HEIGHT, WIDTH

try:
    from printgen.systems.rlrl.free_forms import corridor_path
except ImportError:  # an older printgen, measured for comparison
    corridor_path = None


def code(seed: str, **options: object) -> SeedCode:
    return SeedCode.make("dungeon", "rlrl", seed, {"rooms": 8, "copies": "both", "paper": "letter", **options})


def timed(label: str, runs: int, make) -> None:
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(runs):
        data = make(i)
    elapsed = (time.perf_counter() - start) / runs
    busy = (time.process_time() - cpu) / runs
    print(f"{label}: {elapsed:.3f} s each ({busy:.3f} s of CPU), {len(data) / 1024:.0f} KiB")


def main() -> None:
    build(code("warm-up"))  # imports, fonts
    campaigns = 10
    cpu = time.process_time()
    for i in range(campaigns):
        campaign.generate(code(f"bench-{i}"), 8)
    busy = time.process_time() - cpu
    print(f"generation: {10 * campaigns} levels in {busy:.2f} s of CPU = {10 * campaigns / busy:.0f} levels/s")
    timed("JSON, ten levels", 5, lambda i: build(code(f"bench-{i}", format="json")))
    for copies in ("rogue", "dm", "both"):
        timed(f"PDF, --copies {copies}", 3, lambda i: build(code(f"bench-{i}", copies=copies)))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak:.0f} MiB")


def shares(label: str, counts: Counter, notation: str) -> None:
    """Each total's share of ``counts`` against its dice, as a ratio; the worst; chi-square and p."""
    distribution = parse(notation).distribution()
    n = sum(counts.values())
    ratios = {v: counts.get(v, 0) / n / float(p) for v, p in distribution.items()}
    chi2, _, p = chi_square(counts, distribution)
    worst = max(ratios, key=lambda v: abs(ratios[v] - 1))
    print(f"{label}: {n:,}; worst total {worst} at {ratios[worst]:.2f}x ({abs(ratios[worst] - 1):.1%} off); "
          f"chi-square {chi2:,.1f} (p = {p:.3g})")
    print("    " + "  ".join(f"{v}:{r:.2f}x" for v, r in ratios.items()))


def faces_edge(exit_) -> bool:
    if exit_.at is None:
        return False
    x, y = step(exit_.at, exit_.side)
    return not (1 <= x <= WIDTH - 2 and 1 <= y <= HEIGHT - 2)


def why_false(exit_) -> str:
    """Why a door is false, from what the generator kept on it."""
    behind = exit_.data.get("unplaced", {})
    if "Room" in behind:
        return "its room fits nowhere"
    if "Corridor" in behind:
        return "its corridor fits nowhere"
    if exit_.at is None:
        return "no wall left"
    return "left to explore, shut in" if exit_.leads == "blocked" else "other"


def measure(campaigns: int) -> None:
    """Every room, corridor and stairs-down room rolled against what stands on the map, over ``campaigns``
    campaigns of the default options (seeds m0, m1, ...); the false doors and why; the starting rooms' doors."""
    rolled: Counter = Counter()  # (what, total) rolled, placed or not
    attempts = Counter()
    roll_room, roll, builder_init = contents.roll_room, contents.roll, rlrl_level.LevelBuilder.__init__
    searches: Counter = Counter()  # free-form path searches, and those that ran out of squares to try
    tallied = corridor_path is not None and "tally" in inspect.signature(corridor_path).parameters

    def counting_room(*args, **kwargs):
        room = roll_room(*args, **kwargs)
        rolled["room", room["squares"]] += 1
        return room

    def counting(notation, rng):
        total = roll(notation, rng)
        if sys._getframe(1).f_code.co_name == "_corridor_beyond":
            rolled["corridor", total] += 1
        return total

    def counting_builds(self, code, number, rooms, last, attempt=0):
        attempts[attempt] += 1
        builder_init(self, code, number, rooms, last, attempt)

    contents.roll_room, contents.roll, rlrl_level.LevelBuilder.__init__ = counting_room, counting, counting_builds
    if tallied:
        rlrl_level.corridor_path = functools.partial(corridor_path, tally=searches)
    start = time.process_time()
    try:
        levels = [built for i in range(campaigns) for built in campaign.generate(code(f"m{i}"), 8).levels]
    finally:
        contents.roll_room, contents.roll, rlrl_level.LevelBuilder.__init__ = roll_room, roll, builder_init
        if tallied:
            rlrl_level.corridor_path = corridor_path
    busy = time.process_time() - start
    print(f"{campaigns:,} campaigns, {len(levels):,} levels ({len(levels) / busy:.0f} levels/s of CPU); "
          f"levels rolled again: {sum(v for k, v in attempts.items() if k)} of {sum(attempts.values())} tries")
    placed: dict[str, Counter] = {"room": Counter(), "stairs": Counter(), "start": Counter(), "corridor": Counter()}
    corridor_ends, room_doors, start_doors = Counter(), Counter(), Counter()
    start_rooms = Counter()
    for built in levels:
        for area in built.level.areas:
            if area.type == rlrl_level.CORRIDOR:
                placed["corridor"][len(area.cells)] += 1
                for exit_ in area.exits:
                    if exit_.fixed and exit_.kind != "dead-end":
                        corridor_ends["false" if exit_.kind == rlrl_level.FALSE else exit_.leads] += 1
                        if exit_.kind == rlrl_level.FALSE:
                            corridor_ends[f"false: {why_false(exit_)}"] += 1
                continue
            which = ("start" if area.type == rlrl_level.STARTING_ROOM
                     else "stairs" if area.number == built.stairs_area else "room")
            placed[which][len(area.cells)] += 1
            doors = start_doors if which == "start" else room_doors
            for exit_ in area.exits:
                if not exit_.rolled or exit_.fixed:
                    doors["added" if not exit_.rolled else "fixed"] += 1
                    continue
                doors["rolled"] += 1
                if exit_.kind == rlrl_level.FALSE:
                    why = "not drawn" if exit_.at is None else "onto the edge" if faces_edge(exit_) else "drawn"
                    doors[f"false, {why}"] += 1
                    doors[f"false: {why_false(exit_)}"] += 1
                    doors["false"] += 1
                elif faces_edge(exit_):
                    doors["working, onto the edge"] += 1
            if which == "start":
                working = [e for e in area.exits if e.rolled and e.kind != rlrl_level.FALSE]
                start_rooms["no working rolled door"] += not working
                start_rooms["a rolled door onto the edge"] += any(e.rolled and faces_edge(e) for e in area.exits)
                start_rooms["a door printgen added"] += any(not e.rolled for e in area.exits)
                start_rooms["levels"] += 1
            if which == "stairs":
                label = area_spots(area, [])[0]
                start_rooms["stairs rooms whose number is set on the stairs"] += (
                    (int(label.x), int(label.y)) == built.corners.stairs_cell)
    room_total = Counter({k[1]: v for k, v in rolled.items() if k[0] == "room"})
    corridor_total = Counter({k[1]: v for k, v in rolled.items() if k[0] == "corridor"})
    print(f"rooms rolled behind doors: {sum(room_total.values()):,}; placed: "
          f"{sum(placed['room'].values()) + sum(placed['stairs'].values()):,} "
          f"({sum(placed['stairs'].values()):,} of them around the stairs down)")
    print(f"corridors rolled: {sum(corridor_total.values()):,}; placed: {sum(placed['corridor'].values()):,}")
    shares("rolled rooms (2d6)", room_total, "2d6")
    shares("placed rooms, not the stairs' (2d6)", placed["room"], "2d6")
    shares("placed rooms around the stairs down (2d6)", placed["stairs"], "2d6")
    shares("placed starting rooms (2d6)", placed["start"], "2d6")
    shares("every placed room (2d6)", placed["room"] + placed["stairs"] + placed["start"], "2d6")
    shares("rolled corridors (2d6)", corridor_total, "2d6")
    shares("placed corridors (2d6)", placed["corridor"], "2d6")
    ends = sum(v for k, v in corridor_ends.items() if not k.startswith("false:"))
    print(f"corridor ends: {ends:,}; " + ", ".join(f"{k} {v / ends:.2%}" for k, v in sorted(corridor_ends.items())))
    for label, doors in (("room doors", room_doors), ("starting-room doors", start_doors)):
        n = doors["rolled"]
        print(f"{label}: {n:,} rolled (and {doors['added']:,} added); "
              + ", ".join(f"{k} {v:,} ({v / n:.2%})" for k, v in sorted(doors.items())
                          if k not in ("rolled", "added", "fixed")))
    n = start_rooms.pop("levels")
    print(f"starting rooms: {n:,}; " + ", ".join(f"{k} {v:,}" for k, v in sorted(start_rooms.items())))
    if tallied:
        print(f"free-form path searches: {searches['searches']:,}, "
              f"of which ran out of squares to try: {searches['ran_out']:,}")


if __name__ == "__main__":
    if "--measure" in sys.argv:
        rest = [a for a in sys.argv[1:] if a != "--measure"]
        measure(int(rest[0]) if rest else 1000)
    else:
        main()
