"""Games played on a Ray cluster: the same tasks as on local worker processes, so the same
results for the same seeds.

Ray is an optional extra (``pip install "terra-incognita[ray]"``). Every node of the cluster
needs ``terra-incognita`` installed in the Python that runs its workers.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, TypeVar

from terra.core.errors import TerraError

Item = TypeVar("Item")
Result = TypeVar("Result")

LOCAL = "local"
"""``--ray local``: a Ray instance of this machine's CPUs, started for the run and stopped
after it."""

# Tasks waiting or running per CPU of the cluster: enough to keep every CPU busy, and no more,
# so that a long run holds few results in the cluster's memory at any time.
_AHEAD = 2


def _import_ray() -> Any:
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise TerraError(
            'Ray is not installed; install the extra: pip install "terra-incognita[ray]"'
        ) from None
    return ray


@dataclass
class RayCluster:
    """A connection to a Ray cluster for one run; closed (and a ``local`` instance stopped)
    when the run's results have been read."""

    ray: Any
    cpus: int
    owned: bool  # this run connected (or started the instance), so it disconnects after

    @classmethod
    def connect(cls, address: str) -> RayCluster:
        """Connect to the cluster at ``address`` (``auto``: the one this machine belongs to,
        ``local``: a new one on this machine). A process already connected to Ray (a program
        that called ``ray.init`` itself) uses its connection."""
        ray = _import_ray()
        owned = not ray.is_initialized()
        if owned:
            where = None if address == LOCAL else address
            try:
                if where is None:
                    ray.init(
                        address="local",  # a new instance, never one started by someone else
                        include_dashboard=False,
                        log_to_driver=False,
                        logging_level=logging.WARNING,
                    )
                else:
                    ray.init(address=where, log_to_driver=False, logging_level=logging.WARNING)
            except Exception as error:
                detail = " ".join(str(error).split())[:200]
                if where is not None and os.environ.get("RAY_AUTH_MODE") != "token":
                    # Ray (2.59 on) starts clusters with token authentication, and a
                    # program that connects to one gets only "failed to connect".
                    detail += (
                        "; if the cluster uses token authentication, set RAY_AUTH_MODE=token"
                        " and give its token (RAY_AUTH_TOKEN, or `ray get-auth-token`)"
                    )
                raise TerraError(
                    f"cannot connect to the Ray cluster at {address}: {detail}"
                ) from None
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return cls(ray, cpus, owned)

    def close(self) -> None:
        if self.owned and self.ray.is_initialized():
            self.ray.shutdown()

    def map_in_order(
        self, run: Callable[[Sequence[Item]], list[Result]], chunks: Iterator[Sequence[Item]]
    ) -> Generator[Result, None, None]:
        """``run`` over every chunk on the cluster, the results yielded in chunk order.

        Chunks are sent only as earlier ones finish: at most ``_AHEAD`` per CPU are waiting or
        running. Stopping early (Ctrl-C, or the caller stops reading) cancels the rest.
        """
        remote = self.ray.remote(run)
        pending: deque[Any] = deque()
        try:
            pending.extend(remote.remote(chunk) for chunk in islice(chunks, self.cpus * _AHEAD))
            while pending:
                done = self.ray.get(pending.popleft())
                pending.extend(remote.remote(chunk) for chunk in islice(chunks, 1))
                yield from done
        finally:
            for ref in pending:
                self.ray.cancel(ref, force=True)
            self.close()
