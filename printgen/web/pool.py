"""A bounded pool of worker processes, each job with a time and a memory limit.

The server's threads hand jobs to idle workers (worker.py) over pipes and
wait for the answer. At most ``max_renders`` jobs are admitted at once,
running or waiting for a worker; one more is refused at once (Busy: the
server answers 503 with Retry-After). A worker that takes longer than the
time limit (503) or dies is ended (with any process it forked) and replaced
by a fresh one, so the pool never shrinks and the server never goes down
with it (a job whose worker died is tried once more, on a fresh worker); a
worker that has grown large with what it made is replaced after its job. Each render is capped in memory: the worker holds no more than a
quarter past ``worker_memory`` (worker.py sets its own limit, so an
allocation past it fails at once), and the server ends a worker seen past
``worker_memory``; either way the answer is 413, one line saying so (asking
again will not help; the command line has no such limit). A job is told whether a core is spare (fewer
workers busy than cores): only then may it make half a booklet in a forked
child, so one request is quick and many at once do not double the memory.

Workers come from multiprocessing's fork server, which loads warm.py first:
a new worker is a fork of an already warm process, so a replacement is
ready in milliseconds, and the server's own threads are never forked.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import shutil
import signal
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, NoReturn

from ..errors import PrintgenError
from . import worker as worker_module
from .settings import MiB, Settings

log = logging.getLogger("printgen.web")
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class RenderError(Exception):
    """A job the pool could not finish: an HTTP status, one line for the person, and maybe Retry-After."""

    status = 500
    retry_after: int | None = None


class Busy(RenderError):
    status = 503

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class OverLimit(RenderError):
    status = 503


class TooLarge(RenderError):
    """A render that needs more memory than a worker may hold: asking again will not help (413)."""

    status = 413


class Failed(RenderError):
    status = 500


class WorkerDied(Failed):
    """The worker making the job stopped before it answered (not at its memory cap)."""


class Worker:
    def __init__(self, context, templates: Path | None, memory: int | None = None):
        self.conn, theirs = context.Pipe()
        # The worker's own temporary folder, removed with it: a worker ended mid-job (or before a library's
        # clean-up ran: WeasyPrint's folders of fonts) leaves nothing behind.
        self.temp = tempfile.mkdtemp(prefix="printgen-worker-")
        self.process = context.Process(target=worker_module.main, args=(theirs, templates, memory, self.temp),
                                       daemon=True, name="printgen-studio-worker")
        self.process.start()
        theirs.close()

    def resident(self) -> int:
        """Resident memory in bytes (0 where /proc cannot tell)."""
        try:
            with open(f"/proc/{self.process.pid}/statm", "rb") as statm:
                return int(statm.read().split()[1]) * _PAGE
        except (OSError, ValueError, IndexError):
            return 0

    def stop(self) -> None:
        """End the worker and whatever it forked, at once."""
        pid = self.process.pid
        if pid is not None:
            for end in (lambda: os.killpg(pid, signal.SIGKILL), self.process.kill):
                try:
                    end()
                except (ProcessLookupError, PermissionError, OSError):
                    pass
        self.conn.close()
        self.process.join(timeout=2)

    def clean(self) -> None:
        """Remove what the ended worker left in its temporary folder."""
        shutil.rmtree(self.temp, ignore_errors=True)


class Pool:
    """The studio's render workers: ``settings.workers`` processes forked from a warmed-up fork server, at
    most ``settings.max_renders`` jobs admitted at once. ``run`` gives a job to the first idle worker and
    returns its answer; a worker that dies, runs past its time or grows past its memory cap is replaced,
    and the job answers with the error a user can read."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["printgen.web.warm"])
        self._idle: queue.Queue[Worker] = queue.Queue()
        self._admitted = threading.BoundedSemaphore(settings.max_renders)
        self._workers: set[Worker] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._busy = 0  # workers making something
        self.replaced = 0
        # The first worker waits for the fork server to load and warm up (seconds): start them aside, so
        # the server answers cached files and pages at once; jobs wait for the first idle worker.
        self._starter = threading.Thread(target=self._start_all, name="printgen-studio-start", daemon=True)
        self._starter.start()

    def _start_all(self) -> None:
        for _ in range(self.settings.workers):
            self._add()

    def _add(self) -> None:
        with self._lock:
            if self._closed:
                return
        fresh = Worker(self._context, self.settings.templates, self.settings.worker_memory)
        with self._lock:
            if self._closed:
                fresh.stop()
                return
            self._workers.add(fresh)
        self._idle.put(fresh)

    def _replace(self, old: Worker) -> None:
        old.stop()
        with self._lock:
            self._workers.discard(old)
            self.replaced += 1
        self._add()
        old.clean()

    def ready(self, timeout: float) -> bool:
        """Wait until every worker has started (for tests and benchmarks)."""
        self._starter.join(timeout)
        return not self._starter.is_alive()

    @property
    def busy(self) -> int:
        """How many workers are making something now."""
        with self._lock:
            return self._busy

    def pids(self) -> list[int]:
        with self._lock:
            return [w.process.pid for w in self._workers if w.process.pid is not None]

    def run(self, job: tuple, time_limit: float | None = None) -> Any:
        """The worker's answer to ``job``; PrintgenError for a refusal, RenderError when it could not be made."""
        settings = self.settings
        if not self._admitted.acquire(blocking=False):
            raise Busy(f"the studio is making {settings.max_renders} files already; try again in a moment",
                       settings.retry_after)
        try:
            deadline = time.monotonic() + settings.wait_limit
            try:
                return self._run_on(self._idle_worker(deadline), job, time_limit or settings.time_limit)
            except WorkerDied:
                # Once more on a fresh worker: whatever ended the first (a kill from outside, a crash in a
                # library) seldom ends the second; a job that does is answered as before.
                log.warning("trying %s again on a fresh worker", job[0])
                again = time.monotonic() + settings.wait_limit
                return self._run_on(self._idle_worker(again), job, time_limit or settings.time_limit)
        finally:
            self._admitted.release()

    def _idle_worker(self, deadline: float) -> Worker:
        """The first idle worker that is alive (Busy past ``deadline``); a dead one is replaced on the way."""
        while True:
            try:
                worker = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise Busy("every worker has been busy for too long; try again in a moment",
                           self.settings.retry_after) from None
            # A dead worker's end of its pipe reads as closed at once, before is_alive() can tell: the fork
            # server reaps it a moment later.
            if worker.process.is_alive() and not worker.conn.poll(0):
                return worker
            log.warning("a studio worker had stopped while idle; starting another")
            self._replace(worker)

    def _run_on(self, worker: Worker, job: tuple, time_limit: float) -> Any:
        started = time.monotonic()
        memory = self.settings.worker_memory
        largest = 0  # the most the worker was seen to hold during the job
        with self._lock:
            self._busy += 1
            spare_core = self._busy < (os.cpu_count() or 1)
        try:
            worker.conn.send((job, spare_core))
            while not worker.conn.poll(0.02):
                if not worker.process.is_alive():
                    raise EOFError
                if time.monotonic() - started > time_limit:
                    raise OverLimit(f"making this took longer than the studio's {time_limit:g} s; "
                                    f"the command line has no such limit (printgen reproduce CODE)")
                largest = max(largest, worker.resident())
                if largest > memory:
                    self._too_large()
            status, result = worker.conn.recv()
        except RenderError:
            self._replace(worker)
            raise
        except (EOFError, OSError):
            log.warning("a studio worker stopped during %s; starting another", job[0])
            self._replace(worker)
            if largest > memory * 0.8:  # it died at its cap: a library that could not have more memory
                self._too_large()
            raise WorkerDied("the process making this file stopped unexpectedly; try again") from None
        except BaseException:
            self._replace(worker)
            raise
        finally:
            with self._lock:
                self._busy -= 1
        if status == "too-large":  # it met its own cap: a fresh one, as when the server saw it past the cap
            self._replace(worker)
        elif worker.resident() > self.settings.worker_recycle:  # grown with what it made: a fresh one instead
            threading.Thread(target=self._replace, args=(worker,), daemon=True).start()
        else:
            self._idle.put(worker)
        if status == "ok":
            return result
        if status == "refused":
            raise result if isinstance(result, PrintgenError) else PrintgenError(str(result))
        if status == "too-large":
            self._too_large()
        log.error("a studio job failed: %s\n%s", job[0], result)
        raise Failed("printgen could not make this file (an error inside printgen; the server's log has it)")

    def _too_large(self) -> NoReturn:
        raise TooLarge(f"making this needs more than the studio's {self.settings.worker_memory // MiB} MiB for "
                       f"one file; the command line has no such limit (printgen reproduce CODE)") from None

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers = list(self._workers)
            self._workers.clear()
        for worker in workers:
            worker.stop()
            worker.clean()
