import pytest

import games
from tests.support.tinygame import SPEC as TINY

games.register(TINY)


@pytest.fixture
async def storage(tmp_path):
    from bot.storage import Storage

    store = await Storage(tmp_path / "test.sqlite3").open()
    yield store
    await store.close()
