"""A cache of finished files and previews, by seed code, that never holds more than its byte cap.

Every file is a pure function of its seed code, so an entry never goes
stale: the least recently used entries make room for new ones, and that is
all. An entry larger than a quarter of the cap is not kept (one huge deck
would otherwise empty the cache for every booklet).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any


class ByteCache:
    """Least recently used entries go first once the sizes add up to more than ``cap`` bytes."""

    def __init__(self, cap: int):
        self.cap = cap
        self._entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return entry[0]

    def keeps(self, size: int) -> bool:
        """Whether an entry of ``size`` bytes is kept at all."""
        return size <= self.cap // 4

    def put(self, key: Hashable, value: Any, size: int) -> None:
        if not self.keeps(size):
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._size -= old[1]
            self._entries[key] = (value, size)
            self._size += size
            while self._size > self.cap:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._size -= dropped

    @property
    def size(self) -> int:
        return self._size

    def __len__(self) -> int:
        return len(self._entries)
