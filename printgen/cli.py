"""The printgen command line: a thin shell over the products' declarations.

The product commands are made from what the products and games declare
(printgen/commands.py); this module adds the commands that are not products
(``reproduce``, ``templates export``, ``schema``, ``list``) and turns every error a user
can fix into one line on stderr and exit code 2. PDF libraries are imported
only when a file is made, so --help and `list` answer at once.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, MutableMapping
from pathlib import Path
from typing import Any

import click

from . import FORMAT_VERSION, __version__, games, products, scan
from .commands import (
    CONTEXT,
    STDOUT,
    build,
    check_stdout,
    checked_option,
    examples_epilog,
    force_option,
    product_command,
    quiet_option,
    reproduce_out_option,
    templates_from_environment,
    write,
)
from .errors import PrintgenError
from .hints import usage_hint
from .options import Option
from .products import games_table
from .render import user_templates
from .render.output import default_path
from .seed import SeedCode, code_in
from .sources import Sources
from .units import PAPERS

EXIT_USAGE = 2

templates_option = click.option(
    "--templates", "templates", type=click.Path(path_type=Path), envvar="PRINTGEN_TEMPLATES", metavar="DIR",
    help="The template folder the seed code was made with (also: PRINTGEN_TEMPLATES).",
)


FIRST_DUNGEON = next(gid for gid, game in games.games().items() if game.dungeon)  # the game --help's examples show


class ProductCommands(click.Group):
    """The command line's group: its commands are made from the products when they are named (``Commands``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = Commands(self.commands)


class Commands(MutableMapping[str, click.Command]):
    """The commands of the command line: its own, and one for each product, made when it is first named
    (importing that product's module alone: `printgen sheet` reads nothing of decks or booklets, nor what they
    import) or when all are listed (--help: the products first, in their order, then the others)."""

    def __init__(self, own: Mapping[str, click.Command]) -> None:
        self.own = dict(own)
        self.made: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name in self.own:
            return self.own[name]
        if name not in self.made:
            product = products.named(name)
            if product is None:
                raise KeyError(name)
            self.made[name] = product_command(product)
        return self.made[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self.own[name] = command

    def __delitem__(self, name: str) -> None:
        del self.own[name]

    def __iter__(self) -> Iterator[str]:
        return iter([*products.all_products(), *(name for name in self.own if name not in products.PRODUCTS)])

    def __len__(self) -> int:
        return len(list(iter(self)))


@click.group(cls=ProductCommands, context_settings=CONTEXT, epilog=examples_epilog([
    ("graph-paper", "¼-inch graph paper on Letter, output/graph-paper.pdf"),
    (f"dungeon --system {FIRST_DUNGEON} --seed moonpie",
     "a one-shot dungeon; 'printgen list' names the systems"),
    (f"reproduce output/dungeon-{FIRST_DUNGEON}-moonpie.pdf",
     "the same file again, byte for byte (it says so)"),
    ("list", "what printgen can make"),
]))
@click.version_option(__version__, prog_name="printgen")
def cli() -> None:
    """Seeded, print-ready PDFs for tabletop roguelike games.

    Every file carries a seed code in its footer and metadata: share it and a
    friend prints the very same PDF with `printgen reproduce CODE`.
    """


@cli.command(context_settings=CONTEXT, short_help="Make a file again, byte for byte", epilog=examples_epilog([
    ("graph-paper --seed moonpie", "a file to make again, output/graph-paper-generic-moonpie.pdf"),
    ("reproduce output/graph-paper-generic-moonpie.pdf -o copy.pdf", "the same file from a printgen PDF"),
    (f"reproduce pg{FORMAT_VERSION}:graph-paper:generic:campfire:paper=a4", "or from its seed code"),
    ("graph-paper --seed moonpie --format png", "its page as a picture, the seed code's QR on it"),
    ("reproduce output/graph-paper-generic-moonpie.png -o again.png", "or from a photo, scan or picture of a first page"),
]))
@click.argument("source")
@templates_option
@click.option("--data-dir", "data_dir", type=click.Path(path_type=Path), metavar="DIR",
              help="Where a custom deck's own files are (its data, layout, pictures), if they are neither beside "
                   "the PDF nor where its seed code names them.")
@reproduce_out_option
@force_option
@quiet_option
def reproduce(source: str, templates: Path | None, data_dir: Path | None, out: Path | None, force: bool,
              quiet: bool) -> None:
    """Make a file again, byte for byte, from a printgen PDF (or zip of card images), a photo of its first
    page, its seed code or a studio share link."""
    templates_from_environment(templates)
    path = _as_file(source)
    sources = Sources(templates=templates, search=(*([data_dir] if data_dir else []), *([path.parent] if path else [])))
    _reproduce(source, path, sources, out, force, quiet)


def _reproduce(source: str, path: Path | None, sources: Sources, out: Path | None, force: bool, quiet: bool) -> None:
    if path is not None and scan.is_picture(path) and not _starts_as_pdf(path):
        code = scan.read_seed_code(path)
    elif path is not None:
        from .render.metadata import read_seed_code

        code = read_seed_code(path)
    else:
        code = SeedCode.parse(code_in(source))
    request = products.request(code, sources)
    if out == Path(STDOUT):
        check_stdout(request)
    data = build(request, quiet) if path is not None else None
    if data is not None and not force:
        target = out or default_path(request.product.file_stem(request), products.suffix(request, data))
        if _same_file(target, path):  # made again where it stands: say whether it already is that file
            if data != path.read_bytes():
                raise PrintgenError(f"{path} is not what its seed code makes (was it changed?); pass --force "
                                    f"to make it again in its place, or -o to write it beside")
            click.echo(f"{path} is already this file, byte for byte; nothing to write", err=True)
            return
    write(request, out, force, quiet, data)


def _starts_as_pdf(path: Path) -> bool:
    """A PDF named as a picture (scan.jpg) is read as the PDF it is."""
    try:
        with path.open("rb") as handle:
            return handle.read(5) == b"%PDF-"
    except OSError:
        return False


def _same_file(target: Path, source: Path) -> bool:
    try:
        return target.exists() and target.resolve() == source.resolve()
    except OSError:
        return False


def _as_file(source: str) -> Path | None:
    """The file ``source`` names, or None for a seed code."""
    if source.lower().endswith((".pdf", ".zip", *scan.IMAGE_SUFFIXES)):
        return Path(source)
    if source.lower().startswith("pg") and ":" in source or "://" in source:
        return None  # a seed code, or a link holding one
    try:
        return Path(source) if Path(source).exists() else None
    except (OSError, ValueError):  # too long or odd for a path: a seed code, then
        return None


@cli.group("templates", context_settings=CONTEXT, short_help="Templates and phrasebooks of your own")
def templates_group() -> None:
    """Your own templates and phrasebooks: export the built-in ones, change them, print with --templates DIR."""


@templates_group.command("export", context_settings=CONTEXT, epilog=examples_epilog([
    ("templates export my-templates", "copy the built-in templates and phrasebooks to change"),
    (f"dungeon --system {FIRST_DUNGEON} --templates my-templates", "print with them"),
]))
@click.argument("folder", type=click.Path(path_type=Path))
def templates_export(folder: Path) -> None:
    """Copy the built-in templates, each game's words.toml, the card layouts and the example decks into FOLDER
    (a new or empty folder)."""
    written = user_templates.export(folder)
    click.echo(f"wrote {len(written)} files to {folder}", err=True)


@cli.command(context_settings=CONTEXT, short_help="printgen studio: everything in your browser", epilog=examples_epilog([
    ("serve --open", "the studio on http://127.0.0.1:8000/, opened in your browser (Ctrl-C stops it)"),
    ("templates export my-templates", "templates and phrasebooks of your own to change"),
    ("serve --port 0 --templates my-templates", "the studio on any free port, printing with them"),
]))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; anything but this computer's own prints a warning.")
@checked_option(Option("port", "The port (0: any free one; also: PRINTGEN_PORT).", low=0, high=65535, default="8000"),
                envvar="PRINTGEN_PORT")
@click.option("--open", "open_browser", is_flag=True, help="Open the studio in your web browser.")
@checked_option(Option("workers", "Processes that make files (default: one a core, at most 4).", low=1, high=32))
@click.option("--templates", "templates", type=click.Path(path_type=Path), envvar="PRINTGEN_TEMPLATES",
              metavar="DIR", help="Your own templates: the studio offers to print with them (also: PRINTGEN_TEMPLATES).")
def serve(host: str, port: int, open_browser: bool, workers: int | None, templates: Path | None) -> None:
    """printgen studio: every product in your browser, with live previews of its pages and share links."""
    from .web.server import serve as run_server

    templates_from_environment(templates)
    run_server(host=host, port=port, open_browser=open_browser, templates=templates, workers=workers,
               tell=click.echo, warn=lambda line: click.echo(line, err=True))


@cli.command("schema", context_settings=CONTEXT, short_help="The JSON Schema of a data contract", epilog=examples_epilog([
    ("schema dungeon", "the JSON Schema of every game's dungeon --format json, for any validator"),
    ("schema solo", "the JSON Schema of a solo booklet's --format json: its sections and their events"),
]))
@click.argument("name", metavar="NAME")
def schema_command(name: str) -> None:
    """Print the JSON Schema of a data contract: dungeon (what `printgen dungeon --format json` writes, each
    game's door kinds, link kinds and walls documented in it) or solo (what `printgen solo --format json`
    writes: every section's events, in a vocabulary both games share)."""
    from . import schemas

    click.echo(schemas.text(name), nl=False)


@cli.command("list", context_settings=CONTEXT, short_help="What printgen makes: systems, products, sizes")
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
    for product in catalogue.values():
        click.echo(f"  {product.name:<12} {product.summary}  [{', '.join(product.systems())}]")
    click.echo("Papers:   " + ", ".join(f"{p.name} ({p.label})" for p in PAPERS.values()))
    for product in catalogue.values():
        for line in product.listed():
            click.echo(line)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every user error into one line and exit code 2."""
    try:
        cli.main(args=argv, prog_name="printgen", standalone_mode=False)
    except PrintgenError as exc:
        click.echo(f"printgen: error: {exc.words()}", err=True)
        return EXIT_USAGE
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 0
    except click.UsageError as exc:
        hinted = usage_hint(exc, list(sys.argv[1:] if argv is None else argv), cli)
        if hinted is not None:
            told = hinted.words()
        else:
            hint = f" (see: {exc.ctx.command_path} --help)" if exc.ctx else ""
            told = f"{' '.join(exc.format_message().split())}{hint}"
        click.echo(f"printgen: error: {told}", err=True)
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
