"""Writing output files: atomically, never over an existing file unless forced, never a partial file.

A file is written to a hidden ``.NAME.*.part`` beside its target and renamed
into place once complete (a file too large to hold in memory is written into
it as it is made). Ctrl-C, SIGTERM and SIGHUP remove the part file;
part files a killed run left behind are swept the next time the same file is
written. Written files follow the user's umask like any other file they make.
"""

from __future__ import annotations

import errno
import os
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ..errors import PrintgenError

DEFAULT_OUTPUT_DIR = Path("output")
STALE_PART_SECONDS = 3600  # a part file this old belongs to a run that was killed
MAX_NAME_BYTES = 255  # the longest file name common file systems take


def default_path(file_stem: str, suffix: str) -> Path:
    return DEFAULT_OUTPUT_DIR / f"{file_stem}.{suffix}"


def check_writable(path: Path, force: bool, protected: tuple[Path, ...] = (), name: str = "file.pdf") -> None:
    """Fail before any work is done if ``path`` cannot or may not be written (``name``: the file's own name, for
    a folder given as -o)."""
    if any(len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for part in path.parts):
        raise PrintgenError(f"a name in {str(path)[:40]}… is longer than {MAX_NAME_BYTES} bytes; choose a shorter one")
    try:
        _check_target(path, force, protected, name)
    except OSError as exc:
        raise PrintgenError(f"cannot write {path}: {exc.strerror}") from None


def _check_target(path: Path, force: bool, protected: tuple[Path, ...], name: str) -> None:
    if path.is_dir():
        raise PrintgenError(f"{path} is a folder; give -o a file name, e.g. {path / name}")
    if path.parts and path.parts[0].startswith("~") and not Path(path.parts[0]).exists():
        try:
            meant = f"-o {Path(path.parts[0]).expanduser().joinpath(*path.parts[1:])}"
        except RuntimeError:  # ~someone who is no user here
            meant = "the whole path"
        raise PrintgenError(f"-o {path} starts with '~', which the shell expands only unquoted; give {meant}")
    if path.exists() or path.is_symlink():
        if not path.is_file():
            raise PrintgenError(f"{path} is not a regular file; printgen writes only regular files")
        if any(path.resolve() == other.resolve() for other in protected):
            raise PrintgenError(f"{path} is this deck's own data file; choose another output file")
        if not force:
            raise PrintgenError(f"{path} already exists; pass --force to overwrite it or -o to choose another file")
    parent = path.parent
    for folder in (parent, *parent.parents):
        if folder.exists():
            if not folder.is_dir():
                raise PrintgenError(f"cannot write {path}: {folder} is a file, not a folder")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise PrintgenError(f"cannot write {path}: no permission to write in {folder}")
            break


def write_atomic(path: Path, data: bytes | Callable[[BinaryIO], None], force: bool,
                 protected: tuple[Path, ...] = ()) -> Path:
    """Write ``data`` to a part file beside ``path``, then rename it into place. ``data`` may be a function
    that writes the file into the handle it is given, as it is made (a file too large to hold in memory)."""
    check_writable(path, force, protected)
    made = [folder for folder in reversed(path.parents) if not folder.exists()]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _sweep_stale_parts(path)
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise PrintgenError(f"cannot write to {path.parent}: {exc.strerror}") from None
    try:
        with _removed_on_signals(Path(temp_name)):
            with os.fdopen(fd, "wb") as handle:
                if callable(data):
                    data(handle)
                else:
                    handle.write(data)
                handle.flush()
                os.fchmod(handle.fileno(), 0o666 & ~_umask())
                os.fsync(handle.fileno())
            if not force and path.exists():  # appeared while we were working
                raise PrintgenError(f"{path} already exists; pass --force to overwrite it")
            os.replace(temp_name, path)
    except BaseException as exc:
        Path(temp_name).unlink(missing_ok=True)
        for folder in reversed(made):  # a run that fails or is interrupted leaves no folder it made behind
            try:
                folder.rmdir()
            except OSError:
                break
        if isinstance(exc, OSError):
            why = "the disk is full" if exc.errno == errno.ENOSPC else exc.strerror
            raise PrintgenError(f"cannot write {path}: {why}; nothing was written") from None
        raise
    return path


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sweep_stale_parts(path: Path) -> None:
    """Remove part files of this target that a killed run left long ago."""
    now = time.time()
    for stale in path.parent.glob(f".{path.name}.*.part"):
        try:
            if stale.is_file() and now - stale.stat().st_mtime > STALE_PART_SECONDS:
                stale.unlink()
        except OSError:
            pass  # another run's file, or gone already: not ours to insist on


@contextmanager
def _removed_on_signals(temp: Path) -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into an interruption while the part file exists, so it is removed."""
    def interrupt(signum, frame):
        temp.unlink(missing_ok=True)
        raise KeyboardInterrupt

    previous = {}
    for signum in (signal.SIGTERM, signal.SIGHUP):
        try:
            previous[signum] = signal.signal(signum, interrupt)
        except ValueError:  # not the main thread: signals cannot be caught here
            pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
