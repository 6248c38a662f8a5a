"""Operations: /healthz and the Prometheus metrics on BODOGE_METRICS_PORT, scraped while a game is played through
the fake Discord; JSON logs."""

import io
import json
import logging

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.logs import configure
from tests.fakediscord import FakeDiscord
from tests.support.drive import add_button, open_tiny_table
from tests.support.e2e import Harness
from tests.support.postgres import free_port


def samples(text: str) -> dict:
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


async def test_healthz_and_metrics_are_scraped_while_a_game_is_played(database_target):
    port = free_port()
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        h = Harness(fake, database_target)
        await h.start(metrics_port=port)
        try:
            async with http.get(f"http://127.0.0.1:{port}/healthz") as answer:
                assert answer.status == 200 and (await answer.json())["status"] == "ok"
            _, _, lobby = await open_tiny_table(h, ai=False)
            await fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
            await fake.press(h.alice, lobby, custom_id=add_button(lobby, 2)["custom_id"])
            await fake.press(h.bob, lobby, custom_id=add_button(lobby, 1)["custom_id"])
            async with http.get(f"http://127.0.0.1:{port}/metrics") as answer:
                assert answer.status == 200 and answer.content_type == "text/plain"
                scraped = samples(await answer.text())
        finally:
            await h.stop()
        assert scraped[("bodoge_actions_total", (("game", "tiny"), ("source", "user")))] == 2
        assert scraped[("bodoge_tables", (("status", "running"),))] == 1
        assert scraped[("bodoge_tables", (("status", "finished"),))] == 0
        assert scraped[("bodoge_interaction_seconds_count", ())] >= 4  # /play, start, two moves
        assert scraped[("bodoge_render_seconds_count", (("game", "tiny"),))] >= 2
        assert scraped[("bodoge_storage_actions", ())] == 2 and scraped[("bodoge_storage_transactions", ())] == 2
        assert ("bodoge_gateway_latency_seconds", (("shard", "0"),)) in scraped
        assert ("bodoge_rest_rate_limited_total", ()) in scraped
        try:
            async with http.get(f"http://127.0.0.1:{port}/healthz"):
                raise AssertionError("the endpoint outlived the bot")
        except aiohttp.ClientConnectionError:
            pass


def test_json_logs_are_one_object_per_line():
    stream = io.StringIO()
    root = logging.getLogger()
    saved = list(root.handlers), root.level
    configure("INFO", "json", stream)
    try:
        logging.getLogger("bot.test").info("table %s started", 7)
        try:
            raise ValueError("boom")
        except ValueError:
            logging.getLogger("bot.test").exception("failed")
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
    first, second = [json.loads(line) for line in stream.getvalue().splitlines() if line.startswith("{")]
    assert first["message"] == "table 7 started" and first["level"] == "INFO" and first["logger"] == "bot.test"
    assert second["level"] == "ERROR" and "ValueError: boom" in second["exception"]
