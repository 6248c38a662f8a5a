"""A real PostgreSQL server for the tests, started from the system's binaries (Debian's `postgresql` package:
/usr/lib/postgresql/<version>/bin) on a temporary directory and a free loopback port.

PostgreSQL refuses to run as root, and CI runs as root: then the server runs as the unprivileged `postgres` user
(created by the Debian package) through `runuser`, and its data directory belongs to that user. A server that cannot
start is an error that says why; no test is skipped.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

SERVER_USER = "postgres"


class PostgresUnavailable(RuntimeError):
    pass


def find_binaries() -> Path:
    explicit = os.environ.get("BODOGE_PG_BIN")
    candidates = (
        [explicit]
        if explicit
        else sorted(
            glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name.split(".")[0]), reverse=True
        )
    )
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists() and (Path(candidate) / "postgres").exists():
            return Path(candidate)
    found = shutil.which("initdb")
    if found and shutil.which("postgres"):
        return Path(found).parent
    raise PostgresUnavailable(
        "no PostgreSQL server binaries (initdb, postgres) under /usr/lib/postgresql/*/bin or on PATH; install them "
        "with: apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql (.ci/run does this)"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """initdb + postgres on a temp dir; `url(name)` for a database; `stop()` ends the server this object started
    (`halt()` and `resume()`: an outage, the data kept)."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable  # False: fsync off (a test server; a killed *bot* still loses nothing acknowledged)
        self.binaries = find_binaries()
        self.directory = Path(tempfile.mkdtemp(prefix="bodoge-pg-"))
        self.data = self.directory / "data"
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.as_user = os.geteuid() == 0
        self._databases = 0

    def _command(self, *argv: str) -> list[str]:
        return ["runuser", "-u", SERVER_USER, "--", *argv] if self.as_user else list(argv)

    def start(self) -> PostgresServer:
        if self.as_user:
            try:
                shutil.chown(self.directory, SERVER_USER, SERVER_USER)
            except (LookupError, OSError) as error:
                raise PostgresUnavailable(
                    f"running as root, the server needs the unprivileged user "
                    f"{SERVER_USER!r} (Debian's postgresql package creates it): {error}"
                ) from None
            os.chmod(self.directory, 0o700)
        init = subprocess.run(
            self._command(
                str(self.binaries / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ),
            capture_output=True,
            text=True,
        )
        if init.returncode != 0:
            raise PostgresUnavailable(f"initdb failed ({init.returncode}): {init.stderr.strip() or init.stdout}")
        return self._launch()

    def _launch(self) -> PostgresServer:
        settings = [
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            f"port={self.port}",
            "-c",
            "unix_socket_directories=",
            "-c",
            "max_connections=200",
            "-c",
            "shared_buffers=64MB",
        ]
        if not self.durable:
            settings += ["-c", "fsync=off", "-c", "full_page_writes=off"]
        log = open(self.directory / "server.log", "ab")
        self.process = subprocess.Popen(
            self._command(str(self.binaries / "postgres"), "-D", str(self.data), *settings),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise PostgresUnavailable(
                    f"postgres exited with {self.process.returncode}: "
                    f"{(self.directory / 'server.log').read_text(errors='replace')[-2000:]}"
                )
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    pass
                if self._ready():
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise PostgresUnavailable("postgres did not accept connections within 30 s")

    def _ready(self) -> bool:
        probe = subprocess.run(
            [str(self.binaries / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)], capture_output=True
        )
        return probe.returncode == 0

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def create_database(self, prefix: str = "test") -> str:
        """A new empty database on this server; returns its URL."""
        import asyncpg

        self._databases += 1
        name = f"{prefix}_{os.getpid()}_{self._databases}"
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()
        return self.url(name)

    def halt(self) -> None:
        """Stop the server the hard way (as a crash or a lost machine would), keeping its data for `resume`."""
        self._shut_down()

    def resume(self) -> PostgresServer:
        """Start a halted server again, on the same data and port."""
        return self._launch()

    def stop(self) -> None:
        self._shut_down()
        shutil.rmtree(self.directory, ignore_errors=True)

    def _shut_down(self) -> None:
        if self.process is not None and self.process.poll() is None:
            subprocess.run(
                self._command(str(self.binaries / "pg_ctl"), "-D", str(self.data), "stop", "-m", "immediate", "-w"),
                capture_output=True,
            )
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()  # runuser itself (the server is gone or going)
                self.process.wait()
        self.process = None
