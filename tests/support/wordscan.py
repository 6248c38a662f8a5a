"""What a player reads, pulled out of every payload the bot sent to the fake Discord, and the engine vocabulary that
must never be in it: identifiers, codes, raw data. Used by the whole-game scan (tests/e2e/test_player_words.py).

Readable text: message content, embed title / description / field names and values / footer / author, button
labels, select placeholders and option labels and descriptions, modal titles and input labels / placeholders —
in channel messages, DMs, interaction responses (ephemeral or not), followups and edits. Custom ids, select values
and file names are machine data and are not read."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import games

# Discord markup that is not words: timestamps, mentions, custom emoji, links.
MARKUP = re.compile(r"<t:\d+(:[tTdDfFR])?>|<[@#][!&]?\d+>|<a?:\w+:\d+>|https?://\S+")
JAPANESE = r"[\u3040-\u30ff\u3400-\u9fff]"

# Engine vocabulary in any game and any language.
COMMON = {
    "JSON or a code block": re.compile(r"```|\{\s*\"|\"\w+\"\s*:"),
    "key=value": re.compile(r"\b\w+=\S"),
    "a catalogue placeholder left unfilled": re.compile(r"\{[a-z_]+\}"),
    "a catalogue key": re.compile(r"\b[a-z_]{3,}\.[a-z_]+\."),
    "a snake_case identifier": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    "a hex colour": re.compile(r"#[0-9A-Fa-f]{6}\b|\b0x[0-9A-Fa-f]{2,}\b"),
    "a Python literal": re.compile(r"\b(?:None|True|False)\b"),
    "a descriptor (kind:value)": re.compile(r"\b[a-z]+:[A-Za-z0-9]+\b"),
    "a sign id": re.compile(r"\b(?:doh|zorf|rau)\b"),
    "a card pattern code": re.compile(r"\b[WB]{4,}\b"),
    "a tile code": re.compile(r"\bw\d+b\d+\b"),
}
# Each game's own codes (COLORSE's and Diamond Box's colour letters: Blue Border's slots A-G and BOSSa's words are
# the games' own letters) are its spec's `checks.codes`.
# In Japanese text any ASCII word from the engine's vocabulary is an identifier that slipped through.
ASCII_WORD = re.compile(r"\b[a-z][a-z_]{2,}\b")


def _codes(game: str) -> dict[str, re.Pattern]:
    if game not in games.ids():
        return {}
    return {name: re.compile(pattern) for name, pattern in games.get(game).checks.codes.items()}


def readable(payload) -> list[str]:
    """Every string a person reads in one REST body (a message, an interaction callback, a modal)."""
    if not isinstance(payload, dict):
        return []
    if isinstance(payload.get("data"), dict) and "type" in payload:  # an interaction callback
        return readable(payload["data"])
    texts = [payload.get("content"), payload.get("title")]
    for embed in payload.get("embeds") or []:
        texts += [
            embed.get("title"),
            embed.get("description"),
            (embed.get("footer") or {}).get("text"),
            (embed.get("author") or {}).get("name"),
        ]
        for item in embed.get("fields") or []:
            texts += [item.get("name"), item.get("value")]
    texts += _component_texts(payload.get("components") or [])
    return [text for text in texts if isinstance(text, str) and text]


def _component_texts(components: list) -> list[str]:
    texts: list[str] = []
    for component in components:
        if not isinstance(component, dict):
            continue
        texts += [component.get("label"), component.get("placeholder"), component.get("content")]
        for option in component.get("options") or []:
            texts += [option.get("label"), option.get("description")]
        texts += _component_texts(component.get("components") or [])
    return texts


def engine_words(tables) -> set[str]:
    """ASCII words the engines use as names: action types and fields, their string values, view keys."""
    words: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                words.add(str(key))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            words.update(re.split(r"[:,]", value))

    for table in tables:
        if table.state is None:
            continue
        walk(table.state.view(None))
        for seat in range(len(table.seats)):
            walk(table.state.legal_actions(seat))
        for _seat, events in table.recent:
            walk(events)
    return {w for w in words if re.fullmatch(r"[a-z][a-z_]{2,}", w)}


@dataclass
class WordScanner:
    """Checks each payload as the bot sends it; `findings` lists (what, the offending text)."""

    fake: object
    service: object
    locale: str
    game: str
    findings: list[tuple[str, str]] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    texts: int = 0
    vocabulary: set[str] = field(default_factory=set)

    def install(self) -> None:
        scanner = self
        calls = self.fake.calls

        class ScanningList(type(calls)):
            def append(self, call) -> None:
                super().append(call)
                scanner.check(call)

        scanning = ScanningList(calls)
        scanning.__dict__.update(getattr(calls, "__dict__", {}))  # another scanner's list keeps its scanner
        self.fake.calls = scanning

    def check(self, call) -> None:
        if call.method not in ("POST", "PATCH", "PUT"):
            return
        self.vocabulary |= engine_words(list(self.service._tables.values()))
        for text in readable(call.json):
            self.texts += 1
            for line in text.splitlines():
                self.scan(line)

    def scan(self, line: str) -> None:
        if line in self.seen:
            return
        self.seen.add(line)
        words = MARKUP.sub(" ", line)
        patterns = {**COMMON, **_codes(self.game)}
        for what, pattern in patterns.items():
            match = pattern.search(words)
            if match:
                self.findings.append((what, f"{match.group(0)!r} in {line[:200]!r}"))
        if self.locale == "ja":
            for match in ASCII_WORD.finditer(words):
                if match.group(0) in self.vocabulary:
                    self.findings.append(("an engine word", f"{match.group(0)!r} in {line[:200]!r}"))
                    break
