"""Blue Border's lobby through the fake Discord: a setting that would make the table unwinnable is refused to the host
alone, naming the limit, and changes nothing."""

from tests.support.e2e import Harness


async def choose(h: Harness, lobby, option: str, label: str):
    menu = await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("設定")["custom_id"])
    await h.fake.select(h.alice, menu.message, menu.message.selects()[0]["custom_id"], [option])
    values = menu.message.selects()[0]
    index = next(o["value"] for o in values["options"] if o["label"] == label)
    return await h.fake.select(h.alice, menu.message, values["custom_id"], [index])


async def test_bottoms_beyond_the_cards_in_use_is_refused_with_the_limit(harness: Harness):
    h = harness
    await h.fake.slash(h.alice, h.channel, "play", {"game": "blue_border"})
    lobby = h.fake.channel_messages(h.fake.threads(h.channel)[-1])[0]
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    await choose(h, lobby, "bottoms", "25")
    assert table.options == {"bottoms": 25}
    refused = await choose(h, lobby, "cards", "24")
    assert refused.ephemeral and "24" in refused.content and "25" in refused.content and "bottoms" in refused.content
    assert table.options == {"bottoms": 25}
    assert (await h.bot.storage.load_table(table.id)).options == {"bottoms": 25}
    await choose(h, lobby, "bottoms", "automatic (25 × cards / 32)")
    await choose(h, lobby, "cards", "24")
    assert table.options == {"bottoms": None, "cards": 24}
