"""More paths a table bot uses: in-place edits of channel messages, followups, Components V2, autocomplete, DMs."""

from __future__ import annotations

from tests.fakediscord_tests.e2ebot import tiny_png

PATCH_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_edit_in_place_followups_and_original(world):
    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "refresh")
    assert out.type == 5 and not out.ephemeral
    await out.wait_followups(1)
    await fake.wait_for(lambda: out.content.endswith(" again"))
    table = next(m for m in fake.channel_messages(world.channel) if m.content == "table v2")
    assert table.edits == 1 and table.files == {"board.png": tiny_png(2)}
    assert [v["content"] for v in table.versions] == ["table v1", "table v2"]
    edit = fake.last_call(PATCH_MESSAGE)
    assert edit.params["message_id"] == str(table.id) and edit.file("board.png") == tiny_png(2)
    assert out.content == f"read {len(tiny_png(2))} True table v2 again"
    assert [m.content for m in out.followups] == ["extra edited"]
    assert [m.content for m in out.messages] == [out.content, "extra edited"]


async def test_components_v2_layout_press(world):
    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "layout")
    assert out.message.flags & (1 << 15)
    assert "## Board 10" in out.message.text()
    pressed = await fake.press(world.bob, out.message, label="Count 10")
    assert pressed.type == 7 and "## Board 11" in out.message.text()
    assert out.message.find_button(prefix="lay:")["custom_id"] == "lay:11"


async def test_rejected_followup_fails_fast(world):
    import pytest

    from tests.fakediscord import InteractionRejected

    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "badlayout")  # the response itself is fine
    await fake.wait_for(lambda: out.rejections)
    assert out.rejections[0].status == 400 and out.rejections[0].response["code"] == 50035
    with pytest.raises(InteractionRejected) as caught:  # an invalid initial response: raised at once, no timeout
        await fake.slash(world.alice, world.channel, "badreply")
    assert "50035" in str(caught.value) and "BASE_TYPE_MAX_LENGTH" in str(caught.value)


async def test_autocomplete_choices(world):
    choices = await world.fake.autocomplete(world.alice, world.channel, "pick", {"game": "d"}, focused="game")
    assert [c["value"] for c in choices] == ["deep_dive", "diamond_box"]
    out = await world.fake.slash(world.alice, world.channel, "pick", {"game": "bossa"})
    assert out.content == "picked bossa"


async def test_slash_in_dm(world):
    fake = world.fake
    dm = fake.dm_channel(world.alice, create=True)
    out = await fake.slash(world.alice, dm, "ping")
    assert out.content == "pong en-US -"
    assert fake.dms(world.alice) == [out.message]


async def test_interaction_deadline(world):
    fake = world.fake
    fake.interaction_deadline = 0.0  # every callback is "too late"
    out = await fake.slash(world.alice, world.channel, "ping")
    assert out.error["code"] == 10062
    fake.interaction_deadline = None
    assert (await fake.slash(world.alice, world.channel, "ping")).type == 4


async def test_admin_only_command_is_hidden_from_members(world):
    import pytest

    fake = world.fake
    cmd = fake.command("ping")
    cmd["default_member_permissions"] = str(1 << 5)  # as if synced with manage_guild
    with pytest.raises(PermissionError):
        await fake.slash(world.alice, world.channel, "ping")
    assert (await fake.slash(world.boss, world.channel, "ping")).type == 4


async def test_the_first_followup_after_a_defer_keeps_the_defers_visibility(world):
    """Discord (Create Followup Message): directly after a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE response, a followup
    edits the loading message; its ephemeral flag is ignored and the defer's visibility is kept. Later followups are
    new messages with their own flags."""
    fake = world.fake
    public = await fake.slash(world.alice, world.channel, "deferred", {"private": False})
    await public.wait_followups(1)
    first, second = public.followups
    assert first is public.message and first.content == "first" and not first.ephemeral  # "ephemeral" went public
    assert first in fake.channel_messages(world.channel)
    assert second.content == "second" and second.ephemeral and second not in fake.channel_messages(world.channel)
    assert [m.content for m in fake.ephemerals(world.alice)] == ["second"]

    private = await fake.slash(world.bob, world.channel, "deferred", {"private": True})
    await private.wait_followups(1)
    first, second = private.followups
    assert first is private.message and first.content == "first" and first.ephemeral  # the public flag is ignored
    assert first not in fake.channel_messages(world.channel)
    assert second.content == "second" and not second.ephemeral and second in fake.channel_messages(world.channel)


async def test_what_the_fake_records_stays_readable_and_out_of_the_collectors_walk(world):
    """Every payload of a run is kept, as bytes the garbage collector never walks: a full collection in the bot's
    process (the fake runs in it) must not grow with the run's history."""
    import gc

    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "refresh")
    await out.wait_followups(1)
    table = next(m for m in fake.channel_messages(world.channel) if m.content == "table v2")
    edit = fake.last_call(PATCH_MESSAGE)
    assert edit.json["content"] == "table v2" and edit.response["content"] == "table v2"
    assert out.payload["data"]["name"] == "refresh"
    assert table.versions[0]["content"] == "table v1"
    session = fake.sessions[-1]
    assert any(p["t"] == "INTERACTION_CREATE" for p in session.buffer)
    kept = [
        edit.__dict__["_packed_json"],
        edit.__dict__["_packed_response"],
        out.__dict__["_packed_payload"],
        list.__getitem__(table.versions, 0),
        list.__getitem__(session.buffer, -1),
    ]
    assert not any(gc.is_tracked(value) for value in kept)


async def test_forget_drops_old_records_and_keeps_what_is_still_shown(world):
    """`forget` (for long benchmarks) drops old calls, interactions and attachments no message shows; the fake keeps
    answering, and calls are numbered on."""
    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "refresh")
    await out.wait_followups(1)
    before = len(fake.calls)
    last_seq = fake.calls[-1].seq
    assert before and fake.interactions
    assert fake.forget(older_than=0.0) >= before
    assert fake.calls == [] and fake.interactions == [] and fake.interactions_by_token == {}
    shown = {a.id for m in fake.messages.values() for a in m.attachments}
    assert set(fake.attachments) == shown
    out = await fake.slash(world.alice, world.channel, "refresh")
    await out.wait_followups(1)
    assert fake.calls and fake.calls[0].seq == last_seq + 1
