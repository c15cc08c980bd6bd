# SPDX-License-Identifier: MIT
"""Beyond one machine: self-play data, tournaments and deep perft as
independent tasks on a Dask cluster (doc/cluster.md).

Each job is cut into tasks that are plain functions (a seed and parameters
in, arrays or counts out), with a fixed seed per task, and the results are
merged in task order: they do not depend on the number of workers or on the
order in which tasks finish, and the same job run here, in one process
(``client=None``), gives the same results.

- :func:`selfplay`: games between given players written as sharded
  ``.npz`` files with a manifest, resumable (:mod:`.selfplay`);
- :func:`tournament`: the round robin of ``packeis-tournament``, its games
  spread over the workers, the same table (:mod:`.tournament`);
- :func:`perft`: the subtrees of a position at a split depth, summed
  (:mod:`.perft`).

``with connect(scheduler="tcp://host:8786") as client: ...`` (or
``local=N`` worker processes, or ``scheduler_file=``) gives the client;
``python3 -m packeis.cluster --help`` is the command line. Dask
(``python3-distributed``) is imported only when a client is made or used;
numpy is needed by self-play only.
"""
from __future__ import annotations

import importlib.util

from ._tasks import connect, ranges, run_tasks
from .perft import perft
from .tournament import tournament

if importlib.util.find_spec("numpy") is not None:
    from .selfplay import selfplay
else:
    def selfplay(*args: object, **kwargs: object) -> None:  # type: ignore[misc]
        """Self-play writes numpy arrays: it needs numpy (python3-numpy)."""
        raise ImportError("packeis.cluster.selfplay needs numpy (python3-numpy)")

__all__ = ["connect", "perft", "ranges", "run_tasks", "selfplay", "tournament"]
