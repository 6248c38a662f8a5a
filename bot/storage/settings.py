"""The queries of guild and user settings, each kept as one JSON document per guild or user."""

from __future__ import annotations

import json

from bot.storage.core import StorageCore


class SettingsQueries(StorageCore):
    """Guild and user settings (mixed into Storage)."""

    # --- guild settings ---------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict:
        settings = await self._value("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return json.loads(settings) if settings else {}

    async def set_guild_settings(self, guild_id: int, settings: dict) -> None:
        await self._transaction(
            [
                (
                    "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) ON CONFLICT"
                    " (guild_id) DO UPDATE SET settings = excluded.settings",
                    (guild_id, json.dumps(settings)),
                    False,
                )
            ]
        )

    async def all_guild_settings(self) -> dict[int, dict]:
        return {
            guild_id: json.loads(settings)
            for guild_id, settings in await self._rows("SELECT guild_id, settings FROM guild_settings")
        }

    # --- user settings ----------------------------------------------------------------------
    async def user_settings(self, user_id: int) -> dict:
        settings = await self._value("SELECT settings FROM user_settings WHERE user_id = ?", (user_id,))
        return json.loads(settings) if settings else {}

    async def set_user_settings(self, user_id: int, settings: dict) -> None:
        await self._transaction(
            [
                (
                    "INSERT INTO user_settings (user_id, settings) VALUES (?, ?) ON CONFLICT"
                    " (user_id) DO UPDATE SET settings = excluded.settings",
                    (user_id, json.dumps(settings)),
                    False,
                )
            ]
        )
