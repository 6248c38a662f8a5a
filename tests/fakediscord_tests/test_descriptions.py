"""An attachment's description (the alt text a screen reader speaks): the fake keeps it from the multipart payload's
`attachments[].description`, shows it on the stored message and in the API payload, and refuses one over Discord's
1,024 characters as Discord does (400, 50035 Invalid Form Body)."""

import io

import discord
import pytest

from tests.fakediscord import validate
from tests.fakediscord_tests.e2ebot import tiny_png


def picture(description: str | None, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(tiny_png(1)), filename=name, description=description)


async def test_a_description_is_kept_on_the_message_its_attachment_and_its_payload(world):
    fake, bot = world.fake, world.bot
    channel = bot.get_channel(world.channel.id)
    longest = "あ" * validate.MAX_ATTACHMENT_DESCRIPTION  # counted in characters, not bytes
    sent = await channel.send("a board", files=[picture("Alice to play."), picture(longest, "other.png")])
    stored = fake.message(sent.id)
    assert stored.descriptions == {"board.png": "Alice to play.", "other.png": longest}
    assert stored.attachment("board.png").description == "Alice to play."
    assert stored.payload(fake.bot_user.id)["attachments"][0]["description"] == "Alice to play."
    assert sent.attachments[0].description == "Alice to play."  # discord.py reads it back from the answer


async def test_an_edit_keeps_the_new_pictures_description_and_none_is_none(world):
    fake, bot = world.fake, world.bot
    channel = bot.get_channel(world.channel.id)
    sent = await channel.send("a board", file=picture(None))
    assert fake.message(sent.id).descriptions == {"board.png": None}
    await sent.edit(attachments=[picture("Bob to play.")])
    assert fake.message(sent.id).descriptions == {"board.png": "Bob to play."}


async def test_a_dm_keeps_its_description(world):
    fake, bot = world.fake, world.bot
    user = await bot.fetch_user(world.alice.id)
    await user.send(file=picture("Your hand: three cards."))
    assert fake.dms(world.alice)[-1].descriptions == {"board.png": "Your hand: three cards."}


async def test_a_description_over_1024_characters_is_refused_like_discord(world):
    fake, bot = world.fake, world.bot
    channel = bot.get_channel(world.channel.id)
    before = len(fake.channel_messages(world.channel))
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("a board", file=picture("x" * (validate.MAX_ATTACHMENT_DESCRIPTION + 1)))
    assert refused.value.status == 400 and refused.value.code == 50035
    call = fake.last_call("POST /channels/{channel_id}/messages")
    assert call.status == 400
    errors = call.response["errors"]["attachments"]["0"]["description"]["_errors"]
    assert errors[0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert len(fake.channel_messages(world.channel)) == before  # nothing was posted
