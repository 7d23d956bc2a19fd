"""Time Amulet dungeons: generation alone (levels per second), maps alone, and the whole PDF.

    python benchmarks/amulet_dungeon.py
"""

import resource
import time

from printgen import products
from printgen.products import build
from printgen.render.determinism import pinned
from printgen.seed import SeedCode
from printgen.systems.amulet import dungeon as dungeon_product, generate as dungeon


def code_for(seed: str, levels: int, units: int, fmt: str = "pdf") -> SeedCode:
    return SeedCode.make("dungeon", "amulet", seed, {"levels": levels, "level-size": units, "scaling": "no",
                                                    "paper": "letter", "format": fmt})


def main() -> None:
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
    with pinned():
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


if __name__ == "__main__":
    main()
