"""The files a custom deck's layout reads beside its data: pictures and fonts, from one folder and below.

A layout and its data folder can come from anyone, so every file a layout
names is a relative path inside the data file's folder: no absolute path, no
"..", no symbolic link on the way (one could lead out), only a regular file
of bounded size; and all the files a deck reads together are bounded too.
Everything refused is one line naming the card or element and the file.

``Folder.digest`` is the fingerprint of every file read, for the seed code:
reproducing a deck refuses, in one line, pictures or fonts that have changed.
How a seed code names the data file and the layout, and how they are found
again from it, is at the end (``recorded_name``, ``locate``).
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path, PurePosixPath

from ..errors import PrintgenError
from ..sources import Sources

MAX_FILE_BYTES = 40 * 1024 * 1024  # one picture or font
MAX_TOTAL_BYTES = 200 * 1024 * 1024  # every picture and font a deck reads, together
MAX_FILES = 1000  # distinct pictures and fonts in one deck
DIGEST_LENGTH = 16


class Folder:
    """The data file's folder (or, ``called`` otherwise, a layout's own): what a layout may read, each file's
    fingerprint remembered. Its bytes are not held: a file read again (a picture when it is drawn, after its
    size was read with the deck) must be what was read first, so what is printed is what is fingerprinted."""

    def __init__(self, root: Path, called: str = "the data file's folder"):
        self.root = root
        self.called = called
        self._read: dict[str, tuple[bytes, int]] = {}  # each file's SHA-256 and size

    def has(self, name: str, where: str) -> bool:
        """Whether the folder holds the file ``name``; a name that could lead out of it, or through a symbolic
        link, is refused as ``path`` refuses it."""
        try:
            self.path(name, where)
        except Missing:
            return False
        return True

    def path(self, name: str, where: str) -> Path:
        """The file ``name`` (as a layout or the data gives it) inside the folder, checked; ``where`` names
        the card or element for the message."""
        relative = _relative(name, where, self.called)
        path = self.root
        for part in relative.parts:
            path = path / part
            try:
                info = os.lstat(path)
            except FileNotFoundError:
                raise Missing(f"{where}: {name!r}: no such file in {self._shown()}") from None
            except OSError as exc:
                raise PrintgenError(f"{where}: {name!r}: cannot read it ({exc.strerror})") from None
            if stat.S_ISLNK(info.st_mode):
                raise PrintgenError(f"{where}: {name!r} goes through a symbolic link ({part}); pictures and fonts "
                                    f"are read only as plain files in {self._shown()} or below")
        if not stat.S_ISREG(info.st_mode):
            raise PrintgenError(f"{where}: {name!r} is not a regular file")
        return path

    def read(self, name: str, where: str) -> bytes:
        """The bytes of ``name``, within the caps for one file and for the whole deck; read again, the same bytes
        as the first time or a refusal."""
        key = _relative(name, where, self.called).as_posix()
        path = self.path(name, where)
        if key not in self._read and len(self._read) >= MAX_FILES:
            raise PrintgenError(f"{where}: {name!r}: more than {MAX_FILES} distinct pictures and fonts in one deck")
        try:
            with path.open("rb") as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise PrintgenError(f"{where}: {name!r}: cannot read it ({exc.strerror})") from None
        if len(data) > MAX_FILE_BYTES:
            raise PrintgenError(f"{where}: {name!r} is larger than {MAX_FILE_BYTES // 2**20} MiB; "
                                f"a picture for a card is smaller than that")
        digest = hashlib.sha256(data).digest()
        if key in self._read:
            if self._read[key][0] != digest:
                raise PrintgenError(f"{where}: {name!r} changed while the deck was being made; make it again once "
                                    f"the file is saved")
            return data
        if sum(size for _, size in self._read.values()) + len(data) > MAX_TOTAL_BYTES:
            raise PrintgenError(f"{where}: {name!r}: the deck's pictures and fonts come to more than "
                                f"{MAX_TOTAL_BYTES // 2**20} MiB together; make them smaller")
        self._read[key] = (digest, len(data))
        return data

    def key(self, name: str, where: str) -> str:
        """The file's name as the folder knows it (one spelling for ``a/b.png`` and ``a//b.png``)."""
        return _relative(name, where, self.called).as_posix()

    def unchanged(self) -> bool:
        """Whether every file read so far still holds the bytes read (a deck made again in one process)."""
        for key, (digest, _) in self._read.items():
            try:
                with (self.root / key).open("rb") as handle:
                    if hashlib.sha256(handle.read(MAX_FILE_BYTES + 1)).digest() != digest:
                        return False
            except OSError:
                return False
        return True

    def digest(self) -> str | None:
        """SHA-256 of every file read (name and bytes, in name order); None if none was read."""
        if not self._read:
            return None
        hasher = hashlib.sha256()
        for key in sorted(self._read):
            hasher.update(key.encode("utf-8") + b"\0" + self._read[key][0])
        return hasher.hexdigest()[:DIGEST_LENGTH]

    def _shown(self) -> str:
        return f"{self.root}" if str(self.root) not in ("", ".") else self.called


class Missing(PrintgenError):
    """A file a folder does not hold."""


def digest_of(folders: list[Folder]) -> str | None:
    """The fingerprint of every file read from ``folders`` (the data file's first): the data folder's own where
    it is the only one read from (as a seed code has always recorded it), else one over each folder's."""
    digests = [folder.digest() for folder in folders]
    if not any(digests[1:]):
        return digests[0]
    hasher = hashlib.sha256()
    for digest in digests:
        hasher.update((digest or "").encode("ascii") + b"\0")
    return hasher.hexdigest()[:DIGEST_LENGTH]


def _relative(name: str, where: str, called: str = "the data file's folder") -> PurePosixPath:
    """``name`` as a path relative to the folder, or one line saying why it cannot be."""
    text = name.strip()
    if not text:
        raise PrintgenError(f"{where}: the file name is empty")
    if "\x00" in text or "\\" in text:
        raise PrintgenError(f"{where}: {name!r}: write the path with / between folders")
    path = PurePosixPath(text)
    if path.is_absolute() or (len(text) > 1 and text[1] == ":") or text.startswith("~"):
        raise PrintgenError(f"{where}: {name!r} is not a path inside {called}; "
                            f"give it relative to that folder (e.g. pictures/fire.png)")
    if any(part == ".." for part in path.parts):
        raise PrintgenError(f"{where}: {name!r} leads out of {called} (..); pictures and fonts "
                            f"are read only from that folder and below")
    parts = [part for part in path.parts if part != "."]
    if not parts:
        raise PrintgenError(f"{where}: {name!r} names a folder, not a file")
    return PurePosixPath(*parts)


# Where a custom deck's own files are found ----------------------------------------------------------------
#
# A seed code names the deck's data file relative to where the command ran, or by its name alone when it lies
# elsewhere, and its layout relative to the data file's folder (or by name): never an absolute path, which
# would print a private folder on every shared deck. The fingerprints beside them in the code find the files
# again: the very file the command named (the request's sources), in the folder it is named from, and in the
# sources' further folders (reproduce: --data-dir, and the PDF's own folder).


def recorded_name(path: Path, base: Path) -> str:
    """How a seed code names the file ``path``: relative to ``base`` where it lies there or below, else by its
    name alone."""
    absolute, root = Path(os.path.abspath(path)), Path(os.path.abspath(base))
    if absolute.is_relative_to(root) and absolute != root:
        return absolute.relative_to(root).as_posix()
    return absolute.name


def locate(name: str, digest: str | None, first: Path, fingerprint, sources: Sources) -> Path:
    """The file a seed code names ``name`` (relative to ``first``, the folder it is named from) with the
    fingerprint ``digest``: the first of the places it could be whose bytes have that fingerprint
    (``fingerprint(path)``), else the first that exists (reading it says it has changed), else ``first /
    name`` (reading it says it is missing)."""
    places = [sources.given_file(name, digest), first / name]
    for folder in sources.search:
        places += [folder / name, folder / PurePosixPath(name).name]
    existing = []
    for place in places:
        if place is not None and place.is_file() and place not in existing:
            existing.append(place)
            if digest is None or fingerprint(place) == digest:
                return place
    return existing[0] if existing else first / name


def places_looked(name: str, first: Path, sources: Sources) -> list[Path]:
    """The folders ``locate`` looks in for ``name``, for a message: the one it is named from, then the
    sources' further folders."""
    shown = [(first / name).parent]
    for folder in sources.search:
        for place in (folder / name, folder / PurePosixPath(name).name):
            if place.parent not in shown:
                shown.append(place.parent)
    return shown
