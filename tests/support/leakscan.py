"""A scanner over every REST payload the bot sends to the fake Discord, checked against what is hidden at the moment
the payload is sent (read from the bot's own tables). It looks where a leak would be: message text and embeds,
component custom_ids, labels and select values, attachment names and PNG metadata chunks.

Hidden here: every table's seed (it fixes every shuffle); Blue Border's face-down card numbers as action values
(`card=N` outside the face-up discard); BOSSa's removed tile always, and the high roller's hand before the choice
in anything public; COLORSE sign actions in anything public. Private messages (ephemerals, DMs) may carry the
recipient's own view, and are checked only for what nobody may know."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

PNG_TEXT_CHUNKS = (b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"tIME")
ALLOWED_FILE = re.compile(r"(board|blue_border|diamond_box|bossa|deep_dive|colorse|chart|placements)\.png"
                          r"|bodoge-\d+\.(json|txt)")


@dataclass
class LeakScanner:
    fake: object
    service: object
    leaks: list[str] = field(default_factory=list)
    scanned: int = 0

    def install(self) -> None:
        scanner = self

        class ScanningList(list):
            def append(self, call) -> None:  # the fake records each call as the bot sends it
                super().append(call)
                scanner.check(call)

        self.fake.calls = ScanningList(self.fake.calls)

    # --- where a payload goes ---------------------------------------------------------------
    def is_private(self, call) -> bool:
        body = call.json if isinstance(call.json, dict) else {}
        data = body.get("data") if "type" in body and isinstance(body.get("data"), dict) else body
        if data and (data.get("flags") or 0) & 64:
            return True
        if "/interactions/" in call.path:
            inter = next((i for i in self.fake.interactions if str(i.id) in call.path), None)
            source = getattr(inter, "source_message", None)
            return bool(source is not None and body.get("type") in (6, 7) and source.ephemeral)
        if "/webhooks/" in call.path:
            return True  # followups and edits of a response: attributed to the presser; checked for the absolute
        channel = call.params.get("channel_id")
        return channel is not None and any(str(c.id) == str(channel) for c in self._dm_channels())

    def _dm_channels(self):
        return [c for c in getattr(self.fake, "channels", {}).values() if getattr(c, "is_dm", False)] \
            if isinstance(getattr(self.fake, "channels", None), dict) else []

    # --- what is hidden now ---------------------------------------------------------------------
    def hidden(self) -> tuple[list[str], list[str]]:
        """(tokens nobody may see, tokens the public may not see), for every running table now."""
        never, public = [], []
        for table in list(self.service._tables.values()):
            if table.status != "running" or table.state is None:
                continue
            never.append(str(table.seed))
            state = table.state
            if table.game == "blue_border":
                discard = set(state.view(None)["discard"])
                hidden = {c["number"] for b in state.boards for c in b if not c["revealed"]}
                hidden |= {n for pile in state.piles for n in pile} | set(state.deck)
                never += [f"card={n}" for n in sorted(hidden - discard)]
            elif table.game == "bossa":
                data = state.to_dict()
                never += _shown(_tiles(data.get("removed")))
                view = state.view(None)
                if all(hand is None for hand in view["hands"]):
                    for seat in range(state.players):
                        public += _shown(state.view(seat)["hands"][seat] or [])
            elif table.game == "colorse":
                public += ["sign=doh", "sign=zorf", "sign=rau"]
        return never, public

    def check(self, call) -> None:
        if call.method == "GET":
            return
        self.scanned += 1
        text = json.dumps(call.json, ensure_ascii=False) if call.json is not None else ""
        never, public = self.hidden()
        private = self.is_private(call)
        for token in never + ([] if private else public):
            if token and re.search(rf"(?<![\w:]){re.escape(token)}(?![\w])", text):
                self.leaks.append(f"{call.method} {call.path}: {token!r}")
        for upload in call.files:
            if upload.filename and not ALLOWED_FILE.fullmatch(upload.filename):
                self.leaks.append(f"{call.path}: file name {upload.filename!r}")
            if upload.filename and upload.filename.endswith(".json") and not private:
                self.leaks.append(f"{call.path}: a game record sent publicly")
            if upload.data[:8] == b"\x89PNG\r\n\x1a\n" and any(c in upload.data for c in PNG_TEXT_CHUNKS):
                self.leaks.append(f"{call.path}: PNG metadata in {upload.filename}")


def _shown(tiles: list[str]) -> list[str]:
    """A BOSSa tile as the engine names it and as the table writes it, in both languages."""
    from cogs.bossa import tile_text

    return [form for tile in tiles for form in (tile, tile_text(tile, "en"), tile_text(tile, "ja"))]


def _tiles(value) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)]
