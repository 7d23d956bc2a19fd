"""The fixed set of products whose bytes are recorded in fixtures/product_hashes.json.

Each case is a command line (after "printgen"), without -o; the recorded
SHA-256 is of the file that command writes. A change that alters printed
bytes on purpose regenerates the fixture (``python tests/byte_identity_cases.py``)
in a commit of its own that says which products changed and why.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
FIXTURE = HERE / "fixtures" / "product_hashes.json"
CUSTOM_CSV = "tests/fixtures/custom-deck.csv"  # relative to the repository: a seed code records the path
CUSTOM_YAML = "tests/fixtures/custom-deck.yaml"
EXAMPLE_CSV = "templates/cards/example/lantern-crawl.csv"
EXAMPLE_LAYOUT = "templates/cards/example/layout.yaml"


def _cases() -> list[list[str]]:
    cases: list[list[str]] = []
    add = cases.append

    # Graph paper: every grid on both papers, and the page options.
    for paper in ("letter", "a4"):
        for grid in ("quarter-inch", "5mm", "inch", "hex"):
            add(["graph-paper", "--paper", paper, "--grid", grid, "--seed", "bi"])
    add(["graph-paper", "--pages", "3", "--heavy-every", "0", "--seed", "bi"])
    add(["graph-paper", "--paper", "a4", "--heavy-every", "10", "--seed", "bi2"])

    # Dungeons.
    for seed in ("bi1", "bi2", "bi3"):
        add(["dungeon", "--system", "roguelike", "--seed", seed, "--levels", "1"])
        add(["dungeon", "--system", "roguelike", "--seed", seed, "--format", "json"])
        add(["dungeon", "--system", "amulet", "--seed", seed, "--levels", "1"])
        add(["dungeon", "--system", "amulet", "--seed", seed, "--format", "json"])
        add(["dungeon", "--system", "rlrl", "--seed", seed, "--format", "json"])
    add(["dungeon", "--system", "roguelike", "--seed", "bi4"])
    add(["dungeon", "--system", "roguelike", "--seed", "bi5", "--levels", "2", "--rooms", "40", "--paper", "a4"])
    add(["dungeon", "--system", "roguelike", "--seed", "bi6", "--levels", "1", "--rooms", "6", "--players-map", "layout"])
    add(["dungeon", "--system", "roguelike", "--seed", "bi7", "--levels", "2", "--rooms", "25", "--format", "json"])
    add(["dungeon", "--system", "amulet", "--seed", "bi4"])
    add(["dungeon", "--system", "amulet", "--seed", "bi5", "--levels", "2", "--level-size", "12", "--paper", "a4"])
    add(["dungeon", "--system", "amulet", "--seed", "bi6", "--levels", "11", "--scaling", "--format", "json"])
    add(["dungeon", "--system", "amulet", "--seed", "bi7", "--levels", "1", "--level-size", "4"])
    add(["dungeon", "--system", "rlrl", "--seed", "bi1"])
    add(["dungeon", "--system", "rlrl", "--seed", "bi2", "--copies", "dm", "--paper", "a4"])
    add(["dungeon", "--system", "rlrl", "--seed", "bi3", "--copies", "rogue", "--rooms", "3"])
    add(["dungeon", "--system", "rlrl", "--seed", "bi4", "--rooms", "14", "--format", "json"])
    add(["dungeon", "--system", "roguelike", "--seed", "bi14", "--levels", "1", "--map-style", "hatched"])
    add(["dungeon", "--system", "amulet", "--seed", "bi14", "--levels", "1", "--map-style", "ink-saver"])
    add(["dungeon", "--system", "rlrl", "--seed", "bi14", "--copies", "dm", "--map-style", "hatched"])
    # Off the page: Universal VTT files and battle-scale sheets.
    add(["dungeon", "--system", "roguelike", "--seed", "bi15", "--levels", "1", "--format", "uvtt", "--ppg", "50"])
    add(["dungeon", "--system", "amulet", "--seed", "bi15", "--levels", "2", "--format", "uvtt"])
    add(["dungeon", "--system", "rlrl", "--seed", "bi15", "--format", "uvtt", "--ppg", "60"])
    add(["dungeon", "--system", "roguelike", "--seed", "bi15", "--levels", "1", "--scale", "battle"])
    add(["dungeon", "--system", "amulet", "--seed", "bi15", "--levels", "1", "--scale", "battle", "--paper", "a4"])
    add(["dungeon", "--system", "rlrl", "--seed", "bi15", "--scale", "battle", "--copies", "rogue"])
    for seed in ("bi8", "bi9", "bi10", "bi11", "bi12", "bi13"):
        add(["dungeon", "--system", "roguelike", "--seed", seed, "--levels", "1", "--rooms", "10"])
        add(["dungeon", "--system", "amulet", "--seed", seed, "--levels", "1", "--level-size", "6"])
        add(["dungeon", "--system", "rlrl", "--seed", seed, "--copies", "rogue"])

    # Decks: every deck of every game at its defaults, as PDF and as JSON.
    decks = {
        "roguelike": ("creatures", "weapons", "armor", "spells", "miracles", "traps", "loot", "encounters"),
        "amulet": ("monsters", "swarms"),
        "ascii-hack": ("zones", "monsters", "traps", "environs", "puzzles", "devices", "obstacles"),
        "card-rogue": ("all", "exploration", "pathing", "starting", "characters", "shop", "gold", "effects",
                       "references", "spares"),
        "rlrl": ("encounters",),
    }
    for system, names in decks.items():
        for name in names:
            add(["deck", name, "--system", system, "--seed", "bi"])
            add(["deck", name, "--system", system, "--seed", "bi", "--format", "json"])
    # Print options on a few decks.
    for size in ("bridge", "tarot", "mini", "square"):
        add(["deck", "creatures", "--system", "roguelike", "--seed", "bi", "--card-size", size])
        add(["deck", "monsters", "--system", "amulet", "--seed", "bi", "--card-size", size])
        add(["deck", "exploration", "--system", "card-rogue", "--seed", "bi", "--card-size", size])
    for duplex in ("short", "none"):
        add(["deck", "loot", "--system", "roguelike", "--seed", "bi", "--duplex", duplex])
    add(["deck", "spells", "--system", "roguelike", "--seed", "bi", "--paper", "a4", "--crop-marks", "full"])
    add(["deck", "weapons", "--system", "roguelike", "--seed", "bi", "--gutter", "4"])
    add(["deck", "armor", "--system", "roguelike", "--seed", "bi", "--bleed", "0"])
    add(["deck", "traps", "--system", "roguelike", "--seed", "bi", "--back-offset", "0.5,-1"])
    add(["deck", "miracles", "--system", "roguelike", "--seed", "bi", "--calibration"])
    add(["deck", "encounters", "--system", "rlrl", "--seed", "bi", "--layout", "print-shop"])
    add(["deck", "characters", "--system", "card-rogue", "--seed", "bi", "--layout", "print-shop", "--bleed", "2"])
    for genre in ("scifi", "western"):
        add(["deck", "monsters", "--system", "ascii-hack", "--seed", "bi", "--genre", genre])
        add(["deck", "zones", "--system", "ascii-hack", "--seed", "bi", "--genre", genre])
    add(["deck", "obstacles", "--system", "ascii-hack", "--seed", "bi", "--count", "18"])
    add(["deck", "obstacles", "--system", "ascii-hack", "--seed", "bi2", "--count", "5", "--format", "json"])
    add(["deck", "creatures", "--system", "roguelike", "--seed", "bi", "--ink-saver"])
    add(["deck", "all", "--system", "card-rogue", "--seed", "bi", "--ink-saver", "--paper", "a4"])
    # Pictures of pages.
    add(["graph-paper", "--seed", "bi", "--format", "png", "--ppi", "50"])
    add(["reference", "--system", "roguelike", "--seed", "bi", "--format", "png", "--ppi", "60"])
    # Print shops.
    add(["deck", "creatures", "--system", "roguelike", "--seed", "bi", "--vendor", "drivethrucards"])
    add(["deck", "swarms", "--system", "amulet", "--seed", "bi", "--vendor", "drivethrucards"])
    add(["deck", "characters", "--system", "card-rogue", "--seed", "bi", "--vendor", "drivethrucards"])
    add(["deck", "weapons", "--system", "roguelike", "--seed", "bi", "--vendor", "thegamecrafter"])
    add(["deck", "characters", "--system", "card-rogue", "--seed", "bi", "--vendor", "makeplayingcards"])
    add(["deck", "devices", "--system", "ascii-hack", "--seed", "bi", "--vendor", "thegamecrafter"])
    # Custom decks.
    add(["deck", "custom", "--data", CUSTOM_CSV, "--seed", "bi"])
    add(["deck", "custom", "--data", CUSTOM_YAML, "--seed", "bi", "--card-size", "tarot"])
    add(["deck", "custom", "--data", CUSTOM_CSV, "--seed", "bi", "--format", "json"])
    add(["deck", "custom", "--system", "roguelike", "--data", CUSTOM_YAML, "--seed", "bi", "--duplex", "none"])
    # Custom decks in a layout of their own: the example deck (pictures, icons and spans in the text).
    add(["deck", "custom", "--data", EXAMPLE_CSV, "--card-layout", EXAMPLE_LAYOUT, "--seed", "bi"])
    add(["deck", "custom", "--data", EXAMPLE_CSV, "--card-layout", EXAMPLE_LAYOUT, "--seed", "bi", "--card-size",
         "88x63mm", "--deck-card", "none", "--ink-saver"])
    add(["deck", "custom", "--data", EXAMPLE_CSV, "--card-layout", EXAMPLE_LAYOUT, "--seed", "bi", "--vendor",
         "drivethrucards"])

    # Sheets.
    per_page = {"roguelike": (2,), "amulet": (2,), "ascii-hack": (), "card-rogue": (2, 4), "rlrl": (2,)}
    for system, multiples in per_page.items():
        add(["sheet", "--system", system, "--seed", "bi"])
        add(["sheet", "--system", system, "--seed", "bi", "--fillable"])
        add(["sheet", "--system", system, "--seed", "bi", "--ink-saver", "--paper", "a4"])
        for n in multiples:
            add(["sheet", "--system", system, "--seed", "bi", "--per-page", str(n)])
        if system != "card-rogue":
            add(["sheet", "--system", system, "--seed", "bi", "--count", "3"])
            add(["sheet", "--system", system, "--seed", "bi", "--count", "4", "--per-page", str(max(multiples, default=1))])
            add(["sheet", "--system", system, "--seed", "bi", "--count", "5", "--format", "json"])
            add(["sheet", "--system", system, "--seed", "bi2", "--count", "2", "--fillable"])
        else:
            add(["sheet", "--system", system, "--seed", "bi", "--format", "json"])
    for genre in ("scifi", "western"):
        add(["sheet", "--system", "ascii-hack", "--seed", "bi", "--count", "2", "--genre", genre])
        add(["sheet", "--system", "ascii-hack", "--seed", "bi", "--genre", genre])

    # References.
    for system in ("roguelike", "amulet", "ascii-hack", "card-rogue", "rlrl"):
        add(["reference", "--system", system, "--seed", "bi"])
        add(["reference", "--system", system, "--seed", "bi", "--paper", "a4"])
    add(["reference", "--system", "ascii-hack", "--seed", "bi", "--size", "card"])
    add(["reference", "--system", "rlrl", "--seed", "bi2"])

    # Challenges.
    for levels in ("1", "2", "3", "4", "5"):
        add(["challenge", "--system", "card-rogue", "--seed", "bi", "--levels", levels])
    add(["challenge", "--system", "card-rogue", "--seed", "bi2", "--paper", "a4"])
    add(["challenge", "--system", "card-rogue", "--seed", "bi", "--format", "json"])
    add(["challenge", "--system", "card-rogue", "--seed", "bi3", "--levels", "5", "--format", "json"])

    # Solo booklets: the dungeon as a gamebook, both games, both papers, a rolled character, the JSON.
    add(["solo", "--system", "roguelike", "--seed", "bi", "--levels", "1"])
    add(["solo", "--system", "roguelike", "--seed", "bi2", "--levels", "2", "--rooms", "10", "--paper", "a4",
         "--character", "rolled"])
    add(["solo", "--system", "roguelike", "--seed", "bi", "--format", "json"])
    add(["solo", "--system", "rlrl", "--seed", "bi", "--rooms", "2"])
    add(["solo", "--system", "rlrl", "--seed", "bi2", "--rooms", "2", "--character", "rolled", "--format", "json"])
    return cases


CASES = _cases()


def case_id(args: list[str]) -> str:
    return " ".join(args)


SHOP_ZIPS = ("thegamecrafter", "makeplayingcards")  # print shops whose file is a zip of pictures


def kind(args: list[str]) -> tuple[str, str, str]:
    """What a case is a case of: its product, system and the format of its file (a print shop's zip of
    pictures is a format of its own). The test checks every kind on every run."""
    def value(name: str) -> str | None:
        return args[args.index(name) + 1] if name in args else None

    system = value("--system") or "generic"  # graph paper, and a custom deck of no game
    written = value("--format") or ("zip" if value("--vendor") in SHOP_ZIPS else "pdf")
    return args[0], system, written


def make(args: list[str], folder: Path) -> bytes:
    """The bytes ``printgen ARGS`` writes, made in this process."""
    from printgen.cli import main

    out = folder / ("out-" + hashlib.sha256(case_id(args).encode()).hexdigest()[:12])
    if any(shop in args for shop in SHOP_ZIPS):
        out = out.with_suffix(".zip")
    elif "png" in args:
        out = out.with_suffix(".png")  # each picture case is of one page (more would be a .zip: -o's check says)
    elif "uvtt" in args:
        out = out.with_suffix(".zip")
    elif "json" in args:
        out = out.with_suffix(".json")
    else:
        out = out.with_suffix(".pdf")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        status = main([*args, "-o", str(out)])
    if status != 0:
        raise RuntimeError(f"printgen {case_id(args)} exited with {status}")
    data = out.read_bytes()
    out.unlink()
    return data


def record() -> None:
    """Make every case and write the fixture (run from the repository's top folder)."""
    import tempfile

    hashes = {}
    with tempfile.TemporaryDirectory() as folder:
        for args in CASES:
            hashes[case_id(args)] = hashlib.sha256(make(args, Path(folder))).hexdigest()
    FIXTURE.write_text(json.dumps(hashes, indent=1) + "\n")
    print(f"recorded {len(hashes)} products in {FIXTURE}", file=sys.stderr)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    record()
