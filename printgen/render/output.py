"""Writing output files: atomically, never over an existing file unless forced."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import PrintgenError

DEFAULT_OUTPUT_DIR = Path("output")


def default_path(file_stem: str, suffix: str) -> Path:
    return DEFAULT_OUTPUT_DIR / f"{file_stem}.{suffix}"


def check_writable(path: Path, force: bool) -> None:
    """Fail before any work is done if the file exists and --force was not given."""
    if path.exists() and not force:
        raise PrintgenError(f"{path} already exists; pass --force to overwrite it or -o to choose another file")
    if path.exists() and path.is_dir():
        raise PrintgenError(f"{path} is a folder; give -o a file name")


def write_atomic(path: Path, data: bytes, force: bool) -> Path:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place.

    An interrupted run leaves at most a stray temporary file, never a partial
    or half-overwritten PDF.
    """
    check_writable(path, force)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise PrintgenError(f"cannot write to {path.parent}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if not force and path.exists():  # appeared while we were working
            raise PrintgenError(f"{path} already exists; pass --force to overwrite it")
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    return path
