"""A throwaway PostgreSQL server for tests and benchmarks: a new cluster in a temporary folder.

It runs Debian's (or any) PostgreSQL binaries found in ``/usr/lib/postgresql/<version>/bin``
(the newest version), or in the folder named by ``TERRA_POSTGRES_BIN``. PostgreSQL refuses to
run as root, so under root every command runs as the ``postgres`` user (``runuser``) and the
folder is handed to that user. The server listens on 127.0.0.1 at a free port, with its socket
in the folder, and trusts every local connection: never use it for anything but throwaway data.

Use: ``cluster = Cluster.start()``, then ``url = cluster.create_database("games")`` (a URL
such as ``postgresql://postgres@127.0.0.1:41234/games``), and ``cluster.stop()`` at the end.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from terra.core.errors import TerraError

SUPERUSER = "postgres"
# A test server: small, and no waiting for the disk (its data is thrown away).
_SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "shared_buffers": "32MB",
    "max_connections": "200",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
}
_START_TRIES = 3
_TIMEOUT = 60.0


class NoPostgres(TerraError):  # noqa: N818 - reads well at the call site
    """No PostgreSQL can be started on this machine (the message says why)."""


def find_binaries() -> Path:
    """The folder of the newest PostgreSQL's ``initdb``, ``pg_ctl`` and ``postgres``."""
    given = os.environ.get("TERRA_POSTGRES_BIN")
    if given:
        folder = Path(given)
        if not (folder / "initdb").exists():
            raise NoPostgres(f"TERRA_POSTGRES_BIN={given} holds no initdb")
        return folder
    found = [
        path.parent
        for path in Path("/usr/lib/postgresql").glob("*/bin/initdb")
        if re.fullmatch(r"\d+", path.parent.parent.name)
    ]
    if not found:
        raise NoPostgres(
            "no PostgreSQL binaries in /usr/lib/postgresql/*/bin (Debian: apt-get install "
            "postgresql; elsewhere set TERRA_POSTGRES_BIN)"
        )
    return max(found, key=lambda folder: int(folder.parent.name))


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """A running throwaway PostgreSQL server; :meth:`stop` removes every trace of it."""

    def __init__(self, binaries: Path, folder: Path, port: int, runner: list[str]) -> None:
        self.binaries = binaries
        self.folder = folder
        self.port = port
        self._runner = runner
        self.data = folder / "data"

    @classmethod
    def start(cls, settings: dict[str, str] | None = None) -> Cluster:
        """initdb into a new temporary folder and start the server; raises
        :class:`NoPostgres` when that cannot be done here."""
        binaries = find_binaries()
        runner: list[str] = []
        owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam(SUPERUSER)
            except KeyError:
                raise NoPostgres(
                    f"running as root and there is no {SUPERUSER!r} user to run PostgreSQL as"
                ) from None
            runner = ["runuser", "-u", SUPERUSER, "--"]
        # Not under pytest's folders: those are private to root, and PostgreSQL runs as its user.
        folder = Path(tempfile.mkdtemp(prefix="terra-postgres-"))
        if owner is not None:
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        cluster = cls(binaries, folder, 0, runner)
        try:
            cluster._run(
                "initdb",
                "--pgdata",
                str(cluster.data),
                "--username",
                SUPERUSER,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--no-sync",
            )
            cluster._launch({**_SETTINGS, **(settings or {})})
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def url(self, database: str = SUPERUSER) -> str:
        """The URL of ``database`` on this server, for :func:`terra.store.open_engine`."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database ``name`` (letters, digits, underscores); returns its URL."""
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            raise ValueError(f"{name!r} is not a plain database name")
        self.sql(f"CREATE DATABASE {name}")
        return self.url(name)

    def sql(self, statement: str, database: str = SUPERUSER) -> str:
        """Run one SQL statement with ``psql``; returns what it printed (unaligned, no header)."""
        done = self._run(
            "psql",
            "--no-psqlrc",
            "-qAt",
            "-v",
            "ON_ERROR_STOP=1",
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            SUPERUSER,
            "-d",
            database,
            "-c",
            statement,
        )
        return done.stdout

    def restart(self) -> None:
        """Restart the server as an operator would (``pg_ctl restart -m fast``): every
        connection is dropped, and it listens on the same port again."""
        log = str(self.folder / "server.log")  # else the server holds this call's output open
        self._run("pg_ctl", "restart", "--pgdata", str(self.data), "--log", log, "-m", "fast", "-w")

    def stop(self) -> None:
        """Stop the server (at once: its data is thrown away) and remove its folder."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.SubprocessError, OSError):
                self._run("pg_ctl", "stop", "--pgdata", str(self.data), "-m", "immediate", "-w")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _launch(self, settings: dict[str, str]) -> None:
        settings = {**settings, "unix_socket_directories": str(self.folder)}
        last = ""
        for _ in range(_START_TRIES):  # another program may take the free port first
            self.port = free_port()
            options = " ".join(f"-c {k}={v}" for k, v in {**settings, "port": self.port}.items())
            log = self.folder / "server.log"
            try:
                self._run(
                    "pg_ctl",
                    "start",
                    "--pgdata",
                    str(self.data),
                    "--log",
                    str(log),
                    "-w",
                    "-t",
                    str(int(_TIMEOUT)),
                    "-o",
                    options,
                )
                return
            except NoPostgres as problem:
                last = str(problem)
                with contextlib.suppress(OSError):
                    last += "\n" + log.read_text(errors="replace")[-2000:]
        raise NoPostgres(f"PostgreSQL did not start: {last}")

    def _run(self, program: str, *args: str) -> subprocess.CompletedProcess[str]:
        command = [*self._runner, str(self.binaries / program), *args]
        try:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                timeout=_TIMEOUT,
                cwd=self.folder,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as problem:
            raise NoPostgres(f"{program} failed: {problem}") from None
        if done.returncode != 0:
            raise NoPostgres(f"{program} failed: {(done.stderr or done.stdout).strip()}")
        return done
