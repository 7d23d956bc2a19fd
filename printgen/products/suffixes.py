"""An output file's extension and its format agree: the extension chooses the format where none is given, and
a contradiction is refused in one line that names a file that would work, before anything is made.

A product's format writes one suffix (``pdf``, ``json``, a print shop's ``zip``), except ``png``: the pages
as pictures are one ``.png`` for one page and a ``.zip`` for more, which only the made PDF can tell; that
last check (``pictures_for``) comes after the PDF and before a picture is drawn.
"""

from __future__ import annotations

from pathlib import PurePath

from ..errors import PrintgenError
from ..seed import SeedCode
from . import PICTURES, Request, request, suffix


def suffixes(checked: Request) -> tuple[str, ...]:
    """The suffixes a request's file may have."""
    return ("png", "zip") if checked.format == PICTURES else (suffix(checked),)


def format_for(name: PurePath, checked: Request, fixed: str | None = None) -> Request:
    """The request whose file ``name`` is: ``checked`` when its suffix fits, else (unless the format is
    ``fixed``, by what those words name) the one format whose file has ``name``'s extension; one line naming a
    name that would work otherwise."""
    extension = name.suffix.lower().lstrip(".")
    if extension in suffixes(checked):
        return checked
    if not extension:
        raise PrintgenError(f"-o {name} has no extension; give -o {_renamed(name, checked)}")
    if fixed is not None and checked.format == PICTURES:
        one = checked.product.one_page(checked)
        if one is None:
            raise PrintgenError(f"{fixed} makes a .zip of pictures, one a page (a .png where the file is one page), "
                                f"not .{extension}; give -o {_renamed(name, checked)}")
        raise PrintgenError(f"{fixed} makes {'one .png' if one else 'a .zip of pictures, one a page'}, not "
                            f".{extension}; give -o {_renamed(name, checked)}")
    if fixed is not None:
        raise PrintgenError(f"{fixed} makes a .{suffixes(checked)[0]}, not .{extension}; "
                            f"give -o {_renamed(name, checked)}")
    fitting = [other for other in _formats(checked) if extension in suffixes(other)]
    if len(fitting) == 1:
        return fitting[0]
    if fitting:
        choices = " or ".join(f"--format {other.format}" for other in fitting)  # the command line's alone (-o)
        raise PrintgenError(f"-o {name} could be {choices}; add the one you mean")
    written = ", ".join(dict.fromkeys(f".{s}" for other in [checked, *_formats(checked)] for s in suffixes(other)))
    raise PrintgenError(f"{checked.product.name} is written as {written}, not .{extension}; "
                        f"give -o {_renamed(name, checked)}")


def pictures_known(name: PurePath, checked: Request) -> None:
    """Refuse, before any work, a picture file's name that its product already knows is the wrong kind."""
    one = checked.product.one_page(checked) if checked.format == PICTURES else None
    extension = name.suffix.lower().lstrip(".")
    if one is False and extension == "png" and checked.product.in_folder(checked):
        raise PrintgenError(f"{name} would be one picture, but there is one for each card; give -o a folder "
                            f"(-o {name.with_suffix('')}) or a zip (-o {name.with_suffix('.zip')})")
    if one is False and extension == "png":
        raise PrintgenError(f"a {checked.product.name} has many pages, written as a zip of pictures, not one .png; "
                            f"give -o {name.with_suffix('.zip')}")
    if one is True and extension == "zip":
        pictures_for(name, 1)


def pictures_for(name: PurePath, pages: int) -> None:
    """Refuse pictures of ``pages`` pages to ``name`` when its extension says the other kind of file."""
    extension = name.suffix.lower().lstrip(".")
    if pages > 1 and extension == "png":
        raise PrintgenError(f"{pages} pages are written as a zip of pictures, not one .png; "
                            f"give -o {name.with_suffix('.zip')}")
    if pages == 1 and extension == "zip":
        raise PrintgenError(f"one page is written as a .png, not a zip; give -o {name.with_suffix('.png')}")


def _formats(checked: Request) -> list[Request]:
    """The request in each other format its product offers with these options (those that contradict none)."""
    declared = {option.name: option for option in checked.product.options(checked.code.system, checked.code.option_map)}
    if "format" not in declared:
        return []
    found = []
    for choice in declared["format"].choices:
        if choice == checked.format:
            continue
        texts = {**checked.code.option_map, "format": choice}
        try:
            found.append(request(SeedCode(checked.code.product, checked.code.system, checked.code.seed,
                                          tuple(sorted(texts.items()))), checked.sources, checked.spare_core))
        except PrintgenError:
            continue
    return found


def _renamed(name: PurePath, checked: Request) -> PurePath:
    """``name`` with the suffix its file takes: pictures a .zip unless the product knows it is one page."""
    written = suffixes(checked)[0]
    if checked.format == PICTURES and checked.product.one_page(checked) is not True:
        written = "zip"
    return name.with_suffix(f".{written}") if name.suffix else name.with_name(f"{name.name}.{written}")
