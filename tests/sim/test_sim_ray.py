"""Runs on a Ray cluster give the same results as local worker processes for the same seeds.

The cluster is a local Ray instance of 2 CPUs started once for the test session; the tests are
skipped only where Ray cannot be imported (the ``test`` extra installs it).
"""

from __future__ import annotations

import importlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner

from terra.cli.main import app
from terra.core.errors import TerraError
from terra.sim import run_games
from terra.sim.tournament import run_tournament, schedule

# Figures that depend on the machine and its load, not on the seeds.
TIMINGS = ("seconds", "us_per_action", "thinking")

runner = CliRunner()


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[str]:
    ray = pytest.importorskip("ray")
    # A new instance of its own, whatever else runs on the machine (a test's head node).
    context = ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield str(context.address_info["gcs_address"])
    finally:
        ray.shutdown()


def without_timings(report: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in report.items() if key not in TIMINGS}


def test_simulations_and_tournaments_on_ray_equal_the_local_ones(ray_cluster: str) -> None:
    # One test, so that a parallel test run starts one Ray instance, not one per worker.
    args = ("expedition", 2, ["greedy", "random"], 6, 11)
    local = run_games(*args, workers=2, rotate=True, keep_results=True)
    remote = run_games(*args, ray=ray_cluster, rotate=True, keep_results=True)
    assert remote.workers == 2  # the cluster's CPUs
    assert without_timings(remote.to_dict()) == without_timings(local.to_dict())
    assert [(r.seed, r.bots, r.scores, r.actions) for r in remote.results] == [
        (r.seed, r.bots, r.scores, r.actions) for r in local.results
    ]

    plan = schedule(["random", "greedy", "mcts:1"], 2, 2)
    played_here = run_tournament("expedition", plan, 5, workers=2)
    played_there = run_tournament("expedition", plan, 5, ray=ray_cluster)
    assert without_timings(played_there.to_dict()) == without_timings(played_here.to_dict())

    for command in (
        ["simulate", "expedition", "-n", "4", "--bots", "greedy,random", "--rotate"],
        ["tournament", "expedition", "-n", "2", "--bots", "greedy,random"],
    ):
        outputs = []
        for where in (["--workers", "2"], ["--ray", "auto"]):
            result = runner.invoke(app, [*command, *where, "--json"])
            assert result.exit_code == 0, result.output
            outputs.append(without_timings(json.loads(result.stdout)))
        assert outputs[0] == outputs[1], command


def test_without_ray_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def without_ray(name: str, package: str | None = None) -> ModuleType:
        if name == "ray":
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_ray)
    with pytest.raises(TerraError, match=r'pip install "terra-incognita\[ray\]"'):
        run_games("expedition", 2, ["random"], 2, ray="auto")
    result = runner.invoke(app, ["tournament", "expedition", "--bots", "random", "--ray", "auto"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "terra tournament: error: Ray is not installed; install the extra: pip install "
        '"terra-incognita[ray]"'
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_cluster_started_apart_is_reached_by_its_address() -> None:
    """``--ray ADDRESS``: a head node started with ``ray start`` (token authentication on, as
    Ray starts clusters from 2.59), reached from another process by its address."""
    pytest.importorskip("ray")
    ray_command = shutil.which("ray", path=os.path.dirname(sys.executable))
    if ray_command is None:
        pytest.skip("the ray command is not installed beside this Python")
    port = free_port()
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16)}
    env.pop("RAY_ADDRESS", None)
    # A short folder: Ray's socket paths must fit the system's limit.
    folder = tempfile.mkdtemp(prefix="ray", dir="/tmp")
    head = subprocess.Popen(
        [
            *(ray_command, "start", "--head", "--block", f"--port={port}", "--num-cpus=2"),
            *("--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={folder}"),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    simulate = [sys.executable, "-c", "from terra.cli.main import main; main()", "simulate"]
    simulate += ["expedition", "-n", "4"]
    simulate += ["--bots", "greedy,random", "--rotate", "--json"]
    try:
        address = f"127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while True:  # until the head node answers
            there = subprocess.run(
                [*simulate, "--ray", address], check=False, env=env, capture_output=True, text=True
            )
            if there.returncode == 0 or time.monotonic() > deadline or head.poll() is not None:
                break
            time.sleep(2)
        assert there.returncode == 0, there.stderr[-2000:]
        here = subprocess.run(
            [*simulate, "--workers", "2"], check=False, capture_output=True, text=True
        )
        assert here.returncode == 0, here.stderr[-2000:]
        assert without_timings(json.loads(there.stdout)) == without_timings(json.loads(here.stdout))
        # Without the token the connection is refused, and the error says what to do.
        refused = subprocess.run(
            [*simulate, "--ray", address],
            check=False,
            env={k: v for k, v in env.items() if not k.startswith("RAY_AUTH")},
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert refused.returncode != 0
        assert "RAY_AUTH_MODE=token" in refused.stderr
    finally:
        head.send_signal(signal.SIGTERM)  # --block: the head node stops what it started
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
        shutil.rmtree(folder, ignore_errors=True)
