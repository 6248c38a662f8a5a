"""Through the fake Discord: the game goes on across Discord faults, forged or broken presses are answered and
change nothing, and presses racing on one table count exactly once."""

import asyncio
import logging

import pytest

from tests.support.drive import add_button, open_tiny_table
from tests.support.e2e import Harness

PATCH_TABLE = "PATCH /channels/{channel_id}/messages/{message_id}"


async def running(h: Harness):
    _, thread, board = await open_tiny_table(h, ai=False)
    await h.fake.press(h.alice, board, custom_id=board.find_button("開始")["custom_id"])
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    return table, board


@pytest.fixture
def bot_errors(caplog):
    caplog.set_level(logging.WARNING)
    yield lambda: [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_dropped_gateway_resumes_and_the_game_goes_on(harness: Harness):
    h = harness
    table, board = await running(h)
    await h.fake.drop_gateway()
    assert h.fake.resumes
    pressed = await h.fake.press(h.alice, board, custom_id=add_button(board, 1)["custom_id"])
    assert pressed.type == 7 and table.version == 1


async def test_rate_limits_and_server_errors_lose_nothing(harness: Harness):
    h = harness
    table, board = await running(h)
    h.fake.rate_limit_next("POST /interactions/{webhook_id}/{webhook_token}/callback", retry_after=0.05)
    pressed = await h.fake.press(h.alice, board, custom_id=add_button(board, 1)["custom_id"])
    assert pressed.type == 7 and table.version == 1
    # the bot's own edit (after a timeout) meets a 429 and then a 502: it retries and the board catches up
    h.fake.rate_limit_next(PATCH_TABLE, retry_after=0.05)
    h.fake.server_error_next(PATCH_TABLE, 502)
    await h.service.expire(table.id, table.version)
    await h.fake.wait_for(
        lambda: f":{table.id}:{table.version}:" in str(board.components),
        timeout=10,
        what="the table message showing the move after the faults",
    )
    assert table.version == 2 and [a["source"] for a in await h.bot.storage.actions(table.id)] == ["user", "timeout"]


async def test_an_unknown_interaction_still_counts_and_the_board_catches_up(harness: Harness, bot_errors):
    h = harness
    table, board = await running(h)
    pressed = await h.fake.press(h.alice, board, custom_id=add_button(board, 2)["custom_id"], expired=True)
    await h.fake.wait_for(lambda: pressed.error, what="the bot's answer refused as 10062")
    assert pressed.error["code"] == 10062
    assert table.version == 1 and table.state.counter == 2  # committed before the answer failed
    await h.fake.wait_for(lambda: ":1:" in str(board.components), timeout=10, what="the bot's own edit")
    assert bot_errors() == []


async def test_many_presses_at_once_count_once(harness: Harness):
    h = harness
    table, board = await running(h)
    custom_id = add_button(board, 1)["custom_id"]
    presses = [h.fake.press(user, board, custom_id=custom_id) for user in (h.alice, h.alice, h.bob, h.carol) * 3]
    answers = await asyncio.gather(*presses)
    assert sum(1 for a in answers if a.type == 7 and not a.ephemeral) == 1
    assert all(a.type in (4, 7) for a in answers)  # everybody got an answer
    assert table.version == 1 and len(await h.bot.storage.actions(table.id)) == 1


FORGED = [
    "bg:999999:0:a.add,n=1",  # an unknown table
    "bg:{t}:0:a.add,n=1,n=2",  # a malformed action
    "bg:{t}:0:a.add,n=99999999999999999999999",
    "bg:{t}:0:a.launch,missiles=yes",  # no such action
    "bg:{t}:999999:a.add,n=1",  # a version from the future
    "bg:{t}:0:u.nonsense",  # no such step
    "bg:{t}:0:u.setval.target",  # a lobby step on a running table
]


async def test_forged_and_broken_buttons_are_answered_and_change_nothing(harness: Harness, bot_errors):
    h = harness
    table, board = await running(h)
    message = h.fake.message(board)
    forged = [custom_id.format(t=table.id) for custom_id in FORGED]
    # an old or tampered message: components the bot never sent (Discord only delivers what a message shows)
    for start in range(0, len(forged), 5):
        message.components.append(
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "label": f"x{n}", "custom_id": cid}
                    for n, cid in enumerate(forged[start : start + 5], start)
                ],
            }
        )
    before = table.state.to_json()
    for user in (h.alice, h.carol):
        for custom_id in forged:
            answer = await h.fake.press(user, board, custom_id=custom_id)
            assert answer.ephemeral and answer.content, custom_id
    assert table.state.to_json() == before and table.version == 0
    assert bot_errors() == []
