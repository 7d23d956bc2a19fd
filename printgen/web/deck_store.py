"""The decks the "Your deck" page is working on: each session's files, in the server's memory only.

A session is made when a designer gives a zip or pastes a deck, and holds its files (deck_files.DeckFiles)
under a random name the page keeps. Nothing is written to disk: a session ends when the page says so (it is
closed), after ``IDLE`` seconds unused, or when the server stops, and its files go with it. At most
``MAX_SESSIONS`` are held, together at most ``MAX_BYTES``; one more is refused (503) until one ends.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field

from ..errors import PrintgenError
from .deck_files import DeckFiles, MiB

IDLE = 30 * 60  # seconds a session is kept unused
MAX_SESSIONS = 16
MAX_BYTES = 256 * MiB


class StoreFull(PrintgenError):
    """No room for another deck now (503)."""


class SessionMissing(PrintgenError):
    """A session that ended, or never was (404)."""


@dataclass
class Session:
    files: DeckFiles
    seed: str
    used: float = field(default_factory=time.monotonic)


class DeckStore:
    def __init__(self, idle: float = IDLE, max_sessions: int = MAX_SESSIONS, max_bytes: int = MAX_BYTES):
        self.idle = idle
        self.max_sessions = max_sessions
        self.max_bytes = max_bytes
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    def open(self, files: DeckFiles, seed: str) -> str:
        """A new session holding ``files``; its name."""
        with self._lock:
            self._forget_idle()
            if len(self._sessions) >= self.max_sessions or \
                    self._bytes() + files.size > self.max_bytes:
                raise StoreFull("the studio is holding as many decks as it can; try again in a few minutes, or "
                                "make the deck with the command line")
            name = secrets.token_urlsafe(18)
            self._sessions[name] = Session(files, seed)
            return name

    def get(self, name: str) -> Session:
        with self._lock:
            self._forget_idle()
            session = self._sessions.get(name)
            if session is None:
                raise SessionMissing("this deck is no longer held by the studio (it was closed, or unused for "
                                     f"{self.idle // 60:g} minutes); give its files again")
            session.used = time.monotonic()
            return session

    def close(self, name: str) -> bool:
        with self._lock:
            return self._sessions.pop(name, None) is not None

    def __len__(self) -> int:
        with self._lock:
            return len(self._sessions)

    def _bytes(self) -> int:
        return sum(session.files.size for session in self._sessions.values())

    def _forget_idle(self) -> None:
        now = time.monotonic()
        for name in [name for name, session in self._sessions.items() if now - session.used > self.idle]:
            del self._sessions[name]
