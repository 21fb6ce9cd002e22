"""Fixtures every test folder may use, and the check that a test run leaves no process behind."""

from __future__ import annotations

import signal
import sys
from collections.abc import Generator, Iterator
from types import FrameType

import pytest

from tests.postgres import database_url, postgres, postgres_url
from tests.processes import leftovers, mark_this_run

__all__ = ["database_url", "postgres", "postgres_url"]

_LEFTOVERS = "leftover processes"
_marker = pytest.StashKey[str]()
_found_by_workers = pytest.StashKey[list[str]]()


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_configure(config: pytest.Config) -> None:
    # Before any test starts a process, and in each pytest-xdist worker a marker of its own.
    config.stash[_marker] = mark_this_run()
    # A run stopped by SIGTERM (``timeout``, a CI runner) stops as Ctrl-C stops it: fixtures
    # are torn down, so that the servers they started stop too.
    signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@pytest.fixture(autouse=True, scope="session")
def _data_folder_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The user's data folder (``$XDG_DATA_HOME``: saved games, the server's database) is a
    temporary folder for the whole run, and for the processes the tests start: no test
    writes into the home of the person running them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data-home-of-the-run")))
        yield


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """In the controller of a parallel run: gather what each worker left behind."""
    output = getattr(node, "workeroutput", None) or {}
    found = output.get(_LEFTOVERS)
    if found:
        config: pytest.Config = node.config  # type: ignore[attr-defined]
        config.stash.setdefault(_found_by_workers, []).extend(found)


@pytest.hookimpl(wrapper=True)
def pytest_sessionfinish(session: pytest.Session) -> Generator[None, None, None]:
    """Fail the run if a process it started is still running once every fixture has stopped
    (in a pytest-xdist worker, hand the list to the controller, which fails the run)."""
    result = yield
    config = session.config
    found = leftovers(config.stash[_marker])
    if _is_worker(config):
        config.workeroutput[_LEFTOVERS] = found  # type: ignore[attr-defined]
        return result
    found = config.stash.get(_found_by_workers, []) + found
    if found:
        sys.stderr.write(
            f"\n{len(found)} process(es) started by the tests outlived them:\n  "
            + "\n  ".join(found)
            + "\n"
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    return result
