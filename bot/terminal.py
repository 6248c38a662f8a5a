"""`python -m bot play GAME`: one person against AI seats in a terminal, through the same TableService the bot
uses (a throwaway SQLite file), with the game's views printed as text."""
from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

import games
from bot.codec import encode
from bot.i18n import t
from bot.storage import Storage
from bot.tables import TableError, TableService
from bot.text import format_event, seat_name
from bot.words import action_text

YOU = 1


def _show(title: str, data: dict) -> None:
    print(f"--- {title} ---")
    print(json.dumps(data, ensure_ascii=False, indent=None)[:2000])


async def play_in_terminal(game: str, players: int | None, seed: int | None, locale: str,
                           read=input, write=print) -> int:
    spec = games.get(game)
    players = players or spec.min_players
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage(Path(folder) / "play.sqlite3").open()
        service = TableService(storage, race_grace=0.0, ai_delay=0.0)
        table = await service.open(game, guild_id=None, channel_id=0, host_id=YOU, host_name=t("cli.you", locale),
                                   locale=locale)
        if seed is not None:
            table.seed = seed
        for _ in range(players - 1):
            await service.add_ai(table.id, YOU)
        await service.start(table.id, YOU)
        shown = 0
        try:
            while table.status == "running":
                lines = [format_event(table, e, locale) for _seat, events in list(table.recent) for e in events]
                for line in lines[shown:] if shown <= len(lines) else lines:
                    write("  · " + line)
                shown = len(lines)
                state = table.state
                acting = state.to_act()
                if 0 in acting:
                    public, mine = state.view(None), state.view(0)
                    _show(t("cli.public", locale), public)
                    if {k: v for k, v in mine.items() if k != "seat"} != {k: v for k, v in public.items() if k != "seat"}:
                        _show(t("cli.private", locale), mine)
                    legal = state.legal_actions(0)
                    write(t("cli.your_turn", locale))
                    for number, action in enumerate(legal, 1):
                        write(f"  {number:3}. {action_text(game, action, locale)}")
                    choice = read("> ").strip()
                    if choice in ("q", "quit"):
                        return 0
                    if not choice.isdigit() or not 1 <= int(choice) <= len(legal):
                        continue
                    try:
                        await service.submit(table.id, YOU, table.version, legal[int(choice) - 1])
                    except TableError as error:
                        write(t(error.key, locale))
                elif any(s > 0 for s in acting):
                    await service.ai_move(table.id, table.version)
                elif state.legal_actions(games.SYSTEM):
                    await service.expire(table.id, table.version)
                else:
                    break
                await asyncio.sleep(0)
            result = table.state.result()
            write(t("cli.game_over", locale, names=", ".join(seat_name(table, s, locale) for s in result["winners"])))
        except (EOFError, KeyboardInterrupt):
            write("")
        finally:
            await storage.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(asyncio.run(play_in_terminal(sys.argv[1], None, None, "en")))
