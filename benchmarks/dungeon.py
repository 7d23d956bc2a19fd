"""Time Roguelike dungeons: generation alone (levels per second) and the whole booklet.

    python benchmarks/dungeon.py            the figures the README quotes
    python benchmarks/dungeon.py --measure  the map targets, over 1,000 dungeons of 3 levels
"""

import sys
import time
from collections import Counter

from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.roguelike import generate as dungeon
from printgen.systems.roguelike import rules
from printgen.systems.roguelike.map_page import map_squares
from printgen.units import paper
from printgen.words import BUILT_IN

LETTER = map_squares(paper("letter"))


def options_for(levels: int, rooms: int) -> dict[str, object]:
    return {"levels": levels, "rooms": rooms, "paper": "letter", "format": "pdf"}


def timing() -> None:
    # Generation first, before any PDF library is loaded, as in a `printgen dungeon` process: a
    # heap full of WeasyPrint makes every garbage collection slower and the figure less about the generator.
    seeds = 100
    codes = [SeedCode.make("dungeon", "roguelike", f"bench-{i}", options_for(3, 16)) for i in range(seeds)]
    dungeon.generate(BUILT_IN, codes[0], 3, 16, LETTER)  # warm-up: tables and stream set-up
    rates = []
    for _ in range(3):
        start = time.process_time()
        for code in codes:
            dungeon.generate(BUILT_IN, code, 3, 16, LETTER)
        rates.append(3 * seeds / (time.process_time() - start))
    print(f"generation: {max(rates):.0f} levels/s of CPU (best of 3 rounds of {3 * seeds} levels; "
          f"all: {', '.join(f'{r:.0f}' for r in rates)})")
    build(SeedCode.make("dungeon", "roguelike", "warm-up", options_for(1, 16)))  # imports, fonts
    for levels in (3, 10):
        runs = 3
        start = time.perf_counter()
        for i in range(runs):
            data = build(SeedCode.make("dungeon", "roguelike", f"bench-{i}", options_for(levels, 16)))
        elapsed = (time.perf_counter() - start) / runs
        print(f"PDF, {levels:2} levels: {elapsed:.3f} s per dungeon in a warm process, {len(data) / 1024:.0f} KiB "
              f"(whole processes: benchmarks/text_pages.py)")


def measure(seeds: int = 1000) -> None:
    """The shares the issue names: exits, placed areas against the dice, pages, rooms."""
    rolled = []
    roll_area = dungeon.roll_area

    def counting(rng):
        plan = roll_area(rng)
        rolled.append(plan)
        return plan

    dungeon.roll_area = counting
    levels = [level for i in range(seeds)
              for level in dungeon.generate(BUILT_IN,
                                            SeedCode.make("dungeon", "roguelike", f"m{i}", options_for(3, 16)),
                                            3, 16, LETTER).levels]
    dungeon.roll_area = roll_area
    areas = [a for level in levels for a in level.areas]
    exits = [e for a in areas for e in a.exits]
    leads = Counter(e.leads for e in exits)
    print(f"{len(levels)} levels, {len(areas)} areas, {len(exits)} exits: "
          + ", ".join(f"{k} {v / len(exits):.2%}" for k, v in sorted(leads.items())))
    doors = [e for e in exits if e.kind not in ("open", "dead-end")]
    print(f"rolled doors with no room in their walls (listed as 'also'): {sum(e.at is None for e in doors) / len(doors):.2%}")
    print(f"doors printgen added: {sum(not e.rolled for e in exits)}")
    print(f"levels on one page: {sum((l.width, l.height) == LETTER for l in levels) / len(levels):.1%}")
    loops = sum(any(e.to is not None and l.area(e.to).entered_from != a.number for a in l.areas for e in a.exits)
                for l in levels)
    print(f"levels with a loop: {loops / len(levels):.1%}; rolled areas {len(rolled)}, placed {len(areas)}")
    tables = rules.tables()

    def report(name, counts, table_id, field=None):
        table = tables[table_id]
        odds = Counter()
        for row in table.rows:
            odds[row[field] if field else row.result] += float(table.row_probability(row))
        total = sum(counts.values())
        worst = max(abs(counts[k] / total / p - 1) for k, p in odds.items())
        print(f"{name}: worst placed share off the dice by {worst:.1%} (relative); "
              + ", ".join(f"{k} {counts[k] / total / p:.2f}×" for k, p in odds.items()))

    passages = [a for a in areas if "direction_length" in a.data["features"]]
    rooms = [a for a in areas if "area_sqft" in a.data["features"]]
    report("room type", Counter(a.type for a in areas), "room-type")
    report("direction/length", Counter(a.data["features"]["direction_length"] for a in passages), "corridor-features")
    report("width", Counter(a.data["features"]["width_ft"] for a in passages), "corridor-features", "width_ft")
    report("room area", Counter(len(a.cells) * 25 for a in rooms), "room-features", "area_sqft")
    for n in (4, 8, 16, 24, 32, 40):
        got = [l for i in range(40) for l in dungeon.generate(BUILT_IN,
            SeedCode.make("dungeon", "roguelike", f"r{i}", options_for(3, n)), 3, n, LETTER).levels]
        print(f"--rooms {n}: {sum(len(l.areas) >= n for l in got) / len(got):.1%} of {len(got)} levels have {n} areas, "
              f"{sum((l.width, l.height) == LETTER for l in got) / len(got):.0%} on one page")


if __name__ == "__main__":
    measure() if "--measure" in sys.argv else timing()
