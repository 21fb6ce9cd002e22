"""Games played on a Ray cluster: the same tasks as on local worker processes, so the same
results for the same seeds.

Ray is an optional extra (``pip install "terra-incognita[ray]"``). Every node of the cluster
needs ``terra-incognita`` installed in the Python that runs its workers.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from terra.core.errors import TerraError
from terra.sim.extras import import_extra
from terra.sim.inorder import AHEAD, in_order

Item = TypeVar("Item")
Result = TypeVar("Result")

LOCAL = "local"
"""``--ray local``: a Ray instance of this machine's CPUs, started for the run and stopped
after it."""


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
        ray = import_extra("ray", "ray", "Ray is not installed")
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

        Chunks are sent as others finish: at most ``AHEAD`` per CPU are waiting or running
        (:mod:`terra.sim.inorder`). Stopping early (Ctrl-C, or the caller stops reading)
        cancels the rest.
        """
        ray = self.ray
        remote = ray.remote(run)
        try:
            yield from in_order(
                chunks,
                self.cpus * AHEAD,
                remote.remote,
                lambda refs: ray.wait(refs, num_returns=1)[0],
                ray.get,
                lambda ref: ray.cancel(ref, force=True),
            )
        finally:
            self.close()
