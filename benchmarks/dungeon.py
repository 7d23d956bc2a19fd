"""Time Roguelike dungeons: generation alone (levels per second) and the whole PDF.

    python benchmarks/dungeon.py
"""

import time

from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.roguelike import dungeon


def options_for(levels: int, rooms: int, paper: str, fmt: str) -> dict[str, object]:
    return {"levels": levels, "rooms": rooms, "paper": paper, "format": fmt}


def main() -> None:
    build(SeedCode.make("dungeon", "roguelike", "warm-up", options_for(1, 16, "letter", "pdf")))  # imports, fonts
    seeds = 100
    start = time.perf_counter()
    for i in range(seeds):
        dungeon.generate(SeedCode.make("dungeon", "roguelike", f"bench-{i}", options_for(3, 16, "letter", "pdf")), 3, 16)
    elapsed = time.perf_counter() - start
    print(f"generation: {3 * seeds} levels in {elapsed:.2f} s = {3 * seeds / elapsed:.0f} levels/s")
    for levels in (3, 10):
        runs = 5
        start = time.perf_counter()
        for i in range(runs):
            data = build(SeedCode.make("dungeon", "roguelike", f"bench-{i}", options_for(levels, 16, "letter", "pdf")))
        elapsed = (time.perf_counter() - start) / runs
        print(f"PDF, {levels:2} levels: {elapsed:.3f} s per dungeon, {len(data) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
