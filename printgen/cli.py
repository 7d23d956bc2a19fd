"""The printgen command line: one click group, one command per product.

Each command turns its options into a SeedCode and hands it to
``products.build``; `reproduce` does the same from a PDF or a seed code.
Errors a user can fix are one line on stderr and exit code 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

import click

from . import __version__, games, products
from .errors import PrintgenError
from .cards.sizes import CARD_SIZES
from .products import deck as deck_product
from .products import graph_paper
from .render.metadata import read_seed_code
from .render.output import check_writable, default_path, write_atomic
from .seed import SeedCode, random_seed
from .units import PAPERS

EXIT_USAGE = 2

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

paper_option = click.option(
    "--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False), default="letter", show_default=True,
    help="Paper size.",
)
seed_option = click.option("--seed", metavar="TEXT", help="Any text; the same seed prints the same file. Default: a fresh random seed, printed.")
out_option = click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path), help="Output file. Default: output/<product>-<system>-<seed>.pdf")
force_option = click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")


def system_option(product: str, default: str | None = None):
    """--system, with the games whose declarations offer ``product`` as its choices."""
    makers = sorted(deck_product.deck_systems() if product == "deck" else games.offering(product))
    if default is None:
        return click.option("--system", "system", type=click.Choice(makers), required=True, help="The game.")
    return click.option("--system", "system", type=click.Choice(makers), default=default, show_default=True,
                        help="The game.")


def game_options(product: str):
    """One click option for every option a game declares for ``product``; checked later, per game."""

    def decorate(command):
        for name, (option, takers) in sorted(games.product_options(product).items(), reverse=True):
            which = f" [{', '.join(takers)}]"
            default = f" Default: {option.default}." if option.default is not None and not option.flag else ""
            if option.flag:
                command = click.option(option.flag_name, name, is_flag=True, default=None,
                                       help=option.help + which)(command)
            else:
                command = click.option(option.flag_name, name, default=None, metavar=option.metavar,
                                       help=option.help + default + which)(command)
        return command

    return decorate


def chosen_options(product: str, system: str, given: dict[str, object], offer: games.Offer | None = None) -> dict[str, str]:
    """The seed-code text of the options ``system`` declares for ``product``; refuse ones it does not take."""
    if offer is None:
        offer = games.offer_for(product, system)[1]
    declared = {option.name: option for option in offer.options}
    chosen: dict[str, str] = {}
    for name, value in given.items():
        if value is None or value is False:
            continue
        if name not in declared:
            option = games.product_options(product)[name][0]
            takers = ", ".join(games.product_options(product)[name][1])
            raise PrintgenError(f"{option.flag_name} is for {takers}, not {system}")
        chosen[name] = declared[name].text(value)
    for name, option in declared.items():
        if name not in chosen and option.default is not None:
            chosen[name] = option.default
    return chosen


@click.group(context_settings=CONTEXT, epilog="""\b
Examples:
  printgen graph-paper                          ¼-inch graph paper on Letter
  printgen graph-paper --paper a4 --grid 5mm    5 mm graph paper on A4
  printgen reproduce output/graph-paper-generic-k7fq3xz9.pdf
  printgen list                                 what printgen can make
""")
@click.version_option(__version__, prog_name="printgen")
def cli() -> None:
    """Seeded, print-ready PDFs for tabletop roguelike games.

    Every file carries a seed code in its footer and metadata: share it and a
    friend prints the very same PDF with `printgen reproduce CODE`.
    """


def run_product(product: str, system: str, seed: str | None, options: dict[str, object],
                out: Path | Callable[[str], Path] | None, force: bool) -> Path:
    """Build a product from command-line options and write it (``out`` may name the file from the seed)."""
    products.check(SeedCode.make(product, system, seed or "check", options))  # bad options: before a seed is chosen
    if seed is None:
        seed = random_seed()
        click.echo(f"seed: {seed}", err=True)
    elif not seed.strip():
        raise PrintgenError("--seed is empty; give any text, e.g. --seed moonpie")
    if callable(out):
        out = out(seed)
    return write_product(SeedCode.make(product, system, seed, options), out, force)


def write_product(code: SeedCode, out: Path | None, force: bool) -> Path:
    path = out or default_path(code.file_stem, products.output_suffix(code))
    check_writable(path, force)  # before the work, so a refusal is instant
    data = products.build(code)
    write_atomic(path, data, force)
    click.echo(f"wrote {path}")
    click.echo(f"seed code: {code}")
    return path


@cli.command("graph-paper", context_settings=CONTEXT, epilog="""\b
Examples:
  printgen graph-paper                               ¼-inch squares on Letter
  printgen graph-paper --paper a4                    5 mm squares on A4
  printgen graph-paper --grid inch --pages 4         1-inch battle grid, 4 pages
  printgen graph-paper --grid hex --heavy-every 0    hexes
""")
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


@cli.command("deck", context_settings=CONTEXT, epilog="""\b
Examples:
  printgen deck creatures --seed moonpie            84 creature cards, 3 × 3 on Letter, backs for long-edge duplex
  printgen deck encounters --seed moonpie           36 cards shuffled by the seed: draw one instead of rolling 2d6
  printgen deck weapons --paper a4 --duplex short   weapons on A4, backs for short-edge duplex
  printgen deck spells --card-size mini --bleed 0   mini cards, no bleed
  printgen deck loot --layout print-shop            one card per page with bleed, for a print shop
  printgen deck traps --calibration                 a calibration sheet first; then --back-offset X,Y
  printgen deck custom --data my-deck.csv           your own cards: columns title, body, count, back, any stats
""")
@click.argument("name")
@system_option("deck", default="roguelike")
@click.option("--card-size", type=click.Choice(sorted(CARD_SIZES), case_sensitive=False), default="poker", show_default=True, help="Card size.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="Backs after each sheet, mirrored for flipping on the long or short edge; none: fronts only.")
@click.option("--data", type=click.Path(dir_okay=False, path_type=Path), help="The custom deck's cards: a .csv or .yaml file.")
@click.option("--bleed", type=click.FloatRange(0, 6), default=3.0, show_default=True, help="Bleed in mm: card art runs this far past the cut.")
@click.option("--crop-marks", type=click.Choice(["short", "full"]), default="short", show_default=True, help="Crop marks: short, or full to the paper's edge.")
@click.option("--layout", type=click.Choice(["sheet", "print-shop"]), default="sheet", show_default=True,
              help="sheet: many cards to a page; print-shop: one card per page, fronts and backs interleaved, with TrimBox and BleedBox.")
@click.option("--back-offset", metavar="X,Y", default="0,0", show_default=True, help="Shift back pages X mm right and Y mm up, as measured with --calibration.")
@click.option("--calibration", is_flag=True, help="Begin with a two-page sheet for measuring the back offset of a duplex printer.")
@click.option("--format", "output_format", type=click.Choice(["pdf", "json"]), default="pdf", show_default=True, help="pdf: the cards to print; json: the deck as data.")
@game_options("deck")
@paper_option
@seed_option
@out_option
@force_option
def deck_command(name: str, system: str, card_size: str, duplex: str, data: Path | None, bleed: float, crop_marks: str,
                 layout: str, back_offset: str, calibration: bool, output_format: str, paper: str, seed: str | None,
                 out: Path | None, force: bool, **own: object) -> None:
    """A deck of cards to cut out: a game's decks (printgen list names them), or your own (custom --data FILE)."""
    decks = deck_product.system_decks(system)
    own_options = chosen_options("deck", system, own, decks[name]) if name in decks else {}
    options = deck_product.options_for(system, name, card_size, paper, duplex, bleed, crop_marks, layout, back_offset,
                                       calibration, data, output_format, own_options)
    run_product("deck", system, seed, options,
                out or (lambda chosen: deck_product.default_out(name, system, chosen, output_format)), force)


@cli.command(context_settings=CONTEXT, epilog="""\b
Examples:
  printgen dungeon --system roguelike --seed moonpie           3 levels, Letter
  printgen dungeon --system roguelike --levels 10 --paper a4   a deep one on A4
  printgen dungeon --system roguelike --rooms 10               smaller levels
  printgen dungeon --system roguelike --seed moonpie --format json
""")
@system_option("dungeon")
@game_options("dungeon")
@click.option("--format", "output_format", type=click.Choice(["pdf", "json"]), default="pdf", show_default=True,
              help="pdf: the printable booklet; json: the dungeon as data.")
@paper_option
@seed_option
@out_option
@force_option
def dungeon(system: str, output_format: str, paper: str, seed: str | None, out: Path | None, force: bool,
            **own: object) -> None:
    """A one-shot dungeon: cover, GM and players' maps for each level, the key, a rules page."""
    options = {"paper": paper.lower(), "format": output_format, **chosen_options("dungeon", system, own)}
    run_product("dungeon", system, seed, options, out, force)


@cli.command(context_settings=CONTEXT)
@system_option("reference")
@game_options("reference")
@paper_option
@seed_option
@out_option
@force_option
def reference(system: str, paper: str, seed: str | None, out: Path | None, force: bool, **own: object) -> None:
    """A game's rules reference: tables, odds and procedures at a glance."""
    options = {"paper": paper.lower(), **chosen_options("reference", system, own)}
    run_product("reference", system, seed, options, out, force)


@cli.command(context_settings=CONTEXT)
@system_option("challenge")
@game_options("challenge")
@click.option("--format", "output_format", type=click.Choice(["pdf", "json"]), default="pdf", show_default=True,
              help="pdf: the challenge to print; json: the same as data.")
@paper_option
@seed_option
@out_option
@force_option
def challenge(system: str, output_format: str, paper: str, seed: str | None, out: Path | None, force: bool,
              **own: object) -> None:
    """A seeded challenge: the same setup for everyone who plays its seed code."""
    options = {"paper": paper.lower(), "format": output_format, **chosen_options("challenge", system, own)}
    run_product("challenge", system, seed, options, out, force)


# Product commands for decks (printgen deck) and sheets (printgen sheet) follow.


@cli.command("sheet", context_settings=CONTEXT, epilog="""\b
Examples:
  printgen sheet --system roguelike                       a blank Character Record
  printgen sheet --system roguelike --count 8 --per-page 4  eight pre-rolled, four to a page
  printgen sheet --system amulet --fillable               the four class sheets, as a PDF form
  printgen sheet --system card-rogue --per-page 4         score sheets and equipment cards
  printgen sheet --system ascii-hack --count 3 --genre western
  printgen sheet --system rlrl --count 5 --format json    five rogues as data
""")
@system_option("sheet")
@click.option("--blank", "blank", is_flag=True, help="Blank sheets to fill in at the table (the default).")
@click.option("--count", type=int, metavar="N", help="N pre-rolled characters, each from its own stream of the seed.")
@click.option("--per-page", type=int, default=1, show_default=True, metavar="1|2|4",
              help="Sheets to a page, where the game's sheet is small enough.")
@click.option("--fillable", is_flag=True, help="Make the blanks PDF form fields a player can type into.")
@click.option("--ink-saver", is_flag=True, help="Light lines and no solid fills.")
@click.option("--genre", metavar="fantasy|scifi|western", help="Genre of pre-rolled ascii-hack adventurers (default fantasy).")
@click.option("--format", "fmt", type=click.Choice(["pdf", "json"]), default="pdf", show_default=True,
              help="pdf: the sheets; json: the rolled characters as data.")
@paper_option
@seed_option
@out_option
@force_option
def sheet_command(system: str, blank: bool, count: int | None, per_page: int, fillable: bool, ink_saver: bool,
                  genre: str | None, fmt: str, paper: str, seed: str | None, out: Path | None, force: bool) -> None:
    """Character sheets: blank, or pre-rolled by the rules, 1, 2 or 4 to a page, fillable."""
    from .products import sheet

    if blank and count is not None:
        raise PrintgenError("--blank and --count contradict each other; give one (blank is the default)")
    options = sheet.options_for(system, paper.lower(), count, per_page, fillable, ink_saver, genre, fmt)
    run_product("sheet", system, seed, options, out, force)


@cli.command(context_settings=CONTEXT, epilog="""\b
Examples:
  printgen reproduce output/dungeon-roguelike-moonpie.pdf
  printgen reproduce pg1:graph-paper:generic:moonpie:grid=5mm,heavy-every=5,pages=1,paper=a4
""")
@click.argument("source")
@out_option
@force_option
def reproduce(source: str, out: Path | None, force: bool) -> None:
    """Make a file again, byte for byte, from a printgen PDF or a seed code."""
    looks_like_file = source.lower().endswith(".pdf") or Path(source).is_file()
    code = read_seed_code(Path(source)) if looks_like_file else SeedCode.parse(source)
    write_product(code, out, force)


@cli.command("list", context_settings=CONTEXT)
def list_command() -> None:
    """Name the systems, products, grids, papers and sizes printgen knows."""
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
    except click.Abort:
        click.echo("printgen: interrupted; nothing was written", err=True)
        return 130
    except KeyboardInterrupt:
        click.echo("printgen: interrupted; nothing was written", err=True)
        return 130
    return 0


def entry_point() -> None:
    sys.exit(main())
