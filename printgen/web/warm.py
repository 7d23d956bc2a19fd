"""Loaded by the fork server before it forks any worker: every worker starts warm (see worker.warm_up)."""

from .worker import warm_up

try:
    warm_up()
except Exception:  # noqa: BLE001 - a cold worker still works; the request that meets a real fault reports it
    pass
