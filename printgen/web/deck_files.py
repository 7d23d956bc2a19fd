"""The files a designer gives the "Your deck" page: a zip (data, layout, pictures, fonts), or a deck file and a
layout pasted in; read in the server, bounded, and kept only in memory for the session (deck_store.py).

A zip comes from anyone. It is read entry by entry, never unpacked to disk: at most ``MAX_ENTRIES`` files,
none larger than a picture may be (user_files.MAX_FILE_BYTES) nor all together more than
``MAX_UNPACKED``; each entry's bytes are counted as they are read, so a zip that claims small sizes and
unpacks to more is caught; an entry is refused for a name the command line would refuse (absolute, ``..``,
a backslash), for being a symbolic link, or for being encrypted. The pictures' pixels, the fonts and the
layout are checked when the deck is read, by the command line's own code (in a worker), so every refusal
is the command line's.
"""

from __future__ import annotations

import io
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..cards import card_design, custom, user_files
from ..errors import PrintgenError

MiB = 1024 * 1024
MAX_UPLOAD = 32 * MiB  # a zip as sent
MAX_UNPACKED = 64 * MiB  # everything in it, unpacked (the command line takes 200 MiB; the studio holds it in memory)
MAX_ENTRIES = 500
DATA_SUFFIXES = custom.SUFFIXES
LAYOUT_SUFFIXES = card_design.LAYOUT_SUFFIXES
SKIPPED = ("__MACOSX/", ".DS_Store", "Thumbs.db")  # what archivers add beside the files
STARTING_LAYOUT = "layout.yaml"  # a deck given without a layout starts from printgen's own look
STARTING_TEXT = "extends: builtin:printgen\n"
_ANYWHERE = user_files.Folder(Path("."))  # its names are checked as the command line checks them, never read


@dataclass
class DeckFiles:
    """A deck's files by their path in the deck (``pictures/torch.svg``), the deck file and the layout chosen,
    and the other candidates for each."""

    files: dict[str, bytes] = field(default_factory=dict)
    data: str = ""
    layout: str = ""
    data_choices: list[str] = field(default_factory=list)
    layout_choices: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(len(content) for content in self.files.values())

    def text(self, name: str) -> str | None:
        """A text file's content as text (a deck file or a layout, to edit), or None for a workbook."""
        if name not in self.files or name.lower().endswith(".xlsx"):
            return None
        try:
            return self.files[name].decode("utf-8-sig")
        except UnicodeDecodeError:
            return None


def from_zip(upload: bytes, shown: str) -> DeckFiles:
    """The deck in an uploaded zip; one line for anything refused."""
    if len(upload) > MAX_UPLOAD:
        raise PrintgenError(f"{shown} is larger than the studio's {MAX_UPLOAD // MiB} MiB for a deck; make its "
                            f"pictures smaller, or make the deck with the command line")
    try:
        archive = zipfile.ZipFile(io.BytesIO(upload))
        entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise PrintgenError(f"{shown} is not a zip; give a zip of the deck's folder (its deck file, layout, "
                            f"pictures and fonts)") from None
    wanted = [entry for entry in entries if not entry.is_dir() and not _skipped(entry.filename)]
    if len(wanted) > MAX_ENTRIES:
        raise PrintgenError(f"{shown} holds {len(wanted)} files; the studio takes at most {MAX_ENTRIES} in a deck")
    if sum(entry.file_size for entry in wanted) > MAX_UNPACKED:
        raise PrintgenError(f"{shown} unpacks to more than {MAX_UNPACKED // MiB} MiB; a deck's files are smaller "
                            f"than that (a zip bomb?)")
    found = DeckFiles()
    total = 0
    for entry in wanted:
        name = _name(entry, shown)
        if entry.flag_bits & 0x1:
            raise PrintgenError(f"{shown}: {name} is encrypted; give the deck's files as they are")
        limit = user_files.MAX_FILE_BYTES
        try:
            with archive.open(entry) as handle:
                content = handle.read(limit + 1)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
            raise PrintgenError(f"{shown}: {name} cannot be read from the zip (is it cut short?)") from None
        if len(content) > limit:
            raise PrintgenError(f"{shown}: {name} is larger than {limit // MiB} MiB; a picture for a card is smaller "
                                f"than that")
        total += len(content)
        if total > MAX_UNPACKED:
            raise PrintgenError(f"{shown} unpacks to more than {MAX_UNPACKED // MiB} MiB; a deck's files are "
                                f"smaller than that (a zip bomb?)")
        found.files[name] = content
    _choose(found, shown)
    return found


def pasted(data_text: str, data_kind: str, layout_text: str) -> DeckFiles:
    """A deck file and a layout pasted in (no pictures or fonts: they come in a zip)."""
    kind = data_kind if data_kind in ("csv", "yaml") else "csv"
    found = DeckFiles()
    found.files = {f"deck.{kind}": data_text.encode("utf-8"), "layout.yaml": layout_text.encode("utf-8")}
    found.data, found.layout = f"deck.{kind}", "layout.yaml"
    found.data_choices, found.layout_choices = [found.data], [found.layout]
    _check_size(found, "the pasted deck")
    return found


def with_edits(base: DeckFiles, data: str, layout: str, data_text: str | None, layout_text: str | None) -> DeckFiles:
    """The session's files with the deck file and the layout chosen, as edited on the page."""
    for name, choices in ((data, base.data_choices), (layout, base.layout_choices)):
        if name not in choices:
            raise PrintgenError(f"{name!r} is not among the deck's files ({', '.join(choices)})")
    files = dict(base.files)
    if data_text is not None:
        files[data] = data_text.encode("utf-8")
    if layout_text is not None:
        files[layout] = layout_text.encode("utf-8")
    edited = DeckFiles(files, data, layout, base.data_choices, base.layout_choices)
    _check_size(edited, "the deck")
    return edited


def _check_size(found: DeckFiles, shown: str) -> None:
    if found.size > MAX_UNPACKED:
        raise PrintgenError(f"{shown} comes to more than {MAX_UNPACKED // MiB} MiB")
    for name, limit in ((found.data, custom.MAX_FILE_BYTES), (found.layout, card_design.MAX_LAYOUT_BYTES)):
        if len(found.files.get(name, b"")) > limit:
            raise PrintgenError(f"{name} is larger than {limit // 1024} KiB; "
                                + ("a deck file is smaller than that" if name == found.data else
                                   "a layout is smaller than that"))


def _skipped(name: str) -> bool:
    return any(part in name for part in SKIPPED)


def _name(entry: zipfile.ZipInfo, shown: str) -> str:
    """The entry's path in the deck, checked as the command line checks a picture's path."""
    if stat.S_ISLNK(entry.external_attr >> 16):
        raise PrintgenError(f"{shown}: {entry.filename} is a symbolic link; give the file itself")
    try:
        return _ANYWHERE.key(entry.filename, shown)
    except PrintgenError as exc:
        raise PrintgenError(str(exc).replace("the data file's folder", "the deck's folder")) from None


def _choose(found: DeckFiles, shown: str) -> None:
    """The deck file and the layout in the zip: a layout is a YAML file with elements: or extends:, a deck file
    any other .csv, .xlsx or .yaml; the shallowest of each first."""
    layouts, decks = [], []
    for name in sorted(found.files, key=lambda key: (key.count("/"), key)):
        suffix = PurePosixPath(name).suffix.lower()
        if suffix in LAYOUT_SUFFIXES and _is_layout(found.files[name]):
            layouts.append(name)
        elif suffix in DATA_SUFFIXES:
            decks.append(name)
    if not decks:
        raise PrintgenError(f"{shown} holds no deck file; put the deck's {custom.KINDS} file in it")
    found.data = decks[0]
    if not layouts:
        layouts = [str(PurePosixPath(found.data).parent / STARTING_LAYOUT).removeprefix("./")]
        found.files[layouts[0]] = STARTING_TEXT.encode()
    found.data_choices, found.layout_choices = decks, layouts
    beside = [name for name in layouts if PurePosixPath(name).parent == PurePosixPath(found.data).parent]
    found.layout = (beside or layouts)[0]


def _is_layout(content: bytes) -> bool:
    head = content[:4096].decode("utf-8", "replace")
    return any(line.startswith(("elements:", "extends:", "fonts:")) for line in head.splitlines())
