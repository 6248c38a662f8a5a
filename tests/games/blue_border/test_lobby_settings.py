"""Lobby settings are checked by the game's rules as they change: a table that could never be won is refused."""

import pytest

from bot.i18n import t
from bot.tables import TableError, TableService

ALICE, BOB = 1001, 1002


async def blue_border_lobby(storage):
    service = TableService(storage)
    table = await service.open("blue_border", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    return service, table


async def test_an_unplayable_combination_is_refused_when_set_and_changes_nothing(storage):
    service, table = await blue_border_lobby(storage)
    await service.set_option(table.id, ALICE, "bottoms", 25)
    with pytest.raises(TableError) as refused:
        await service.set_option(table.id, ALICE, "cards", 24)
    assert refused.value.code == "unplayable" and refused.value.key == "blue_border.error.unplayable"
    assert refused.value.params["deepest"] == 24
    assert table.options == {"bottoms": 25}
    for locale in ("en", "ja"):
        text = t(refused.value.key, locale, **refused.value.params)
        assert "24" in text and "25" in text and "{" not in text


async def test_the_automatic_bottoms_lets_fewer_cards_start(storage):
    service, table = await blue_border_lobby(storage)
    await service.set_option(table.id, ALICE, "cards", 24)
    with pytest.raises(TableError) as refused:
        await service.set_option(table.id, ALICE, "bottoms", 26)
    assert refused.value.params == {"border": 9, "bottoms": 26, "cards": 24, "deepest": 24, "slot": "D"}
    await service.start(table.id, ALICE)
    assert table.state.bottoms == 19
