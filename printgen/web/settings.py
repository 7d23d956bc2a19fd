"""The studio's limits and sizes, in one place (``create_app(Settings(...))``; ``printgen serve`` sets a few)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

MiB = 1024 * 1024


@dataclass(frozen=True)
class Settings:
    workers: int = max(1, min(os.cpu_count() or 1, 4))  # render processes
    max_renders: int = 32  # renders running or waiting for a worker; one more is refused with 503
    wait_limit: float = 120.0  # seconds a render may wait for a free worker before 503
    time_limit: float = 60.0  # seconds a worker may spend on one job before it is ended
    # Resident memory a worker may reach before its job is ended with 413 (the studio's budget for one file:
    # 1,000 fillable sheets take some 275 MiB, a 20-level booklet 155 MiB); the worker caps itself a quarter
    # above it.
    worker_memory: int = 400 * MiB
    worker_recycle: int = 200 * MiB  # a worker past this after a job is replaced by a fresh one
    cache_bytes: int = 160 * MiB  # finished files and previews kept, by seed code
    upload_bytes: int = 64 * MiB  # the largest upload POST /reproduce reads
    upload_pages: int = 2000  # the most pages (or images in a zip) an upload may have
    min_width: int = 32  # preview widths, in pixels
    max_width: int = 2000
    retry_after: int = 2  # seconds, in a 503's Retry-After
    templates: Path | None = None  # printgen serve --templates DIR
