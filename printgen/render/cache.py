"""The user's cache folder: pieces of files that are the same for every seed, made once and kept.

A rules page laid out by WeasyPrint, a font cut to the same characters: such a piece depends on printgen's
release, its templates and fonts and the versions of the libraries that make it, never on the seed. It is
made once, kept here under a key hashed from everything that shapes it, and read back by every later run.

- Where: ``PRINTGEN_CACHE`` names the folder (``off`` turns the cache off); else the platform's cache
  folder: ``$XDG_CACHE_HOME/printgen`` or ``~/.cache/printgen`` on Linux and other Unix systems,
  ``~/Library/Caches/printgen`` on macOS, ``%LOCALAPPDATA%\\printgen\\Cache`` on Windows.
- An entry is written to a temporary file beside it and renamed into place, so a reader sees a whole entry
  or none; it holds the SHA-256 of its contents, checked on every read: an entry that does not match is
  ignored (and made and written again).
- A folder that cannot be made or written is skipped without a word: the piece is made as if it had no cache.

The file's bytes are the same whether the cache was warm, cold, absent or damaged (tests/test_cache.py).
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from .. import FORMAT_VERSION, __version__

ENV = "PRINTGEN_CACHE"
OFF = ("off", "no", "0", "false", "none")
MAGIC = b"PGCACHE1"
DIGEST = hashlib.sha256().digest_size


def folder() -> Path | None:
    """The cache folder (read afresh each time: a test or a studio may point it elsewhere), None when off."""
    value = os.environ.get(ENV)
    if value is not None:
        value = value.strip()
        return None if not value or value.lower() in OFF else Path(value).expanduser()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "printgen" / "Cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "printgen"
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    if base and Path(base).is_absolute():
        return Path(base) / "printgen"
    try:
        return Path.home() / ".cache" / "printgen"
    except RuntimeError:  # no home folder to be found
        return None


def key(*parts: str | bytes) -> str:
    """A key from everything that shapes an entry, printgen's release and format among them."""
    digest = hashlib.sha256()
    for part in (__version__, str(FORMAT_VERSION), *parts):
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def fingerprint(folders: Iterable[Path], suffixes: tuple[str, ...] | None = None) -> str:
    """The digest of every file under ``folders`` (its path within its folder and its bytes), optionally only
    those whose names end in ``suffixes``."""
    digest = hashlib.sha256()
    for top in folders:
        if not top.is_dir():
            continue
        for path in sorted(top.rglob("*")):
            if path.is_file() and (suffixes is None or path.name.endswith(suffixes)):
                digest.update(path.relative_to(top).as_posix().encode("utf-8", "surrogateescape") + b"\0")
                data = path.read_bytes()
                digest.update(len(data).to_bytes(8, "big"))
                digest.update(data)
        digest.update(b"\1")
    return digest.hexdigest()


VERSION_LINE = re.compile(r"""^(?:VERSION = |version = )?__version__ = ['"]([^'"]+)['"]""", re.MULTILINE)


def release(package: str) -> str | None:
    """The release ``package`` declares (``__version__``), for a key: read from its ``__init__`` where it is not
    imported yet, since importing a library to learn its release can cost a run what its entry saves
    (importlib.metadata costs a quarter of a second); None where its source does not say."""
    module = sys.modules.get(package)
    if module is not None:
        return str(getattr(module, "__version__", "?"))
    import importlib.util

    spec = importlib.util.find_spec(package)
    if spec is None or not spec.origin:
        return None
    try:
        found = VERSION_LINE.search(Path(spec.origin).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    return found.group(1) if found else None


def _path(kind: str, entry: str) -> Path | None:
    top = folder()
    return None if top is None else top / kind / entry[:2] / entry


def get(kind: str, entry: str) -> bytes | None:
    """The kept bytes of ``entry`` (a key) among pieces of ``kind``; None when there are none, they do not
    match their digest, or the cache is off or cannot be read."""
    path = _path(kind, entry)
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(MAGIC) + DIGEST
    if data[:len(MAGIC)] != MAGIC or hashlib.sha256(data[head:]).digest() != data[len(MAGIC):head]:
        return None
    return data[head:]


def put(kind: str, entry: str, data: bytes) -> None:
    """Keep ``data`` under ``entry``: written whole to a temporary file beside it, then renamed into place;
    nothing is said when the folder cannot be written."""
    path = _path(kind, entry)
    if path is None:
        return
    temp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{entry[:16]}.", suffix=".part", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(MAGIC + hashlib.sha256(data).digest() + data)
        os.replace(temp, path)
        temp = None
    except OSError:
        pass
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass


def kept(kind: str, entry: str, make: Callable[[], bytes]) -> bytes:
    """The bytes kept under ``entry``, else ``make()``'s, kept for next time."""
    found = get(kind, entry)
    if found is None:
        found = make()
        put(kind, entry, found)
    return found
