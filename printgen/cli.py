"""The printgen command line: one click group, one command per product.

Each command turns its options into a SeedCode and hands it to
``products.build``; `reproduce` does the same from a PDF or a seed code.
Which systems, decks and game options a command offers comes from the
games' declarations (printgen/games.py). Errors a user can fix are one line
on stderr and exit code 2. PDF libraries are imported only when a file is
made, so --help and `list` answer at once.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable

import click

from . import FORMAT_VERSION, __version__, games, products
from .cards.sizes import CARD_SIZES
from .errors import PrintgenError
from .products import deck as deck_product
from .products import graph_paper
from .products import sheet as sheet_product
from .render import user_templates
from .render.output import check_writable, default_path, write_atomic
from .seed import SeedCode, random_seed
from .units import PAPERS

EXIT_USAGE = 2
TEMPLATE_PRODUCTS = ("dungeon", "reference", "challenge")  # the products with pages laid out from templates

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

paper_option = click.option(
    "--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False), default="letter", show_default=True,
    help="Paper size.",
)
seed_option = click.option("--seed", metavar="TEXT", help="Any text; the same seed prints the same file. Default: a fresh random seed, printed.")
def _out_path(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """-o as given: a trailing slash means a folder, which is not a file name (Path would drop it)."""
    if value is not None and value.endswith(("/", os.sep)):
        raise PrintgenError(f"-o {value} names a folder; give a file name, e.g. -o {value}file.pdf")
    return Path(value) if value is not None else None


out_option = click.option("-o", "--out", callback=_out_path, metavar="FILE",
                          help="Output file. Default: output/<product>-<system>-<seed>.pdf")
force_option = click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
templates_option = click.option(
    "--templates", "templates", type=click.Path(path_type=Path), envvar="PRINTGEN_TEMPLATES", metavar="DIR",
    help="Your own templates first, the built-in ones behind them (also: PRINTGEN_TEMPLATES). "
         "Start from 'printgen templates export DIR'.",
)


def examples_epilog(product: str, general: tuple[tuple[str, str], ...] = ()) -> str:
    """The --help examples: the command's own, then those the games give."""
    lines = [*general, *games.examples(product)]
    width = max((len(command) for command, _ in lines), default=0) + 11
    body = "\n".join(f"  {('printgen ' + command):<{width}}{what}" for command, what in lines)
    return "\b\nExamples:\n" + body + "\n" if lines else ""


def system_option(product: str, required: bool = True):
    """--system, with the games whose declarations offer ``product`` as its choices."""
    makers = sorted(deck_product.deck_systems() if product == "deck" else games.offering(product))
    return click.option("--system", "system", type=click.Choice(makers), required=required, help="The game.")


def game_options(product: str):
    """One click option for every option a game declares for ``product``; checked later, per game."""

    def decorate(command):
        for name, variants in sorted(games.product_options(product).items(), reverse=True):
            option = variants[0][0]
            param = name.replace("-", "_")  # a Python name; chosen_options maps it back
            if option.flag:
                help_text = f"{option.help} [{', '.join(gid for _, gid in variants)}]"
                command = click.option(option.flag_name, param, is_flag=True, help=help_text)(command)
            else:
                command = click.option(option.flag_name, param, metavar=_metavar(variants),
                                       help=f"{option.help} {_values_by_game(variants)}")(command)
        return command

    return decorate


def _metavar(variants: list[tuple[Option, str]]) -> str:
    shapes = {option.metavar for option, _ in variants}
    return shapes.pop() if len(shapes) == 1 else "VALUE"


def _values_by_game(variants: list[tuple[Option, str]]) -> str:
    """What each game takes and its default, e.g. "[a: 4..40, default 16; b: 2..14, default 8]"."""
    parts = []
    for option, gid in variants:
        default = f", default {option.default}" if option.default is not None else ""
        shape = f": {option.metavar}" if len(variants) > 1 and option.metavar else ""
        parts.append(f"{gid}{shape}{default}")
    return "[" + "; ".join(parts) + "]"


def chosen_options(product: str, what: str, given: dict[str, object], offer: games.Offer) -> dict[str, str]:
    """The seed-code text of the options ``offer`` declares; refuse ones it does not take.

    ``what`` names the offer in the refusal (a game id, or "the <id> <name> deck").
    """
    declared = {option.name: option for option in offer.options}
    chosen: dict[str, str] = {}
    for param, value in given.items():
        name = param.replace("_", "-")
        if value is None or value is False:
            continue
        if name not in declared:
            raise PrintgenError(f"--{name} is for {', '.join(games.option_takers(product, name))}, not {what}")
        chosen[name] = declared[name].text(value)
    for name, option in declared.items():
        if name not in chosen and option.default is not None:
            chosen[name] = option.default
    return chosen


def with_templates(options: dict[str, object], folder: Path | None) -> dict[str, object]:
    """Record the fingerprint of the user's templates in the seed code, so reproduce can check them."""
    if folder is not None:
        options["templates"] = user_templates.digest(folder)
    return options


@click.group(context_settings=CONTEXT, epilog=examples_epilog("", (
    ("graph-paper", "¼-inch graph paper on Letter"),
    ("dungeon --system SYSTEM --seed moonpie", "a one-shot dungeon; 'printgen list' names the systems"),
    ("reproduce output/graph-paper-generic-k7fq3xz9.pdf", "the same file again, byte for byte"),
    ("list", "what printgen can make"),
)))
@click.version_option(__version__, prog_name="printgen")
def cli() -> None:
    """Seeded, print-ready PDFs for tabletop roguelike games.

    Every file carries a seed code in its footer and metadata: share it and a
    friend prints the very same PDF with `printgen reproduce CODE`.
    """


def run_product(product: str, system: str, seed: str | None, options: dict[str, object],
                out: Path | Callable[[str], Path] | None, force: bool, templates: Path | None = None) -> Path:
    """Build a product from command-line options and write it (``out`` may name the file from the seed)."""
    if seed is not None and not seed.strip():
        raise PrintgenError("--seed is empty; give any text, e.g. --seed moonpie")
    with user_templates.using(templates):
        # Refusals come before a seed is chosen and printed: bad options first, then a file in the way.
        products.check(SeedCode.make(product, system, seed or "check", options))
        if isinstance(out, Path):
            check_writable(out, force, protected_paths(options))
        if seed is None:
            seed = random_seed()
            click.echo(f"seed: {seed}", err=True)
        if callable(out):
            out = out(seed)
        return write_product(SeedCode.make(product, system, seed, options), out, force)


def protected_paths(options: dict) -> tuple[Path, ...]:
    """A custom deck's own data file is never the output, even with --force."""
    return (Path(str(options["data"])),) if "data" in options else ()


def write_product(code: SeedCode, out: Path | None, force: bool) -> Path:
    path = out or default_path(code.file_stem, products.output_suffix(code))
    protected = protected_paths(code.option_map)
    check_writable(path, force, protected)  # before the work, so a refusal is instant
    data = products.build(code)
    write_atomic(path, data, force, protected)
    click.echo(f"wrote {path}")
    click.echo(f"seed code: {code}")
    return path


@cli.command("graph-paper", context_settings=CONTEXT, epilog=examples_epilog("graph-paper", (
    ("graph-paper", "¼-inch squares on Letter"),
    ("graph-paper --paper a4", "5 mm squares on A4"),
    ("graph-paper --grid inch --pages 4", "1-inch battle grid, 4 pages"),
    ("graph-paper --grid hex --heavy-every 0", "hexes"),
)))
@paper_option
@click.option("--grid", type=click.Choice(sorted(graph_paper.GRIDS)), help="Grid. Default: quarter-inch on Letter, 5mm on A4.")
@click.option("--pages", type=click.IntRange(1, graph_paper.MAX_PAGES), default=1, show_default=True, help="Number of pages.")
@click.option("--heavy-every", type=click.IntRange(0, 50), default=5, show_default=True, help="A heavier line every N squares (0: none).")
@seed_option
@out_option
@force_option
def graph_paper_command(paper: str, grid: str | None, pages: int, heavy_every: int, seed: str | None, out: Path | None, force: bool) -> None:
    """Graph paper for mapping: ¼ in, 5 mm, a 1-inch battle grid or hexes."""
    options = graph_paper.options_for(paper.lower(), grid, pages, heavy_every)
    run_product("graph-paper", graph_paper.SYSTEM, seed, options, out, force)


@cli.command("deck", context_settings=CONTEXT, epilog=examples_epilog("deck", (
    ("deck custom --data my-deck.csv", "your own cards: columns title, body, count, back, any stats"),
    ("deck NAME --gutter 4", "4 mm between cards, for cutting with scissors"),
    ("deck NAME --layout print-shop", "one card per page with bleed, for a print shop"),
    ("deck NAME --vendor drivethrucards", "a CMYK PDF/X-1a as DriveThruCards asks"),
    ("deck NAME --vendor thegamecrafter", "a zip of 825 × 1125 px PNGs for The Game Crafter"),
    ("deck NAME --calibration", "a calibration sheet first; then --back-offset X,Y"),
)))
@click.argument("name")
@system_option("deck", required=False)
@click.option("--card-size", type=click.Choice(sorted(CARD_SIZES), case_sensitive=False), default="poker", show_default=True, help="Card size.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="Backs after each sheet, mirrored for flipping on the long or short edge; none: fronts only.")
@click.option("--data", type=click.Path(dir_okay=False, path_type=Path), help="The custom deck's cards: a .csv or .yaml file.")
@click.option("--bleed", type=click.FloatRange(0, 6), help="Bleed in mm: card art runs this far past the cut. "
              "Default: 3, or what the --vendor asks for.")
@click.option("--gutter", type=click.FloatRange(0, deck_product.MAX_GUTTER_MM), default=0.0, show_default=True,
              help="Space in mm between cards on a sheet, for cutting each card out by hand.")
@click.option("--crop-marks", type=click.Choice(["short", "full"]), default="short", show_default=True, help="Crop marks: short, or full to the paper's edge.")
@click.option("--layout", type=click.Choice(["sheet", "print-shop"]),
              help="sheet (the default): many cards to a page; print-shop (the default with --vendor): "
                   "one card per page, fronts and backs interleaved, with TrimBox and BleedBox.")
@click.option("--vendor", type=click.Choice(sorted(deck_product.VENDORS)), default=deck_product.GENERIC_SHOP, show_default=True,
              help="The print shop the print-shop file is for: drivethrucards (CMYK PDF/X-1a), thegamecrafter "
                   "or makeplayingcards (a zip of PNGs), generic (printgen's own).")
@click.option("--back-offset", metavar="X,Y", default="0,0", show_default=True, help="Shift back pages X mm right and Y mm up, as measured with --calibration.")
@click.option("--calibration", is_flag=True, help="Begin with a two-page sheet for measuring the back offset of a duplex printer.")
@click.option("--format", "output_format", type=click.Choice(["pdf", "json"]), default="pdf", show_default=True, help="pdf: the cards to print; json: the deck as data.")
@game_options("deck")
@paper_option
@seed_option
@out_option
@force_option
def deck_command(name: str, system: str | None, card_size: str, duplex: str, data: Path | None, bleed: float | None,
                 gutter: float, crop_marks: str, layout: str | None, vendor: str, back_offset: str, calibration: bool,
                 output_format: str, paper: str, seed: str | None, out: Path | None, force: bool, **own: object) -> None:
    """A deck of cards to cut out: a game's decks (printgen list names them), or your own (custom --data FILE).

    Without --system, the game is the one that has a deck called NAME.
    """
    system = system or deck_product.system_for(name)
    offer = deck_product.system_decks(system).get(name, games.Offer("", ""))  # custom decks take no game options
    own_options = chosen_options("deck", f"the {system} {name} deck", own, offer)
    options = deck_product.options_for(system, name, card_size, paper, duplex, bleed, crop_marks, layout, back_offset,
                                       calibration, data, output_format, own_options, gutter, vendor)
    suffix = deck_product.output_suffix(SeedCode.make("deck", system, "check", options))
    if out is not None and suffix == "zip" and out.suffix.lower() != ".zip":
        raise PrintgenError(f"--vendor {vendor} writes a zip of images; give -o a name ending .zip, not {out.name}")
    run_product("deck", system, seed, options,
                out or (lambda chosen: deck_product.default_out(name, system, chosen, suffix)), force)


def game_product_command(product: str, summary: str, formats: tuple[str, ...]):
    """A command for a product a game makes from its declaration: dungeon, reference, challenge."""

    @cli.command(product, context_settings=CONTEXT, help=summary, epilog=examples_epilog(product))
    @system_option(product)
    @game_options(product)
    @click.option("--format", "output_format", type=click.Choice(formats), default=formats[0], show_default=True,
                  help="pdf: the file to print; json: the same content as data.")
    @templates_option
    @paper_option
    @seed_option
    @out_option
    @force_option
    def command(system: str, output_format: str, templates: Path | None, paper: str, seed: str | None,
                out: Path | None, force: bool, **own: object) -> None:
        game, offer = games.offer_for(product, system)
        options: dict[str, object] = {"paper": paper.lower(), **chosen_options(product, system, own, offer)}
        if len(formats) > 1:
            options["format"] = output_format
        run_product(product, system, seed, with_templates(options, templates), out, force, templates)

    return command


game_product_command("dungeon", "A one-shot dungeon: a cover, each level's full map and the players' copy, the key, a rules page.",
                     ("pdf", "json"))
game_product_command("reference", "A game's rules reference: tables, odds and procedures at a glance.", ("pdf",))
game_product_command("challenge", "A seeded challenge: the same setup for everyone who plays its seed code.",
                     ("pdf", "json"))


@cli.command("sheet", context_settings=CONTEXT, epilog=examples_epilog("sheet"))
@system_option("sheet")
@click.option("--blank", "blank", is_flag=True, help="Blank sheets to fill in at the table (the default).")
@click.option("--count", type=int, metavar="N", help="N pre-rolled characters, each from its own stream of the seed.")
@click.option("--per-page", type=int, default=1, show_default=True, metavar="1|2|4",
              help="Sheets to a page, where the game's sheet is small enough.")
@click.option("--fillable", is_flag=True, help="Make the blanks PDF form fields a player can type into.")
@click.option("--ink-saver", is_flag=True, help="Light lines and no solid fills.")
@click.option("--genre", metavar="GENRE", help="Genre of pre-rolled characters, for games that have genres.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "json"]), default="pdf", show_default=True,
              help="pdf: the sheets; json: the rolled characters as data.")
@paper_option
@seed_option
@out_option
@force_option
def sheet_command(system: str, blank: bool, count: int | None, per_page: int, fillable: bool, ink_saver: bool,
                  genre: str | None, fmt: str, paper: str, seed: str | None, out: Path | None, force: bool) -> None:
    """Character sheets: blank, or pre-rolled by the rules, 1, 2 or 4 to a page, fillable."""
    if blank and count is not None:
        raise PrintgenError("--blank and --count contradict each other; give one (blank is the default)")
    options = sheet_product.options_for(system, paper.lower(), count, per_page, fillable, ink_saver, genre, fmt)
    run_product("sheet", system, seed, options, out, force)


@cli.command(context_settings=CONTEXT, epilog=examples_epilog("reproduce", (
    ("reproduce output/graph-paper-generic-moonpie.pdf", "the same file from a printgen PDF"),
    (f"reproduce pg{FORMAT_VERSION}:graph-paper:generic:moonpie:grid=5mm,heavy-every=5,pages=1,paper=a4",
     "or from its seed code"),
)))
@click.argument("source")
@templates_option
@out_option
@force_option
def reproduce(source: str, templates: Path | None, out: Path | None, force: bool) -> None:
    """Make a file again, byte for byte, from a printgen PDF (or zip of card images) or a seed code."""
    looks_like_file = source.lower().endswith((".pdf", ".zip")) or (not source.lower().startswith("pg") and _exists(source))
    if looks_like_file:
        from .render.metadata import read_seed_code

        code = read_seed_code(Path(source))
    else:
        code = SeedCode.parse(source)
    with user_templates.using(templates):
        products.check(code)
        write_product(code, out, force)


def _exists(source: str) -> bool:
    try:
        return Path(source).exists()
    except (OSError, ValueError):  # too long or odd for a path: a seed code, then
        return False


@cli.group("templates", context_settings=CONTEXT)
def templates_group() -> None:
    """Your own templates: export the built-in ones, change them, print with --templates DIR."""


@templates_group.command("export", context_settings=CONTEXT, epilog=examples_epilog("templates", (
    ("templates export my-templates", "copy the built-in templates to change"),
    ("dungeon --system SYSTEM --templates my-templates", "print with them"),
)))
@click.argument("folder", type=click.Path(path_type=Path))
def templates_export(folder: Path) -> None:
    """Copy the built-in templates into FOLDER (a new or empty folder) as a starting point."""
    written = user_templates.export(folder)
    click.echo(f"wrote {len(written)} files to {folder}")


@cli.command("list", context_settings=CONTEXT)
@click.option("--markdown", is_flag=True, help="The systems and what printgen makes for each, as a Markdown table.")
def list_command(markdown: bool) -> None:
    """Name the systems, products, decks, grids, papers and sizes printgen knows."""
    if markdown:
        click.echo(games_table())
        return
    catalogue = products.all_products()
    click.echo("Systems:")
    for game in games.games().values():
        click.echo(f"  {game.id:<12} {game.title}: {game.summary}")
    click.echo("Products:")
    for product in sorted(catalogue.values(), key=lambda p: p.name):
        click.echo(f"  {product.name:<12} {product.summary}  [{', '.join(product.systems())}]")
    click.echo("Papers:   " + ", ".join(f"{p.name} ({p.label})" for p in PAPERS.values()))
    click.echo("Grids:    " + ", ".join(f"{g.name} ({g.label})" for g in graph_paper.GRIDS.values()))
    for system in deck_product.deck_systems():
        click.echo(f"Decks ({system}): " + ", ".join(deck_product.deck_names(system)))
    click.echo("Card sizes: " + "; ".join(size.label for size in CARD_SIZES.values()))


def games_table() -> str:
    """What printgen makes for each game, as the README shows it (a test keeps the two the same)."""
    columns = ["system", "game", "sheets", "decks", "dungeon", "reference", "challenge"]
    rows = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for game in games.games().values():
        cells = [f"`{game.id}`", f"*{game.title}*" + (f" ({game.credit})" if game.credit else ""),
                 "yes" if game.sheets else "",
                 ", ".join(f"`{name}`" for name in game.decks),
                 *("yes" if game.offer(product) else "" for product in ("dungeon", "reference", "challenge"))]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every user error into one line and exit code 2."""
    try:
        cli.main(args=argv, prog_name="printgen", standalone_mode=False)
    except PrintgenError as exc:
        click.echo(f"printgen: error: {exc}", err=True)
        return EXIT_USAGE
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 0
    except click.UsageError as exc:
        hint = f" (see: {exc.ctx.command_path} --help)" if exc.ctx else ""
        click.echo(f"printgen: error: {' '.join(exc.format_message().split())}{hint}", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        click.echo(f"printgen: error: {exc.format_message()}", err=True)
        return EXIT_USAGE
    except (click.Abort, KeyboardInterrupt):
        click.echo("printgen: interrupted; nothing was written", err=True)
        return 130
    return 0


def entry_point() -> None:
    sys.exit(main())
