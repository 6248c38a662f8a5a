import pytest

from tests.support import tiny

tiny.register()  # the example game, for the host's own tests


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


# Whole modules that take minutes (crash soaks, the two-process cluster, every option combination played out):
# marked `slow`, so `pytest -m "not slow"` skips them locally. The README's test command runs everything.
SLOW = (
    "tests/soak/",
    "tests/e2e/test_cluster.py",
    "tests/e2e/test_failover.py",
    "tests/reliability/test_every_table_ends.py",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = item.nodeid.replace("\\", "/")
        if path.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
