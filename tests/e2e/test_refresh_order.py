"""The table message always ends up showing the table as it is: writes of one table's message (the bot's own edits
and the answers to presses on it) reach Discord one at a time, each drawn from the table when its turn comes, so no
older board can land after a newer one, however the network orders requests and answers."""

import asyncio

from tests.fakediscord.server import CALLBACK_ROUTE
from tests.support.e2e import Harness

EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_an_older_edit_landing_after_a_newer_answer_is_put_right(harness: Harness):
    h = harness
    await h.fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
    lobby = h.fake.channel_messages(h.fake.threads(h.channel)[-1])[0]
    h.bot.get_cog("TableCog").refresher.delay = 1.0
    # the host adds an AI seat from the ephemeral chooser: the bot edits the table message itself, and that edit
    # is slow to land
    chooser = await h.fake.press(
        h.alice, lobby, custom_id=next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith("u.ai_add"))
    )
    h.fake.delay_next(EDIT_ROUTE, apply_after=0.3)
    edits_before = sum(1 for c in h.fake.calls if c.matches(EDIT_ROUTE))
    await h.fake.select(h.alice, chooser.message, chooser.message.selects()[0]["custom_id"], ["hard"])
    await h.fake.wait_for(
        lambda: sum(1 for c in h.fake.calls if c.matches(EDIT_ROUTE)) > edits_before,
        what="the bot's edit to be on its way",
    )
    # meanwhile bob joins on the table message; the answer to his press is slow to come back
    h.fake.delay_next(CALLBACK_ROUTE, respond_after=0.6)
    joined = await h.fake.press(h.bob, lobby, custom_id=lobby.find_button("参加")["custom_id"])
    assert joined.type == 7
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    assert [s.user_id for s in table.seats] == [h.alice.id, None, h.bob.id]
    await asyncio.sleep(1.5)  # every write on its way has landed and been answered, and any refresh is due
    await h.bot.get_cog("TableCog").refresher.flush()
    assert "bob" in lobby.text() and "AI" in lobby.text()


async def test_a_press_held_up_behind_a_slow_edit_defers_and_still_shows_the_table(harness: Harness):
    h = harness
    await h.fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
    lobby = h.fake.channel_messages(h.fake.threads(h.channel)[-1])[0]
    refresher = h.bot.get_cog("TableCog").refresher
    refresher.patience = 0.2  # (1.5 s by default: well inside Discord's 3 seconds)
    chooser = await h.fake.press(
        h.alice, lobby, custom_id=next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith("u.ai_add"))
    )
    h.fake.delay_next(EDIT_ROUTE, apply_after=0.8)  # the bot's own edit is held up (as by a rate limit)
    edits_before = sum(1 for c in h.fake.calls if c.matches(EDIT_ROUTE))
    await h.fake.select(h.alice, chooser.message, chooser.message.selects()[0]["custom_id"], ["hard"])
    await h.fake.wait_for(
        lambda: sum(1 for c in h.fake.calls if c.matches(EDIT_ROUTE)) > edits_before,
        what="the bot's edit to be on its way",
    )
    joined = await h.fake.press(h.bob, lobby, custom_id=lobby.find_button("参加")["custom_id"])
    assert joined.type == 6  # acknowledged in time, then the message edited through the interaction
    await h.fake.wait_for(
        lambda: "bob" in lobby.text() and "AI" in lobby.text(),
        timeout=3,
        what="the table message to show the AI seat and bob",
    )
    await asyncio.sleep(0.3)
    await refresher.flush()
    assert "bob" in lobby.text() and "AI" in lobby.text()
