"""Loaded by the fork server before it forks any worker: every worker starts warm (see worker.warm_up).

What the warm-up made is then frozen out of the garbage collector's sight (``gc.freeze``): workers do not
walk the libraries' objects on every collection, and do not copy the pages they share with the fork
server by touching them.
"""

import gc

from .worker import warm_up

try:
    warm_up()
except Exception:  # noqa: BLE001 - a cold worker still works; the request that meets a real fault reports it
    pass
gc.collect()
gc.freeze()
