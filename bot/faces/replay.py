"""Replays: a game record drawn as an animated GIF of its public board, to share on Discord.

Every frame is the game's own public picture (its face's `draw_board` of `view(None)`) after a move that changed
what everybody sees, under a band with the players' names (the seat that moved framed, the winners crowned at the
end) and a bar of how far the game has gone; the finished board carries the result. Nothing else reaches a frame:
no private view, no hidden value. GIF because Discord animates it on every client. A longer game gets a faster pace,
then fewer frames, and the file stays under Discord's attachment limit.

`draw_replay(record, locale)` is a pure function of its arguments, drawn by the render pool (`replay_picture`) so
the event loop never waits for it; `python -m bot replay FILE --gif OUT.gif` calls it too."""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from functools import cache

from PIL import Image

import games
from bot.i18n import normalise, t
from bot.render.canvas import Draw
from bot.render.inks import BACKGROUND, HIGHLIGHT, INK, INKS, PANEL
from bot.render.phone import PHONE_WIDTH
from bot.render.text import font, text_width
from bot.render.widgets import crown, seat_disc
from bot.render_pool import Picture
from games.contract import SYSTEM

GIF_LIMIT = 10 * 1024 * 1024  # bytes: Discord's attachment limit
GIF_TARGET = GIF_LIMIT - 64 * 1024  # room for the rest of the upload
SLOWEST_MS, FASTEST_MS = 1200, 500  # a move's time on screen: a short game's, and the fastest a longer one gets
MOVES_MS = 75_000  # a long game's moves together (at the fastest pace, frames beyond this are left out)
FIRST_MS, LAST_MS = 2500, 6000  # the start (names to read) and the result stay longer
NAME_ROW = 48  # px: one row of two players' names
BAR = 10  # px: the progress bar under the names
NAME_SIZE = 26


@dataclass(frozen=True)
class Frame:
    """One frame's source: the public view after move `move` (0: the start) and the seat that made it (None: the
    table itself, or the start)."""

    view: dict
    move: int
    seat: int | None


def board_drawing(game: str):
    """The function that draws `game`'s public board from its public view and a locale (its face's)."""
    from bot.faces import face

    return face(game).draw_board


def replayed(record: dict):
    """The record's game move by move: (state, entry) after each action, the start first (entry None). Raises on a
    record its engine refuses."""
    spec = games.get(record["game"])
    state = spec.new(len(record["seats"]), record["options"], record["seed"])
    yield state, None
    for entry in record["actions"]:
        state.apply(entry["seat"], entry["action"])
        yield state, entry


def frame_of(state, entry: dict | None) -> Frame:
    """A frame's source from the state after a move: its public view, nothing else."""
    seat = None if entry is None or entry["seat"] == SYSTEM else entry["seat"]
    return Frame(state.view(None), 0 if entry is None else int(entry["seq"]), seat)


def frame_sources(record: dict) -> tuple[list[Frame], dict | None]:
    """Every frame a replay may show (a move that left the public view unchanged shows none) and the result."""
    frames: list[Frame] = []
    state = None
    for state, entry in replayed(record):
        frame = frame_of(state, entry)
        if not frames or frame.view != frames[-1].view:
            frames.append(frame)
    return frames, (state.result() if state is not None and state.finished else None)


def names(record: dict, locale: str) -> list[str]:
    """The players' names (an AI seat by its number, in the pictures' words)."""
    return [
        t("picture.replay.ai", locale, n=n + 1) if seat["ai"] else seat["name"]
        for n, seat in enumerate(record["seats"])
    ]


def shown_frames(frames: list[Frame], limit: int) -> list[Frame]:
    """At most `limit` frames, evenly spread, the first and the last always among them."""
    if len(frames) <= limit:
        return frames
    step = (len(frames) - 1) / (limit - 1)
    return [frames[round(i * step)] for i in range(limit)]


def pace(count: int) -> int:
    """Each move's time on screen for `count` moves: slower for a short game, never faster than FASTEST_MS."""
    return max(FASTEST_MS, min(SLOWEST_MS, MOVES_MS // max(1, count)))


# --- drawing ---------------------------------------------------------------------------------------------------
@cache
def _missing_glyph() -> bytes:
    return bytes(font(NAME_SIZE).getmask("\U000f0000"))


@cache
def drawable(char: str) -> bool:
    """Whether the pictures' font has `char` (it holds Latin and the pictures' own words, not every name's letters)."""
    return char.isspace() or bytes(font(NAME_SIZE).getmask(char)) != _missing_glyph()


def legible(name: str, seat: int) -> str:
    """`name` as the font can draw it: a letter it lacks as its base letter (ë as e) or left out (the seat's number
    when nothing is left), cut to fit its cell."""
    letters = (c if drawable(c) else unicodedata.normalize("NFKD", c)[0] for c in name)
    kept = " ".join("".join(c for c in letters if drawable(c)).split()) or f"#{seat + 1}"
    room = PHONE_WIDTH / 2 - 106  # between the disc and the crown
    if text_width(kept, NAME_SIZE) <= room:
        return kept
    while len(kept) > 1 and text_width(kept + "...", NAME_SIZE) > room:
        kept = kept[:-1]
    return kept.rstrip() + "..."


def band_height(players: int) -> int:
    return -(-players // 2) * NAME_ROW + BAR + 8


def draw_band(draw, players: list[str], framed: set[int], winners: set[int], progress: float) -> None:
    """The players' names two to a row (the seat that moved framed; at the end the winners, framed and crowned) and
    the progress bar under them."""
    cell = PHONE_WIDTH / 2
    for n, name in enumerate(players):
        row, column = divmod(n, 2)
        x0, y0 = column * cell, row * NAME_ROW
        if n in framed:
            draw.rounded_rectangle((x0 + 3, y0 + 3, x0 + cell - 3, y0 + NAME_ROW - 3), 10, PANEL, HIGHLIGHT, 3)
        seat_disc(draw, x0 + 26, y0 + NAME_ROW / 2, 16, n)
        draw.text((x0 + 50, y0 + NAME_ROW / 2), name, fill=INK, font=font(NAME_SIZE), anchor="lm")
        if n in winners:
            crown(draw, x0 + cell - 28, y0 + NAME_ROW / 2, 22)
    top = -(-len(players) // 2) * NAME_ROW + 2
    draw.rectangle((8, top, PHONE_WIDTH - 8, top + BAR), fill=PANEL)
    draw.rectangle((8, top, 8 + (PHONE_WIDTH - 16) * progress, top + BAR), fill=HIGHLIGHT)


def _in_registry(png: bytes) -> Image.Image:
    """A board's PNG as a palette image in the registry's indices (each PNG lists only the inks it uses)."""
    image = Image.open(io.BytesIO(png))
    image.load()
    palette = image.getpalette() or []
    lut = bytes(INKS(tuple(palette[i : i + 3])) for i in range(0, len(palette), 3)).ljust(256, b"\0")
    return Image.frombytes("P", image.size, image.tobytes().translate(lut))


def _png_size(png: bytes) -> tuple[int, int]:
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def draw_replay(record: dict, locale: str) -> bytes:
    """The record's game as an animated GIF in `locale`: a pure function of its arguments."""
    locale = normalise(locale)
    frames, result = frame_sources(record)
    drawing = board_drawing(record["game"])
    players = [legible(name, n) for n, name in enumerate(names(record, locale))]
    winners = set(result.get("winners", [])) if result else set()
    total = max(1, len(record["actions"]))
    limit = max(2, MOVES_MS // FASTEST_MS + 2)
    while True:
        shown = shown_frames(frames, limit)
        pngs = [drawing(frame.view, locale) for frame in shown]
        gif = _encode(shown, pngs, players, winners, total, result is not None)
        if len(gif) <= GIF_TARGET or limit <= 2:
            return gif
        limit = max(2, limit * 2 // 3)


def _encode(
    shown: list[Frame], pngs: list[bytes], players: list[str], winners: set[int], total: int, ended: bool
) -> bytes:
    top = band_height(len(players))
    height = top + max(_png_size(png)[1] for png in pngs)
    background = INKS(BACKGROUND)
    images = []
    for index, (frame, png) in enumerate(zip(shown, pngs)):
        crowned = winners if ended and index == len(shown) - 1 else set()
        image = Image.new("P", (PHONE_WIDTH, height), background)
        draw = Draw(image)
        framed = crowned or ({frame.seat} if frame.seat is not None else set())
        draw_band(draw, players, framed, crowned, frame.move / total)
        board = _in_registry(png)
        image.paste(board, ((PHONE_WIDTH - board.width) // 2, top))
        images.append(image)
    images = _own_palette(images)
    moves = pace(len(shown) - 2)
    durations = [FIRST_MS, *[moves] * (len(shown) - 2), LAST_MS][-len(shown) :]
    buffer = io.BytesIO()
    images[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return buffer.getvalue()


def _own_palette(images: list[Image.Image]) -> list[Image.Image]:
    """The frames in one palette of the colours they use, ordered by colour value: the file is a function of its
    pixels alone, never of what else this process drew before (the registry's indices depend on that)."""
    used = sorted(
        {i for image in images for i, count in enumerate(image.histogram()) if count}, key=INKS.rgb.__getitem__
    )
    lut = bytearray(256)
    for new, old in enumerate(used):
        lut[old] = new
    palette = [channel for index in used for channel in INKS.rgb[index]]
    mapped = []
    for image in images:
        frame = Image.frombytes("P", image.size, image.tobytes().translate(lut))
        frame.putpalette(palette)
        mapped.append(frame)
    return mapped


def replay_picture(record: dict, locale: str) -> Picture:
    """The replay as the render pool draws it (off the event loop; the same record and locale are drawn once)."""
    return Picture(draw_replay, (record, normalise(locale)))


def file_name(record: dict) -> str:
    return f"bodoge-{int(record['table'])}-replay.gif"
