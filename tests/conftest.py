import pytest

from tests.support import tiny

tiny.register()  # the example game, for the host's own tests

pytest_plugins = ["tests.support.e2e"]  # the `harness` fixture (the real bot on the fake Discord), for any folder


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server for the whole run (tests/support/postgres.py); each test gets its own database.
    If it cannot start, every test that needs it fails with the reason: nothing is skipped."""
    from tests.support.postgres import PostgresServer, PostgresUnavailable

    try:
        server = PostgresServer().start()
    except PostgresUnavailable as error:
        pytest.fail(f"the PostgreSQL test server could not start: {error}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def backend() -> str:
    """The storage backend a test runs on; `tests.support.backends.both_backends` parametrises it."""
    return "sqlite"


@pytest.fixture
async def database_target(backend, tmp_path, request) -> str:
    """BODOGE_DATABASE for this test: an SQLite path, or the URL of a fresh PostgreSQL database."""
    if backend == "postgres":
        return await request.getfixturevalue("postgres_server").create_database()
    return str(tmp_path / "test.sqlite3")


@pytest.fixture
async def storage(database_target):
    from bot.storage import Storage

    store = await Storage(database_target).open()
    yield store
    await store.close()
