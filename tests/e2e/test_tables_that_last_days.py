"""Tables that last days, on Discord as it really behaves: private answers never pile up (each kind replaces the
member's previous one and goes before its token dies at 15 minutes), a table's thread that archived itself is
brought back before the bot writes there, and a thread a moderator locked or deleted ends its table, its players
told by DM."""

import logging

from tests.support.drive import add_button, open_table, open_tiny_table
from tests.support.e2e import Harness


class ManualClock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def button(message, suffix):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


async def press_ten_times(h: Harness, user, message, suffix: str) -> None:
    for _ in range(10):
        await h.fake.press(user, message, custom_id=button(message, suffix)["custom_id"])


async def one_each(h: Harness, user, thread, kinds: int) -> None:
    """Exactly `kinds` private answers stay visible to `user` under the table (once the replaced ones are gone)."""
    await h.fake.wait_for(
        lambda: len(h.fake.ephemerals(user, thread)) == kinds,
        what=f"{kinds} private answers left, one of each kind: "
        + repr([m.text()[:40] for m in h.fake.ephemerals(user, thread)]),
    )
    await h.bot.get_cog("TableCog").refresher.flush()
    assert len(h.fake.ephemerals(user, thread)) == kinds


async def test_ten_presses_of_any_private_answer_leave_one(harness: Harness):
    h = harness
    _, thread, lobby = await open_tiny_table(h, ai=False)
    # the lobby's private choosers: the AI's strength and the settings
    await press_ten_times(h, h.alice, lobby, "u.ai_add")
    await one_each(h, h.alice, thread, 2)  # the chooser, and the host's "open" answer of /play
    await press_ten_times(h, h.alice, lobby, "u.settings")
    await one_each(h, h.alice, thread, 3)
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    table.options["hints"] = True
    await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    assert button(lobby, "u.more") is not None  # a deadline runs: more time is offered

    before = len(h.fake.ephemerals(h.bob, thread))
    kinds = [
        "u.view",  # My view
        "u.log",  # the log
        "u.more",  # more time
        "u.hint",  # a hint (refused: not bob's turn)
        "a.add,n=1",  # a refusal: not bob's turn
    ]
    for n, suffix in enumerate(kinds, 1):
        await press_ten_times(h, h.bob, lobby, suffix)
        await one_each(h, h.bob, thread, before + n - (1 if suffix == "a.add,n=1" else 0))
    # the hint refused and the move refused are one kind: a refusal replaces the previous refusal
    await h.fake.press(h.alice, lobby, custom_id=add_button(lobby, 1)["custom_id"])
    for _ in range(10):  # now bob's turn: real hints
        hinted = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.hint")["custom_id"])
        assert hinted.ephemeral and hinted.message.embeds
    await one_each(h, h.bob, thread, before + len(kinds))
    assert h.fake.internal_errors == []


async def test_a_blue_border_chart_pressed_ten_times_leaves_one(harness: Harness):
    h = harness
    table, board = await open_table(h, "blue_border", h.bob, ai=1)
    thread = h.fake.threads(h.channel)[-1]
    assert button(board, "u.chart") is not None
    await press_ten_times(h, h.bob, board, "u.chart")
    await one_each(h, h.bob, thread, 1)


async def test_answers_go_by_themselves_and_a_dead_token_is_no_error(harness: Harness, caplog):
    h = harness
    cog = h.bot.get_cog("TableCog")
    _, thread, lobby = await open_tiny_table(h, ai=False)
    await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    cog.answers.seconds = 0.3
    view = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.view")["custom_id"])
    await h.fake.wait_for(lambda: view.message.deleted, what="My view to go by itself before its token dies")

    cog.answers.seconds = 14 * 60
    clock = ManualClock(h.fake.clock())
    h.fake.clock = clock
    first = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.log")["custom_id"])
    clock.now += 16 * 60  # Discord's clock runs ahead: the first log's token is dead when the second comes
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        second = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.log")["custom_id"])
        refused = await h.fake.wait_for(
            lambda: [c for c in h.fake.calls if c.status == 401 and c.method == "DELETE"],
            what="the dead token's deletion refused",
        )
        await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.view")["custom_id"])  # the bot goes on
    assert refused[0].response["code"] == 50027
    assert not second.message.deleted and not first.message.deleted  # Discord kept it: only bob can dismiss it
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.records
    assert h.fake.internal_errors == []


async def started_tiny(h: Harness):
    _, thread, lobby = await open_tiny_table(h, ai=False)
    await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    return table, thread, lobby


async def edited_by_the_bot(h: Harness, table) -> None:
    """The table changes without a press (as an AI move or a timeout changes it): the bot edits its message."""
    table.revision += 1
    h.bot.get_cog("TableCog").refresher.request(table, 0)
    await h.bot.get_cog("TableCog").refresher.flush()


async def test_a_table_thread_that_archived_itself_is_brought_back_before_the_bot_writes(harness: Harness):
    h = harness
    clock = ManualClock(h.fake.clock())
    h.fake.clock = clock
    table, thread, lobby = await started_tiny(h)
    assert thread.auto_archive_duration == 10080  # a week: the longest Discord offers
    clock.now += 6 * 86400
    assert h.fake.archive_idle_threads() == []
    clock.now += 86400
    assert h.fake.archive_idle_threads() == [thread] and thread.archived
    edits = lobby.edits
    await edited_by_the_bot(h, table)
    assert not thread.archived and lobby.edits == edits + 1
    refused = [c for c in h.fake.calls_to("PATCH /channels/{channel_id}/messages/{message_id}") if c.status == 400]
    assert [c.response["code"] for c in refused] == [50083]  # refused once, then written after the unarchive
    assert h.fake.last_call("PATCH /channels/{channel_id}").json["archived"] is False
    assert table.status == "running"


async def test_a_deleted_thread_ends_its_table_and_its_players_are_told(harness: Harness):
    h = harness
    table, thread, lobby = await started_tiny(h)
    assert table.timers
    h.fake.delete_thread(thread)
    await edited_by_the_bot(h, table)
    await h.fake.wait_for(lambda: table.status == "cancelled" and not table.timers, what="the table to end")
    assert (await h.bot.storage.load_table(table.id)).status == "cancelled"
    told_alice = await h.fake.wait_for(lambda: [m for m in h.fake.dms(h.alice) if "has ended" in m.text()])
    told_bob = await h.fake.wait_for(lambda: [m for m in h.fake.dms(h.bob) if "終了しました" in m.text()])
    assert f"#{table.id}" in told_alice[0].text() and f"#{table.id}" in told_bob[0].text()
    calls = len(h.fake.calls)
    await edited_by_the_bot(h, table)  # nothing is written in a place that is gone
    assert not [c for c in h.fake.calls[calls:] if c.route.startswith("/channels/{channel_id}/messages")]
    assert len(told_alice) == 1


async def test_a_thread_a_moderator_closed_ends_its_table(harness: Harness):
    h = harness
    table, thread, lobby = await started_tiny(h)
    h.fake.lock_thread(thread)  # locked and archived: the bot, with Manage Threads, could reopen it, and must not
    await edited_by_the_bot(h, table)
    await h.fake.wait_for(lambda: table.status == "cancelled", what="the table to end")
    assert thread.archived and thread.locked
    assert not [c for c in h.fake.calls_to("PATCH /channels/{channel_id}") if c.json.get("archived") is False]
    await h.fake.wait_for(lambda: [m for m in h.fake.dms(h.bob) if "終了しました" in m.text()])
