"""A replay (bot/faces/replay.py): frames from the public view alone, one per move that changed it, the players' names
and the result, a pace that quickens for a longer game, under Discord's attachment limit, drawn off the event loop,
and written by `python -m bot replay --gif`; the leak scanner's replay checks catch what they are for."""

import asyncio
import io
import json
from types import SimpleNamespace

import pytest
from PIL import Image

import games
from bot.faces import replay
from bot.records import played_by_ai
from bot.render.inks import INKS
from bot.render.phone import PHONE_WIDTH
from bot.render_pool import RenderPool
from tests.fakediscord.models import UploadedFile
from tests.support import leakscan

SEED = 424242  # long enough that the scanner's seed check cannot match a small number on a board


def ai_record(game: str, players: int, seed: int = SEED, names=None) -> dict:
    """A finished game played by the game's own agent, as `/table log` exports it."""
    return played_by_ai(game, players, seed, names, table=7)


def frames(gif: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(gif))
    found = []
    for n in range(image.n_frames):
        image.seek(n)
        found.append((image.convert("RGB"), image.info["duration"]))
    return found


CASES = [
    (game, count)
    for game in games.ids()
    for count in sorted({games.get(game).min_players, games.get(game).max_players})
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_frame_is_the_public_view_of_a_move_that_changed_it_and_hides_nothing(game, players):
    record = ai_record(game, players)
    sources, result = replay.frame_sources(record)
    assert result == record["result"]
    assert sources[0].move == 0 and sources[-1].move == len(record["actions"])
    assert all(a.view != b.view for a, b in zip(sources, sources[1:]))  # a move that changed nothing shows nothing
    assert leakscan.replay_leaks(record) == []


def test_the_scanner_catches_a_frame_drawn_from_a_private_view(monkeypatch):
    record = ai_record("bossa", 2)
    honest = replay.frame_of

    def peeking(state, entry):  # seat 1's view: its hand before the choice
        frame = honest(state, entry)
        return replay.Frame(state.view(1), frame.move, frame.seat)

    monkeypatch.setattr(replay, "frame_of", peeking)
    problems = leakscan.replay_leaks(record)
    assert any("not the public view" in p for p in problems)
    assert any("hand before the choice" in p or "depends on hidden values" in p for p in problems)


def test_the_gif_shows_every_move_with_names_then_holds_the_result():
    record = ai_record("bossa", 2, names=["Zoë", "山田"])
    shown = frames(replay.draw_replay(record, "en"))
    sources, _ = replay.frame_sources(record)
    assert len(shown) == len(sources)
    assert {image.width for image, _ in shown} == {PHONE_WIDTH}  # 252 CSS px on a phone, as every board
    durations = [duration for _, duration in shown]
    assert durations[0] == replay.FIRST_MS and durations[-1] == replay.LAST_MS
    assert set(durations[1:-1]) == {replay.pace(len(sources) - 2)} == {replay.SLOWEST_MS}
    band = (0, 0, PHONE_WIDTH, replay.band_height(2))
    first, last = shown[0][0].crop(band), shown[-1][0].crop(band)
    assert first.tobytes() != last.tobytes()  # the progress bar, the winner framed and crowned


def test_names_are_drawn_with_the_letters_the_font_has():
    assert replay.legible("Zoë", 0) == "Zoë" and replay.legible("たろう", 0) == "たろう"  # the font holds names
    assert replay.legible("Ŵyn", 0) == "Wyn"  # a letter it lacks: its base letter
    assert replay.legible("\U0001f600\U0001f600", 2) == "#3"  # nothing drawable left: the seat's number
    long = replay.legible("A very long name for a player indeed", 0)
    assert long.endswith("...") and len(long) < 20 and all(replay.drawable(c) for c in long)
    assert replay.names({"seats": [{"ai": True, "ai_level": "normal", "name": "x"}]}, "ja") == ["AI 1"]


def test_a_longer_game_gets_a_faster_pace_then_fewer_frames():
    assert replay.pace(10) == replay.SLOWEST_MS
    assert replay.pace(100) == replay.MOVES_MS // 100
    assert replay.pace(1000) == replay.FASTEST_MS
    many = [replay.Frame({"n": n}, n, None) for n in range(400)]
    kept = replay.shown_frames(many, 150)
    assert len(kept) == 150 and kept[0] is many[0] and kept[-1] is many[-1]
    assert replay.shown_frames(many[:20], 150) == many[:20]


def test_a_replay_too_big_for_the_limit_keeps_fewer_frames(monkeypatch):
    record = ai_record("deep_dive", 4)
    full = replay.draw_replay(record, "en")
    monkeypatch.setattr(replay, "GIF_TARGET", len(full) // 2)
    smaller = replay.draw_replay(record, "en")
    assert len(smaller) <= len(full) // 2 and 2 <= len(frames(smaller)) < len(frames(full))


def test_a_replay_is_drawn_in_a_render_worker_process_as_inline():
    record = ai_record("colorse", 3)

    async def both():
        pool = RenderPool(workers=1, kind="process")
        try:
            return await pool.draw(replay.replay_picture(record, "ja")), replay.draw_replay(record, "ja")
        finally:
            pool.shutdown()

    INKS("#123457")  # a colour this process drew before: the registry's indices differ from the worker's
    drawn, inline = asyncio.run(both())
    assert drawn == inline  # a function of the record and the locale alone


def test_the_cli_writes_the_gif_of_a_record_that_reaches_its_result(tmp_path, capsys):
    from bot.__main__ import main

    record = ai_record("diamond_box", 2)
    path, out = tmp_path / "record.json", tmp_path / "game.gif"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--gif", str(out), "--locale", "ja"]) == 0
    assert "same result" in capsys.readouterr().out and len(frames(out.read_bytes())) > 2
    record["result"]["winners"] = [s for s in range(2) if s not in record["result"]["winners"]]
    path.write_text(json.dumps(record))
    out.unlink()
    assert main(["replay", str(path), "--gif", str(out)]) == 1 and not out.exists()


def call_with(name: str, data: bytes):
    return SimpleNamespace(json={}, files=[UploadedFile("files[0]", name, data, "image/gif")])


def test_the_scanner_reads_a_gifs_extensions_and_what_follows_it():
    gif = replay.draw_replay(ai_record("bossa", 2), "en")
    assert leakscan.payload_text(call_with("bodoge-7-replay.gif", gif))[1] == []
    commented = gif[:-1] + b"\x21\xfe\x05deck!\x00" + gif[-1:]  # a comment before the trailer
    text, problems = leakscan.payload_text(call_with("bodoge-7-replay.gif", commented))
    assert problems == ["GIF extension 0xFE in bodoge-7-replay.gif"] and "deck!" in text
    assert leakscan.payload_text(call_with("bodoge-7-replay.gif", gif + b"tail"))[1] == [
        "4 bytes after the GIF trailer in bodoge-7-replay.gif"
    ]
    assert leakscan.payload_text(call_with("deck-1-2-3.gif", gif))[1] == ["unexpected file name 'deck-1-2-3.gif'"]
