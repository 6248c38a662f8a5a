"""Localised slash-command names and descriptions from the message catalogues."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import catalogue

LOCALES = {discord.Locale.japanese: "ja"}


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        short = LOCALES.get(locale)
        key = string.extras.get("key")
        if short is None or key is None:
            return None
        return catalogue(short).get(key)
