"""/rules through the fake Discord: the pager opens privately on the goal with its picture, ◀ ▶ and the select turn
pages in place (after a restart too), and presses by someone else or on pages changed since are refused privately,
changing nothing. The full-text link appears only when BODOGE_RULES_URL is set."""

from bot import rules_pages
from bot.i18n import t
from tests.support.e2e import Harness


def turn_button(message, way):
    return next(b for b in message.buttons() if b["custom_id"].startswith("rp:") and b["custom_id"].endswith(way))


def page_title(game, index, locale):
    return t(rules_pages.pages(game)[index].key("title"), locale)


async def test_the_pager_turns_pages_in_place_for_its_member(harness: Harness):
    h = harness
    opened = await h.fake.slash(h.alice, h.channel, "rules", {"game": "deep_dive"})
    pager = opened.message
    count = len(rules_pages.pages("deep_dive"))
    assert opened.ephemeral and pager.embed["title"].endswith(page_title("deep_dive", 0, "en"))
    assert f"1/{count}" in pager.embed["title"] and list(pager.files) == ["deep_dive.png"]
    assert pager.files["deep_dive.png"].startswith(b"\x89PNG")
    assert turn_button(pager, ":p")["disabled"] and not [b for b in pager.buttons() if b.get("url")]

    await h.fake.press(h.alice, pager, custom_id=turn_button(pager, ":n")["custom_id"])
    assert f"2/{count}" in pager.embed["title"] and pager.embed["title"].endswith(page_title("deep_dive", 1, "en"))
    first_picture = pager.files["deep_dive.png"]

    picked = await h.fake.select(h.alice, pager, pager.selects()[0]["custom_id"], [str(count - 1)])
    assert picked.message is pager or picked.message is None
    assert f"{count}/{count}" in pager.embed["title"] and turn_button(pager, ":n")["disabled"]
    assert pager.files["deep_dive.png"] != first_picture

    await h.stop()
    await h.start()
    await h.fake.press(h.alice, pager, custom_id=turn_button(pager, ":p")["custom_id"])
    assert f"{count - 1}/{count}" in pager.embed["title"]  # its buttons work after a restart


async def test_presses_by_someone_else_or_on_changed_pages_are_refused_privately(harness: Harness, monkeypatch):
    h = harness
    pager = (await h.fake.slash(h.bob, h.channel, "rules", {"game": "colorse"})).message
    before = (pager.embed["title"], pager.edits)
    assert "ノロイ" in pager.embed["description"] or pager.embed["description"]  # bob's Discord is in Japanese

    # Discord shows an ephemeral message to its member alone: a forged press as someone else
    pager.ephemeral_user = h.carol
    refused = await h.fake.press(h.carol, pager, custom_id=turn_button(pager, ":n")["custom_id"])
    assert refused.ephemeral and refused.message.text() == t("rules_pager.not_yours", "en")
    assert (pager.embed["title"], pager.edits) == before
    pager.ephemeral_user = h.bob

    monkeypatch.setattr(rules_pages, "digest", lambda game: "000000")  # the pages were edited since
    refused = await h.fake.press(h.bob, pager, custom_id=turn_button(pager, ":n")["custom_id"])
    assert refused.ephemeral and refused.message.text() == t("rules_pager.stale", "ja")
    refused = await h.fake.select(h.bob, pager, pager.selects()[0]["custom_id"], ["2"])
    assert refused.message.text() == t("rules_pager.stale", "ja")
    assert (pager.embed["title"], pager.edits) == before


async def test_the_full_text_link_is_the_admins_address(harness: Harness):
    h = harness
    await h.stop()
    await h.start(rules_url="https://example.org/bodoge/docs/rules")
    pager = (await h.fake.slash(h.alice, h.channel, "rules", {"game": "bossa"})).message
    links = [c["url"] for c in pager.all_components() if c.get("url")]
    assert links == ["https://example.org/bodoge/docs/rules/bossa.md"]


async def test_an_unknown_game_is_refused_privately(harness: Harness):
    refused = await harness.fake.slash(harness.alice, harness.channel, "rules", {"game": "tiny"})
    assert refused.ephemeral and refused.message.text() == t("table.error.no_game", "en")
