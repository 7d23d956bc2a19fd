"""Writing output files: atomically, never over an existing file unless forced, never a partial file.

A file is written to a hidden ``.NAME.*.part`` beside its target and renamed
into place once complete (a file too large to hold in memory is written into
it as it is made); a folder of pictures is written into a hidden part folder the
same way, and renamed (or its files moved) into place. Ctrl-C, SIGTERM and SIGHUP remove the part file;
part files a killed run left behind are swept the next time the same file is
written. Written files follow the user's umask like any other file they make.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
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
    _may_write_in(path.parent, f"cannot write {path}")


def _may_write_in(start: Path, cannot: str) -> None:
    """Refuse (``cannot``: what could not be done) where the first folder of ``start`` and those above it that
    exists is a file, or not this user's to write in."""
    for folder in (start, *start.parents):
        if folder.exists():
            if not folder.is_dir():
                raise PrintgenError(f"{cannot}: {folder} is a file, not a folder")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise PrintgenError(f"{cannot}: no permission to write in {folder}")
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
        with _removed_on_signals(Path(temp_name).unlink):
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
        _undone(exc, made, f"cannot write {path}")
        raise
    return path


def _undone(exc: BaseException, made: list[Path], cannot: str) -> None:
    """After a write that failed or was interrupted (``exc``): no folder it ``made`` left behind, and a failure
    of the disk's said in one line (``cannot``: what could not be done)."""
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:
            break
    if isinstance(exc, OSError):
        why = "the disk is full" if exc.errno == errno.ENOSPC else exc.strerror
        raise PrintgenError(f"{cannot}: {why}; nothing was written") from None


def check_folder(path: Path, protected: tuple[Path, ...] = ()) -> None:
    """Fail before any work is done if ``path`` cannot be a folder of pictures: a file, or under one, or where
    this user may not write."""
    if any(len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for part in path.parts):
        raise PrintgenError(f"a name in {str(path)[:40]}… is longer than {MAX_NAME_BYTES} bytes; choose a shorter one")
    if (path.exists() or path.is_symlink()) and not path.is_dir():
        raise PrintgenError(f"{path} is a file, not a folder; give -o a folder for the pictures (e.g. "
                            f"{path.with_suffix('')}-cards/) or a .zip")
    if any(path.resolve() == other.resolve() for other in protected):
        raise PrintgenError(f"{path} is this deck's own file; choose another folder")
    _may_write_in(path, f"cannot write into {path}")


def check_names(path: Path, names: list[str], force: bool, protected: tuple[Path, ...] = ()) -> None:
    """Fail before anything is written if the folder ``path`` cannot take the files ``names``: a name that is
    no plain file name, one of the request's own files, or a file there already (unless ``force``)."""
    check_folder(path, protected)
    for name in names:
        target = path / name
        if not name or name != Path(name).name or name.startswith("."):  # one plain name in the folder
            raise PrintgenError(f"{name!r} is no plain file name; printgen writes files into {path} alone")
        if any(target.resolve() == other.resolve() for other in protected):
            raise PrintgenError(f"{target} is one of this deck's own files; choose another folder")
        if not (target.exists() or target.is_symlink()):
            continue
        if not force:
            raise PrintgenError(f"{target} already exists; pass --force to overwrite it or -o to choose another "
                                f"folder")
        if not _made_by_printgen(target):  # the deck's own art, say, beside its data
            raise PrintgenError(f"{target} is no picture printgen made, and printgen overwrites only its own, even "
                                f"with --force; give -o another folder")


def _made_by_printgen(path: Path) -> bool:
    """Whether ``path`` is a plain file that is a picture printgen wrote (its Comment names a seed code)."""
    from PIL import Image

    from .metadata import COMMENT_PREFIX

    if path.is_symlink() or not path.is_file():
        return False
    try:
        with Image.open(path, formats=["PNG"]) as image:
            return str(image.info.get("Comment", "")).startswith(COMMENT_PREFIX)
    except Exception:  # noqa: BLE001 - anything unreadable as a PNG is not one of ours
        return False


def write_folder(path: Path, names: list[str], contents: Iterable[bytes], force: bool,
                 protected: tuple[Path, ...] = ()) -> Path:
    """Write the files ``names``, their bytes ``contents`` (in the same order, each taken as it is written: not
    all held at once), into the folder ``path``, all or none: into a hidden part folder first, then
    that folder renamed into place (a new folder) or each file moved in (a folder that exists, its other files
    left as they are). A file of the same name is overwritten only with ``force``, a file the request reads
    never; a run that fails or is interrupted leaves no file and no folder it made behind (only an
    interruption among the moves into a folder that exists, each a rename, leaves the files it overwrote
    with ``force`` new)."""
    check_names(path, names, force, protected)
    new = not path.exists()
    made = [folder for folder in reversed(path.parents) if not folder.exists()]
    moved: list[Path] = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _sweep_stale_parts(path)
        stage = Path(tempfile.mkdtemp(prefix=f".{path.name}." if new else ".printgen-", suffix=".part",
                                      dir=path.parent if new else path))
    except OSError as exc:
        raise PrintgenError(f"cannot write into {path}: {exc.strerror}") from None
    try:
        with _removed_on_signals(lambda missing_ok: shutil.rmtree(stage, ignore_errors=missing_ok)):
            mode = 0o666 & ~_umask()
            for name, data in zip(names, contents, strict=True):
                with open(stage / name, "xb") as handle:
                    handle.write(data)
                    os.fchmod(handle.fileno(), mode)
            if new:
                os.chmod(stage, 0o777 & ~_umask())
                if path.exists():  # appeared while we were working
                    raise PrintgenError(f"{path} already exists; give -o another folder")
                os.rename(stage, path)
            else:
                existed = {name for name in names if (path / name).exists()}
                for name in names:
                    os.replace(stage / name, path / name)
                    if name not in existed:
                        moved.append(path / name)
                stage.rmdir()
    except BaseException as exc:
        shutil.rmtree(stage, ignore_errors=True)
        for file in moved:
            file.unlink(missing_ok=True)
        _undone(exc, made, f"cannot write into {path}")
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
            if now - stale.stat().st_mtime <= STALE_PART_SECONDS:
                continue
            if stale.is_dir() and not stale.is_symlink():  # a folder of pictures, never renamed into place
                shutil.rmtree(stale)
            elif stale.is_file():
                stale.unlink()
        except OSError:
            pass  # another run's file, or gone already: not ours to insist on


@contextmanager
def _removed_on_signals(remove: Callable[..., None]) -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into an interruption while a part file (or folder) exists, so ``remove`` removes
    it."""
    def interrupt(signum, frame):
        remove(missing_ok=True)
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
