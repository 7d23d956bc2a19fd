"""A user's own template folder: found, bounded, fingerprinted.

``--templates DIR`` (or ``PRINTGEN_TEMPLATES``) puts a folder of templates in
front of the built-in ones; the caller gives it on the request (sources.py).
The folder's content hash goes into the seed code, so ``reproduce`` can refuse
a folder that is missing or has changed instead of quietly printing a
different file.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from .. import games, words
from ..errors import Flag, PrintgenError
from ..resources import templates_dir

DIGEST_LENGTH = 16  # hex characters of SHA-256 in the seed code
MAX_FILES = 500
MAX_BYTES = 20 * 1024 * 1024  # a template folder is text and a few images, never more than this


def files(folder: Path) -> list[Path]:
    """The regular files under ``folder``, sorted, within the bounds; one clear line otherwise."""
    if not folder.is_dir():
        raise PrintgenError(Flag("templates", str(folder)), ": no such folder",
                            right="give a folder of templates (make one with 'printgen templates export DIR')")
    found, total = [], 0
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not (path.is_file() or path.is_dir()):
            raise PrintgenError(Flag("templates", str(folder)), f": {path.relative_to(folder)} is not a plain file; "
                                f"a template folder holds plain files only")
        if path.is_file():
            found.append(path)
            total += path.stat().st_size
        if len(found) > MAX_FILES or total > MAX_BYTES:
            raise PrintgenError(Flag("templates", str(folder)), f": more than {MAX_FILES} files or "
                                f"{MAX_BYTES // 2**20} MiB", right="give a folder of templates only")
    return found


def digest(folder: Path) -> str:
    """SHA-256 of every file's path and bytes, in path order (first DIGEST_LENGTH hex digits)."""
    hasher = hashlib.sha256()
    for path in files(folder):
        hasher.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        hasher.update(path.read_bytes() + b"\0")
    return hasher.hexdigest()[:DIGEST_LENGTH]


def checked(folder: Path | None, expected_digest: str | None, known_digest: str | None = None) -> Path | None:
    """The user's folder a seed code asks for (``expected_digest``), given as ``folder`` (whose fingerprint the
    caller may know already: ``known_digest``), checked; None when the code uses the built-ins."""
    if expected_digest is None:
        return None
    if folder is None:
        raise PrintgenError(f"this seed code was made with your own templates (templates={expected_digest})",
                            option="templates", right=("give their folder with ", Flag("templates", "DIR")))
    found = known_digest or digest(folder)
    if found != expected_digest:
        raise PrintgenError(f"the templates in {folder} are not the ones this seed code was made with "
                            f"(theirs {found}, the code's {expected_digest}); give the same folder unchanged")
    return folder.resolve()


def export(target: Path) -> list[Path]:
    """Copy the built-in templates into ``target``: shared ones at the top (among them cards/: the example
    deck, the built-in card layouts as YAML in cards/layouts/ and a complete layout example with pictures in
    cards/example/), each game's under <id>/, with the game's phrasebook beside its templates (<id>/words.toml)."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise PrintgenError(f"{target} already exists and is not an empty folder; give a new folder")
    copies = [(path, target / path.relative_to(templates_dir())) for path in _files_under(templates_dir())]
    for g in games.games().values():
        if g.templates.is_dir():
            copies += [(path, target / g.id / path.relative_to(g.templates)) for path in _files_under(g.templates)]
        phrases = words.builtin_file(g.folder)
        if phrases.is_file():
            copies.append((phrases, target / g.id / words.FILE_NAME))
    for source, copy in copies:
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, copy)
    return [copy for _, copy in copies]


def _files_under(folder: Path) -> list[Path]:
    return [path for path in sorted(folder.rglob("*")) if path.is_file() and "__pycache__" not in path.parts]
