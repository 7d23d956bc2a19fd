"""The map pages' figures, read back from their PDFs: how small the area numbers print, how far each "?" stands
from its exit, whether any mark's ink covers another's, the ink each map style spends, and how many pages the
largest Roguelike booklet takes.

    python benchmarks/map_figures.py [--seeds N] [--pages SEED ...]

Over ``moonpie`` and N seeds more (default 8) of each dungeon game at its defaults (Rogue Like Roguelike: three
of each campaign's levels), every sheet of every Referee's map on Letter. ``--pages``: the pages of a
10-level, 40-room Roguelike booklet for each seed named (default: moonpie, maps-big and four more).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import pikepdf  # noqa: E402
from map_readback import area_numbers, ink, ink_overlaps, questions, sheets  # noqa: E402
from parting import sample_pages  # noqa: E402

from printgen import products  # noqa: E402
from printgen.maps.draw_style import MapStyle  # noqa: E402
from printgen.maps.spots import INSIDE, LABEL, MARK, NOTE, RUBBLE, UNEXPLORED  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402
from printgen.units import PAPERS  # noqa: E402
from printgen.words import BUILT_IN

LETTER = PAPERS["letter"]
TOUCH = 1.5  # pt: a "?" ring this near its exit's opening (or its glyph's reach) touches it
ROLES = {LABEL, NOTE, MARK, INSIDE, UNEXPLORED, RUBBLE, "loose", "players"}  # door glyphs: the layout test


def figures(game: str, seeds: list[str]) -> None:
    smallest: list[tuple[float, str, int, str]] = []
    under = numbers = 0
    far: list[tuple[float, str, int, int]] = []
    asked = missing = shared = 0
    overlapping: list[tuple] = []
    ratios, page_ratios = [], []
    totals = [0.0] * 4  # ink-saver's and grey's ink: maps, pages
    for index, seed in enumerate(seeds):
        levels = [index % 10 + 1, (index + 3) % 10 + 1, (index + 7) % 10 + 1] if game == "rlrl" else None
        for page in referee_pages(game, seed, sorted(levels) if levels else None):
            grey = sheets(page, LETTER)
            saver = sheets(replace(page, style=MapStyle("ink-saver", seed)), LETTER)
            for sheet, light in zip(grey, saver):
                for run in area_numbers(sheet):
                    numbers += 1
                    under += run.size < 8 - 0.01
                    smallest.append((run.size, seed, page.level.number, run.text))
                for q in questions(sheet):
                    asked += 1
                    beyond = q.distance - q.reach
                    if beyond == float("inf"):
                        missing += 1
                    elif not q.own and beyond <= TOUCH:
                        shared += 1
                    elif beyond > TOUCH:
                        far.append((round(beyond, 1), seed, page.level.number, q.area))
                overlapping += [(seed, page.level.number, a.role, a.kind, a.area, b.role, b.kind, b.area)
                                for a, b in ink_overlaps(sheet, ROLES)]
                height = LETTER.height
                light_map, grey_map = (ink(d, box=sheet.map_box, height=height) for d in (light.data, sheet.data))
                light_page, grey_page = ink(light.data), ink(sheet.data)
                ratios.append(light_map / grey_map)
                page_ratios.append(light_page / grey_page)
                for k, value in enumerate((light_map, grey_map, light_page, grey_page)):
                    totals[k] += value
    smallest.sort()
    print(f"{game}: area numbers {numbers}, smallest {smallest[0][0]:.1f} pt ({smallest[0][1:]}), "
          f"{under} under 8 pt")
    print(f"{game}: unexplored exits {asked}, {len(far)} with their \"?\" more than {TOUCH} pt off, {shared} "
          f"touched by another's, {missing} with none"
          + (f" (farthest {max(far)[0]} pt: {max(far)[1:]})" if far else ""))
    print(f"{game}: marks whose ink overlaps another's: {len(overlapping)}" +
          (f", e.g. {overlapping[:3]}" if overlapping else ""))
    print(f"{game}: ink-saver over grey: maps {totals[0] / totals[1]:.3f} in all, {statistics.mean(ratios):.3f} a map "
          f"(most {max(ratios):.3f}); pages {totals[2] / totals[3]:.3f} in all (most {max(page_ratios):.3f})",
          flush=True)


def referee_pages(game: str, seed: str, levels):
    """The Referee's map pages of ``game`` at its defaults; "roguelike-40": 10 levels of 40 areas."""
    if game != "roguelike-40":
        return sample_pages(game, seed, "grey", levels)
    from printgen.maps import draw
    from printgen.systems.roguelike import dungeon, map_page

    built = dungeon.generate(products.request(SeedCode.make("dungeon", "roguelike", seed,
                                                            {"rooms": "40", "levels": "10"})))
    return [map_page.map_page(BUILT_IN, built, level, draw.GM, MapStyle("grey", seed)) for level in built.levels]


def pages(seed: str) -> int:
    code = SeedCode.make("dungeon", "roguelike", seed, {"rooms": "40", "levels": "10"})
    with pikepdf.open(io.BytesIO(products.build(code))) as pdf:
        return len(pdf.pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--games", nargs="*", default=["roguelike", "amulet", "rlrl"],
                        help="roguelike, amulet, rlrl, roguelike-40 (10 levels of 40 areas)")
    parser.add_argument("--pages", nargs="*", default=None)
    args = parser.parse_args()
    seeds = ["moonpie"] + [f"fig{n}" for n in range(args.seeds)]
    for game in args.games:
        figures(game, seeds)
    if args.pages is not None:
        for seed in args.pages or ["moonpie", "maps-big", "big0", "big1", "big2", "big3"]:
            print(f"roguelike 10 levels × 40 rooms, --seed {seed}: {pages(seed)} pages", flush=True)


if __name__ == "__main__":
    main()
