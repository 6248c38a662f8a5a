"""/learn through the fake Discord: the member's practice table opens in its own thread with only them seated
against the AI, the coach line stands on the table message and follows the script as the AI plays its part, Hint
answers privately with the move and its reason, leaving hands the seat to the AI, and the finished practice game
is not counted in stats. Every payload passes the hidden-information scanner (the harness's)."""

from bot import lessons
from bot.i18n import t
from tests.support.e2e import Harness

GAME = "deep_dive"


def button(message, suffix):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


def coach(moment, locale="ja"):  # the table speaks the guild's language (the harness's guild is Japanese)
    return t("learn.coach", locale, line=t(lessons.lesson(GAME).line_key(moment), locale))


async def test_a_guided_first_game_with_coach_hint_and_leaving(harness: Harness):
    h = harness
    opened = await h.fake.slash(h.alice, h.channel, "learn", {"game": GAME})
    thread = h.fake.threads(h.channel)[-1]
    assert opened.ephemeral and thread.mention in opened.text()
    assert not [m for m in h.fake.channel_messages(h.channel) if not m.ephemeral]  # the channel stays quiet
    board = h.fake.channel_messages(thread)[0]
    table = await h.service.get(int(button(board, "u.hint")["custom_id"].split(":")[1]))
    assert table.status == "running" and table.options["practice"] is True
    assert [s.user_id for s in table.seats] == [h.alice.id, None] and table.seats[1].is_ai
    assert coach("start") in board.embed["description"]
    assert t("learn.practice_mark", "ja") not in board.embed["description"]  # the coach line marks it: one line

    hinted = await h.fake.press(h.alice, board, custom_id=button(board, "u.hint")["custom_id"])
    await hinted.wait_settled()
    assert hinted.ephemeral and hinted.text().endswith(t("learn.reason.only", "en"))  # a flip is all she may do

    refused = await h.fake.press(h.bob, board, custom_id=button(board, "u.hint")["custom_id"])
    assert refused.ephemeral and refused.message.text() == t("learn.hint_not_yours", "ja")  # bob's Discord: ja

    script = lessons.lesson(GAME).script
    await h.fake.press(h.alice, board, custom_id=button(board, "a.flip")["custom_id"])
    await h.fake.wait_for(lambda: table.version >= 3, timeout=20, what="the AI's scripted turn")
    actions = await h.service.storage.actions(table.id)
    assert [(a["seat"], a["action"]) for a in actions] == [tuple(step) for step in script[:3]]
    await h.fake.wait_for(
        lambda: coach("skip") in (board.embed.get("description") or ""), timeout=20, what="the coach's next line"
    )

    left = await h.fake.slash(h.alice, thread, "table leave")
    assert left.ephemeral
    assert table.seats[0].is_ai  # the AI plays on for her: a practice table needs nobody
    await h.fake.wait_for(lambda: table.status == "finished", timeout=120, what="the practice game to end")
    await h.fake.wait_for(
        lambda: t("learn.practice_mark", "ja") in (board.embed.get("description") or ""), timeout=20, what="the mark"
    )
    assert await h.service.storage.stats(h.guild.id) == []  # practice never counts


async def test_the_learn_button_on_a_rules_page_opens_a_practice_table(harness: Harness):
    h = harness
    pager = (await h.fake.slash(h.alice, h.channel, "rules", {"game": "bossa"})).message
    learn = next(b for b in pager.buttons() if b["custom_id"] == "lr:bossa")
    assert learn["label"] == t("learn.button", "en")
    opened = await h.fake.press(h.alice, pager, custom_id=learn["custom_id"])
    await opened.wait_settled()
    thread = h.fake.threads(h.channel)[-1]
    assert opened.ephemeral and thread.mention in opened.text()
    board = h.fake.channel_messages(thread)[0]
    table = await h.service.get(int(button(board, "u.hint")["custom_id"].split(":")[1]))
    assert (table.game, table.status, table.options["practice"], table.options["lesson"]) == (
        "bossa",
        "running",
        True,
        True,
    )
    assert [s.user_id for s in table.seats] == [h.alice.id, None]
    assert t("learn.coach", "ja", line=t("learn.bossa.start", "ja")) in board.embed["description"]
