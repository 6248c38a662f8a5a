"""A finished game's replay and record on Discord: the table's 🎞️ button, `/table replay` and `/table record`.

The replay (bot/faces/replay.py) is drawn by the render pool, never on the event loop; it shows only what everybody saw,
so anyone in the server may see it, privately or posted in the channel (once per game: the second post points to
the first). The record holds the seed, so it is given only once the game has ended, to its players, after checking
that its moves reach its recorded result. The table cog (cogs/table.py) routes the commands and presses here."""

from __future__ import annotations

import asyncio
import io
import json

import discord

from bot import records
from bot.describe import fit
from bot.faces import replay
from bot.i18n import t
from bot.render_pool import RenderPool, shared
from bot.tables import Table, TableError
from cogs.common import user_locale
from cogs.presenter import seat_name
from cogs.ui import TableButton, TableMessage, ui_id

POSTS_KEPT = 1000  # tables whose replay was posted, remembered to point to it instead of posting it again
_replays: RenderPool | None = None


def replay_pool() -> RenderPool:
    """Replays' own render worker, started at the first replay: a GIF takes a second or two, which in the shared
    pool would hold up the boards of the tables being played; and nothing is cached (a GIF is megabytes)."""
    global _replays
    if _replays is None:
        _replays = RenderPool(workers=1, kind=shared().kind, cache_size=0)
    return _replays


async def finished_table(cog, interaction: discord.Interaction, table_id: int | None, error: str) -> Table:
    """The table asked for (by default the channel's last one), in this server and finished; else a refusal."""
    table_id = table_id or await cog.service.storage.latest_table_in(interaction.channel_id)
    if table_id is None:
        raise TableError("no_table_here")
    table = await cog.service.get(table_id)
    if table.guild_id != interaction.guild_id:
        raise TableError("no_table")
    if table.status != "finished":
        raise TableError("not_finished", error)
    return table


def players_line(table: Table, locale: str) -> str:
    return ", ".join(seat_name(table, seat, locale) for seat in range(len(table.seats)))


def replay_words(cog, table: Table, record: dict, locale: str) -> str:
    """The replay in words, for a screen reader (the GIF's description): who played, the result, how many moves."""
    return fit(
        [
            t(
                "describe.replay",
                locale,
                game=table.spec.name(locale),
                id=table.id,
                players=players_line(table, locale),
                result=" ".join(cog.presenter(table.game).status_lines(table, locale)),
                moves=len(record["actions"]),
            )
        ]
    )


def post_button(table: Table, locale: str) -> TableButton:
    return TableButton(ui_id(table.id, table.version, "replay.post"), label=t("replay.post", locale), emoji="📣")


async def send_replay(cog, interaction: discord.Interaction, table: Table, *, post: bool) -> None:
    """The replay for the member alone (with a button to post it), or posted in the channel, in the table's
    language there."""
    posts: dict[int, str] = cog.replay_posts
    if table.status != "finished":
        raise TableError("not_finished", "replay.error.not_finished")
    if post and table.id in posts:
        raise TableError("already_posted", "replay.error.already_posted", link=posts[table.id])
    mine = user_locale(interaction)
    locale = table.locale if post else mine
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = await records.export(cog.service.storage, table.id)
    gif = await replay_pool().draw(replay.replay_picture(record, locale))
    file = discord.File(
        io.BytesIO(gif), filename=replay.file_name(record), description=replay_words(cog, table, record, locale)
    )
    if not post:
        board = TableMessage(discord.Embed(), items=[post_button(table, mine)])
        text = t("replay.ready", mine, id=table.id, players=players_line(table, mine))
        await interaction.followup.send(text, file=file, view=board.view(), ephemeral=True)
        return
    result = cog.presenter(table.game).status_lines(table, locale)
    message = await interaction.channel.send(
        t(
            "replay.shared",
            locale,
            game=table.spec.name(locale),
            id=table.id,
            players=players_line(table, locale),
            result=" ".join(result),
            user=interaction.user.mention,
        ),
        file=file,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    posts[table.id] = message.jump_url
    while len(posts) > POSTS_KEPT:
        posts.pop(next(iter(posts)))
    await interaction.followup.send(t("replay.posted", mine, link=message.jump_url), ephemeral=True)


async def send_record(cog, interaction: discord.Interaction, table: Table) -> None:
    """The record as JSON, to a player of the table, once its moves are checked to reach its recorded result."""
    if table.seat_of(interaction.user.id) is None:
        raise TableError("players_only", "record.error.players_only", id=table.id)
    record = await records.export(cog.service.storage, table.id)
    try:
        state = await asyncio.to_thread(records.replay, record)  # a long game's moves, off the event loop
    except Exception:  # noqa: BLE001 - an engine that refuses its own record: reported, not sent
        state = None
    if state is None or not records.reaches(state, record["result"]):
        raise TableError("record_mismatch", "record.error.mismatch", id=table.id)
    locale = user_locale(interaction)
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    await interaction.response.send_message(
        t("record.ready", locale, id=table.id, moves=len(record["actions"])),
        file=discord.File(io.BytesIO(data), filename=f"bodoge-{table.id}.json"),
        ephemeral=True,
    )
