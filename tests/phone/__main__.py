"""Phone screens of every game, both languages: each game is played through the real bot and the loopback fake
Discord (people press what a person would, now and then "My view"), its traffic written as a phoneview record and
drawn by `../shared/tools/phoneview` as Discord's mobile client shows it. Prints each table message's height in
CSS px (alone, and with what lies below it on the member's screen) and how many messages are below it.

    python -m tests.phone [--out DIR] [--game ID]... [--locale en|ja]... [--pace SECONDS] [--screens docs/screens]

Needs Debian's chromium and fonts-noto-cjk (phoneview's own needs). `--screens` copies one screen per game, moment
and language into that folder (the README's pictures)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.phone.play import GAMES, play

ROOT = Path(__file__).resolve().parents[2]
MOMENTS = "lobby,first-turn,mid,private,end"
SCREEN_MOMENTS = ("lobby", "mid", "end")


def phoneview() -> Path:
    found = Path(os.environ.get("PHONEVIEW", ROOT.parent / "shared" / "tools" / "phoneview"))
    if not (found / "render.py").exists():
        sys.exit(f"phoneview not found at {found} (set PHONEVIEW)")
    return found


def draw(record: Path, out: Path, member: str = "player1") -> list[dict]:
    with tempfile.TemporaryDirectory() as scratch:  # Chromium's profile: one per run, so runs may overlap
        subprocess.run(
            [
                sys.executable,
                str(phoneview() / "render.py"),
                str(record),
                "--files",
                str(record.parent / "files"),
                "--member",
                member,
                "--out",
                str(out),
                "--moments",
                MOMENTS,
                "--open-select",
                "none",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            env={**os.environ, "TMPDIR": scratch},
        )
    return json.loads((out / "moments.json").read_text())["moments"]


def own_height(html_page: Path) -> int:
    """The table message's own height in CSS px (phoneview's `anchor_css` also counts what lies below it): the same
    page measured to the anchor message's bottom instead of the list's."""
    sys.path.insert(0, str(phoneview()))
    import render  # phoneview's

    page = html_page.read_text(encoding="utf-8").replace(
        "anch=list.getBoundingClientRect().bottom-top", "anch=a.getBoundingClientRect().bottom-top"
    )
    with tempfile.TemporaryDirectory() as scratch:
        own = Path(scratch) / "own.html"
        own.write_text(page, encoding="utf-8")
        os.environ["TMPDIR"], tempfile.tempdir = scratch, None  # Chromium's profile: this run's own
        try:
            return render.measure(str(own))["anchor"]
        finally:
            tempfile.tempdir = None


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.phone")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "bodoge-phone")
    parser.add_argument("--game", action="append", choices=list(GAMES))
    parser.add_argument("--locale", action="append", choices=["en", "ja"])
    parser.add_argument("--screens", type=Path, help="copy the README's screens here")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", type=int, default=0, help="seconds per move: turn-based tables (0: live)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    rows = []
    for game in args.game or list(GAMES):
        for locale in args.locale or ["en", "ja"]:
            folder = args.out / f"{game}-{locale}"
            shutil.rmtree(folder, ignore_errors=True)
            record = asyncio.run(play(game, locale, folder, seed=args.seed, pace=args.pace))
            moments = draw(record, folder / "screens")
            for moment in moments:
                own = own_height(folder / "screens" / moment["html"]) if moment["name"] != "private" else None
                rows.append((game, locale, moment["name"], own, moment.get("anchor_css"), moment.get("newer_below")))
                if args.screens and moment["name"] in SCREEN_MOMENTS:
                    args.screens.mkdir(parents=True, exist_ok=True)
                    shutil.copy(
                        folder / "screens" / moment["file"], args.screens / f"{game}.{locale}.{moment['name']}.png"
                    )
    print(f"{'game':<12} {'locale':<6} {'moment':<11} {'table':>6} {'+below':>7} {'below':>6}")
    for game, locale, name, own, height, below in rows:
        flag = "  OVER" if isinstance(own, (int, float)) and own > 640 else ""
        print(f"{game:<12} {locale:<6} {name:<11} {own!s:>6} {height!s:>7} {below!s:>6}{flag}")
    (args.out / "heights.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
