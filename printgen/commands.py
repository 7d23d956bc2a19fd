"""The command line's product commands, made from the products' declarations.

For every product there is one command, and its options are exactly the
options the product and the games declare (printgen/options.py), with their
help, choices, ranges and defaults. A value given on the command line is
read into its canonical text by the option itself and checked by the same
function that checks a seed code, so the command line and ``reproduce`` can
never disagree about what is allowed.

Besides the declared options a command takes what only a person at a
terminal gives: ``--system`` (or a deck's NAME), ``--seed``, ``-o``,
``--force``, ``--quiet``, and files that a seed code records by fingerprint
(``--templates DIR``, a custom deck's ``--data FILE``).
"""

from __future__ import annotations

import errno
import io
import os
import sys
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import quote

import click
from click.core import ParameterSource

from . import games, products
from .errors import Flag, PrintgenError
from .options import Option, OptionError
from .products import suffixes
from .products.typed import code_from
from .render.output import (
    DEFAULT_OUTPUT_DIR,
    check_folder,
    check_names,
    check_writable,
    default_path,
    write_atomic,
    write_folder,
)
from .seed import SAFE, random_seed
from .sources import Sources

# Commands and option names are taken whatever their case, as every choice is.
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100, "token_normalize_func": str.lower}
STDOUT = "-"
# Options given as a path on the command line and kept in the code as what they point at (a fingerprint).
PATH_OPTIONS = {"templates": "DIR", "data": "FILE", "card-layout": "FILE"}


def _out_path(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """-o as given: '-' is standard output; a trailing slash means a folder, which only pictures one a file
    (--each) are written into: any other file refuses it (``folder_refused``)."""
    if value is None or value == STDOUT:
        return None if value is None else Path(STDOUT)
    if value.endswith(("/", os.sep)):
        ctx.meta[FOLDER_MEANT] = value
    return Path(value)


FOLDER_MEANT = "printgen.out-folder"


def _folder_meant() -> str | None:
    """-o as typed where it ended in a slash."""
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get(FOLDER_MEANT)


def folder_refused(request: products.Request, out: Path | None) -> None:
    """-o DIR/ is a folder, refused for a request whose file is one file."""
    typed = _folder_meant()
    if typed is not None and out is not None and not into_folder(request, out):
        raise PrintgenError(f"-o {typed} names a folder; give a file name, e.g. -o {typed}{default_name(request)}")




def seed_option(product: products.Product):
    """--seed, its default said as the product takes it."""
    return click.option("--seed", metavar="TEXT", help=(
        f"Any text; the same seed prints the same file. Default: a fresh random seed, printed; "
        f"{products.UNSEEDED!r} where the pages roll nothing (blank sheets, a deck in its printed order), so each "
        f"run writes the same file." if product.seeded else
        f"Any text; the same seed prints the same file. Default: {products.UNSEEDED!r}: {product.name} rolls "
        f"nothing, so a seed only names the file."))


out_option = click.option("-o", "--out", callback=_out_path, metavar="FILE",
                          help="Output file ('-': standard output); its extension (.pdf, .png, .json, .zip) chooses the "
                               "format where --format is not given. Default: "
                               "output/<product>-<system>-<seed>-<options not at their default>.<ext>")
# reproduce makes the file its code names, in the code's format: -o's extension must fit it.
reproduce_out_option = click.option("-o", "--out", callback=_out_path, metavar="FILE",
                                    help="Output file ('-': standard output), its extension the file's own (.pdf, "
                                         ".png, .json, .zip, as the seed code says). Default: "
                                         "output/<product>-<system>-<seed>-<options not at their default>.<ext>")
force_option = click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
quiet_option = click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors (on standard error).")


def checked_option(option: Option, envvar: str | None = None):
    """A click option read and checked as a declared option is: its range shown as 1..32, a bad value refused
    in the one phrasing of every other."""
    def convert(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
        if value is None:
            return None
        try:
            return option.parse(option.read(value))
        except PrintgenError as exc:
            if envvar and ctx.get_parameter_source(param.name or "") == ParameterSource.ENVIRONMENT:
                raise PrintgenError(f"{envvar}={value} (from the environment) is read as {option.flag_name}, and "
                                    f"{exc.words()}; set it right or unset it") from None
            raise

    default = option.default if isinstance(option.default, str) else None
    return click.option(option.flag_name, option.name.replace("-", "_"), default=default, metavar=option.metavar,
                        callback=convert, envvar=envvar,
                        help=option.said() + (f"  [default: {default}]" if default is not None else ""))


def templates_from_environment(folder: Path | None) -> None:
    """A template folder the environment names (PRINTGEN_TEMPLATES) is checked as the environment's, not as an
    option the person never typed."""
    ctx = click.get_current_context(silent=True)
    if folder is None or ctx is None or ctx.get_parameter_source("templates") != ParameterSource.ENVIRONMENT:
        return
    if not folder.is_dir():
        what = "a file, not a folder" if folder.exists() else "no such folder"
        raise PrintgenError(f"PRINTGEN_TEMPLATES={folder} (from the environment): {what}; set it to a template "
                            f"folder ('printgen templates export DIR' makes one) or unset it")


def examples_epilog(lines: list[tuple[str, str]]) -> str:
    """The --help examples, aligned."""
    width = max((len(command) for command, _ in lines), default=0) + 11
    body = "\n".join(f"  {('printgen ' + command):<{width}}{what}" for command, what in lines)
    return "\b\nExamples:\n" + body + "\n" if lines else ""


def said_code(request: products.Request) -> str:
    """The seed code as the terminal says it: as printgen writes it (safe to paste into a shell), and the seed
    as typed where escapes hide it."""
    code = request.code
    return f"seed code: {code}" + (f" (the seed {code.seed!r})" if quote(code.seed, safe=SAFE) != code.seed else "")


def tell(message: str, quiet: bool) -> None:
    """printgen's own messages go to standard error, so standard output can carry a file."""
    if not quiet:
        click.echo(message, err=True)


def product_command(product: products.Product) -> click.Command:
    """One click command for ``product``: its declared options, and the terminal's own."""
    variants = product.all_options()
    systems = product.systems()
    params: list[click.Parameter] = []
    if product.argument is not None:
        params.append(click.Argument([product.argument.replace("-", "_")], metavar="NAME"))
    if len(systems) > 1 or systems[0] in games.games():
        # Checked with the other options (products/typed.py), in their phrasing; one game needs no --system.
        needed = len(systems) > 1 and product.system_from is None
        params.append(click.Option(["--system"], metavar="|".join(sorted(systems)),
                                   help="The game." + ("  [required]" if needed else
                                                       f"  [default: {systems[0]}]" if len(systems) == 1 else
                                                       " Default: the one game with the deck NAME.")))
    for name, takers in sorted(variants.items()):
        option = takers[0][0]
        if name in PATH_OPTIONS:
            params.append(click.Option([f"--{name}", name.replace("-", "_")], metavar=PATH_OPTIONS[name],
                                       help=option.said(), envvar="PRINTGEN_TEMPLATES" if name == "templates" else None))
        elif option.typed and name != product.argument:
            params.append(_click_option(option, takers, systems))
            if option.former:  # its older name still works, unshown
                params.append(click.Option([f"--{option.former}", option.former.replace("-", "_")],
                                           metavar=option.metavar, hidden=True))
    for flag, help_text in product.command_flags:
        params.append(click.Option([f"--{flag}"], is_flag=True, help=help_text))

    def callback(seed: str | None, out: Path | None, force: bool, quiet: bool, **given: Any) -> None:
        templates_from_environment(Path(given["templates"]) if given.get("templates") else None)
        run(product, given, seed, out, force, quiet)

    command = click.Command(product.name, callback=callback, params=params, help=product.summary,
                            short_help=product.summary.split(":")[0],  # whole words in the list of commands
                            context_settings=CONTEXT,
                            epilog=examples_epilog(product.all_examples()))
    for decorate in (quiet_option, force_option, out_option, seed_option(product)):
        command = decorate(command)
    return command


def _click_option(option: Option, takers: list[tuple[Option, str]], systems: tuple[str, ...]) -> click.Option:
    """A declared option as click shows it; its value stays text until the option reads it."""
    param = option.name.replace("-", "_")
    if option.flag:
        return click.Option([option.flag_name, param], is_flag=True, help=option.said() + _for_whom(takers, systems))
    shapes = {o.metavar for o, _ in takers}
    metavar = shapes.pop() if len(shapes) == 1 else "VALUE"
    return click.Option([option.flag_name, param], metavar=metavar, help=option.said() + _values_by_game(takers, systems))


def _for_whom(takers: list[tuple[Option, str]], systems: tuple[str, ...]) -> str:
    if len(takers) == len(systems):
        return ""
    return f" [{', '.join(system for _, system in takers)}]"


def _values_by_game(takers: list[tuple[Option, str]], systems: tuple[str, ...]) -> str:
    """What each game takes and its default, e.g. " [a: 4..40, default 16; b: 2..14, default 8]"."""
    if len(takers) == len(systems) and len({(o.metavar, o.default) for o, _ in takers}) == 1:
        option = takers[0][0]
        if option.absent is not None:
            return f"  [default: {option.absent}]"
        return f"  [default: {_shown(option)}]" if isinstance(option.default, str) else ""
    parts = []
    for option, system in takers:
        default = f", default {_shown(option)}" if isinstance(option.default, str) else ""
        shape = f": {option.metavar}" if len(takers) > 1 and option.metavar else ""
        parts.append(f"{system}{shape}{default}")
    return " [" + "; ".join(parts) + "]"


def _shown(option: Option) -> str:
    """A default as a person types it (a pair is X,Y on the command line)."""
    return option.default.replace("x", ",") if option.pair else option.default


def _current_names(product: products.Product, given: dict[str, Any]) -> dict[str, Any]:
    """The options typed by a former name (--dpi) under their name now (--ppi)."""
    named = dict(given)
    for name, takers in product.all_options().items():
        former = takers[0][0].former
        if former is None:
            continue
        value = named.pop(former.replace("-", "_"), None)
        if value is None:
            continue
        if named.get(name.replace("-", "_")) is not None:
            raise OptionError(name, f"is given twice, also by its former name --{former}", right="give it once")
        named[name.replace("-", "_")] = value
    return named


def run(product: products.Product, given: dict[str, Any], seed: str | None, out: Path | None, force: bool,
        quiet: bool) -> Path | None:
    """Make a product from the command line and write it: the code made and read once, every refusal before
    a fresh seed is told."""
    if seed is not None and not seed.strip():
        raise OptionError("seed", "is empty", right=("give any text, e.g. ", Flag("seed", "moonpie")))
    given = _current_names(product, given)
    for name, value in given.items():  # an unset variable in a script ("--rooms $ROOMS") is no default
        if isinstance(value, str) and not value.strip():
            flag = name.replace("_", "-")
            shapes = {option.metavar for option, _ in product.all_options().get(flag, [])} - {""}
            shape = f" ({shapes.pop()})" if len(shapes) == 1 else ""
            raise OptionError(flag, "is empty", right=f"give it a value{shape} or leave it out")
    named = out is not None and out != Path(STDOUT)
    typed_format = given.get("format") is not None
    if named and not typed_format:  # -o's extension chooses the format, where it names one
        extension = out.suffix.lower().lstrip(".")
        if extension in {choice for option, _ in product.all_options().get("format", []) for choice in option.choices}:
            given["format"] = extension
    code, sources = code_from(product, dict(given), seed or products.UNSEEDED, Sources())
    request = products.request(code, sources)
    # Given no seed, what rolls nothing takes the one seed (the same request, the same file, one name) and
    # what rolls takes a fresh one, told.
    fresh = seed is None and product.rolls(request)
    if fresh:
        seed = random_seed()
        code, sources = code_from(product, given, seed, Sources())
        request = products.request(code, sources)
    # Bad options first, then a file in the way: one try tells what to fix first.
    if out == Path(STDOUT):
        check_stdout(request)
    folder_refused(request, out)
    if out is not None and named and into_folder(request, out):
        check_folder(out, protected_paths(request))
    elif out is not None and named:
        check_writable(out, force, protected_paths(request), default_name(request))
        request = suffixes.format_for(out, request, f"--format {request.format}" if typed_format else None)
        suffixes.pictures_known(out, request)
    if fresh:
        tell(f"seed: {seed}", quiet)
    return write(request, out, force, quiet)


def into_folder(request: products.Request, out: Path | None) -> bool:
    """Whether the pictures go into a folder, one file each: the product's pictures are files a person wants one
    by one (a deck's cards), and -o is not given, or names a folder (one that exists, or a name with no
    extension), not a .zip or standard output."""
    if not request.product.in_folder(request) or out == Path(STDOUT):
        return False
    return out is None or out.is_dir() or not out.suffix or _folder_meant() is not None


def write_pictures(request: products.Request, out: Path | None, force: bool, quiet: bool,
                   data: bytes | None = None) -> Path:
    """The product's pictures (a zip as it makes them) written into the folder ``out`` (default: beside other
    output, named as its file would be), one file each, all or none."""
    path = out or DEFAULT_OUTPUT_DIR / request.product.file_stem(request)
    protected = protected_paths(request)
    check_folder(path, protected)  # before the work, so a refusal is instant
    if data is None and path.is_dir() and request.product.picture_names is not None:  # pictures there already?
        check_names(path, request.product.picture_names(request), force, protected)
    data = data if data is not None else build(request, quiet)
    made = new_folders(path / "x")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:  # each picture out of the zip as it is written
        names = archive.namelist()
        write_folder(path, names, (archive.read(name) for name in names), force, protected)
    tell(f"wrote {len(names)} picture{'s' if len(names) != 1 else ''} into {path}"
         + (f" (made the folder{'s' if len(made) > 1 else ''} {', '.join(map(str, made))})" if made else ""), quiet)
    tell(said_code(request), quiet)
    return path


def default_name(request: products.Request) -> str:
    """The name printgen gives the file in output/."""
    return f"{request.product.file_stem(request)}.{products.suffix(request)}"


def check_stdout(request: products.Request) -> None:
    """-o - writes the file's bytes to standard output: refused, before any work, where that is a terminal
    (bytes poured onto the screen) or closed."""
    if sys.stdout is None:
        raise PrintgenError(f"standard output is closed; give -o {default_name(request)}")
    if sys.stdout.isatty():
        raise PrintgenError(f"-o - writes the file's bytes to standard output, which is this terminal; give "
                            f"-o {default_name(request)}, or send it on with a pipe (-o - | lpr)")


def to_stdout(data: bytes) -> None:
    """The file on standard output; a reader that stopped early (| head) is no error, a full disk is one line."""
    try:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second complaint at exit
    except OSError as exc:
        why = "the disk is full" if exc.errno == errno.ENOSPC else exc.strerror
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise PrintgenError(f"cannot write to standard output: {why}") from None


def new_folders(path: Path) -> list[Path]:
    """The folders writing ``path`` will make, outermost first."""
    missing = [folder for folder in path.parents if not folder.exists()]
    return list(reversed(missing))


def protected_paths(request: products.Request) -> tuple[Path, ...]:
    """The files a request reads (a custom deck's data file and layout, where they were found) are never the
    output, even with --force."""
    return request.product.own_files(request)


def build(request: products.Request, quiet: bool, out: Path | None = None) -> bytes:
    """The file's bytes, a long run saying on stderr how far it has come (unless ``quiet``); pictures for the
    file ``out`` are refused before they are drawn when their number contradicts its extension."""
    told = None if out is None or out == Path(STDOUT) else partial(suffixes.pictures_for, out)
    return products.build(request, None if quiet else sys.stderr, told)


def build_into(request: products.Request, quiet: bool, out: Path | None = None) -> Callable[[BinaryIO], None]:
    """The file written into a handle as it is made (products.build_into), saying how far it has come; as
    ``build``, pictures for ``out`` are refused before they are drawn when their number contradicts its name."""
    told = None if out is None or out == Path(STDOUT) else partial(suffixes.pictures_for, out)

    def write_into(handle: BinaryIO) -> None:
        products.build_into(request, handle, None if quiet else sys.stderr, told)
    return write_into


def write(request: products.Request, out: Path | None, force: bool, quiet: bool,
          data: bytes | None = None) -> Path | None:
    """Build the file of a checked request (unless ``data`` holds it) and write it: to ``out``, standard
    output, or its default path."""
    if out == Path(STDOUT):
        check_stdout(request)
        to_stdout(data if data is not None else build(request, quiet))
        tell(said_code(request), quiet)
        return None
    folder_refused(request, out)
    protected = protected_paths(request)
    if into_folder(request, out):
        return write_pictures(request, out, force, quiet, data)
    if out is not None:
        suffixes.format_for(out, request, "this seed code")  # its format is fixed: the name must fit it
        suffixes.pictures_known(out, request)
        if data is not None and request.format == products.PICTURES:
            suffixes.pictures_for(out, 1 if data[:2] != b"PK" else 2)
    if data is None and (out is not None or request.format != products.PICTURES):
        path = out or default_path(request.product.file_stem(request), products.suffix(request))
        check_writable(path, force, protected)  # before the work, so a refusal is instant
        contents: bytes | Callable[[BinaryIO], None] = build_into(request, quiet, out)  # written as it is made
    else:  # pictures are a .png or a zip as they come out: the name waits for the file
        data = data if data is not None else build(request, quiet)
        path = out or default_path(request.product.file_stem(request), products.suffix(request, data))
        check_writable(path, force, protected)
        contents = data
    made = new_folders(path)
    write_atomic(path, contents, force, protected)
    tell(f"wrote {path}" + (f" (made the folder{'s' if len(made) > 1 else ''} {', '.join(map(str, made))})"
                            if made else ""), quiet)
    tell(said_code(request), quiet)
    return path
