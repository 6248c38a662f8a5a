"""Every picture the games draw, written to a folder so anyone can look at them as a phone shows them.

    python -m cogs.gallery OUTDIR [--game ID] [--locale en|ja]

For every game and player count, three positions (start, mid-game, end) of an AI-played game: the public board,
every seat's private view, and (Diamond Box) the placement chooser. Each PNG is also written downscaled to 252 px
wide (`*_252.png`), the width a phone gives an embed image. Lives in cogs/ because it draws
through the presenters (what each Discord message shows)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import random
import sys
from pathlib import Path
from types import SimpleNamespace

from PIL import Image

import games
from bot.tables import Seat, Table
from cogs.presenter import PRESENTERS, Presenter
from games.contract import SYSTEM

PHONE_WIDTH = 252  # CSS px: an embed's picture on a phone


def presenter_for(game: str) -> Presenter:
    """The game's presenter (its cog's, cogs/<game>.py, else the plain one) with a stand-in for the table cog: no
    deadlines run."""
    if game not in PRESENTERS:
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(f"{__package__}.{game}")
    return PRESENTERS.get(game, Presenter)(SimpleNamespace(deadlines={}))


def step(state, rng: random.Random, spec) -> bool:
    """One move by the game's AI (or the SYSTEM timeout); False when nobody can move."""
    acting = [s for s in state.to_act() if s >= 0]
    if acting:
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        state.apply(seat, spec.agent(state.view(seat), legal, rng, spec.ai_levels[len(spec.ai_levels) // 2]))
        return True
    if state.legal_actions(SYSTEM):
        state.apply(SYSTEM, {"type": "timeout"})
        return True
    return False


def positions(game: str, players: int, seed: int = 7) -> dict[str, object]:
    """{"start", "mid", "end"}: states of one AI-played game."""
    spec = games.get(game)
    state, rng, moves = spec.new(players, {}, seed), random.Random(seed), 0
    while not state.finished and moves < 5000 and step(state, rng, spec):
        moves += 1
    found = {"start": spec.new(players, {}, seed), "end": state}
    mid, rng = spec.new(players, {}, seed), random.Random(seed)
    for _ in range(moves // 2):
        step(mid, rng, spec)
    found["mid"] = mid
    return found


def table_for(game: str, state, status: str | None = None) -> Table:
    players = state.players
    return Table(
        id=1,
        game=game,
        guild_id=1,
        channel_id=1,
        message_id=1,
        host_id=1000,
        status=status or ("finished" if state.finished else "running"),
        options={},
        seed=1,
        version=1,
        locale="en",
        state=state,
        seats=[Seat(1000 + n, f"Player {n + 1}") for n in range(players)],
    )


def boards(game: str, players: int, locale: str):
    """(name, board) for every picture of one game and player count."""
    presenter = presenter_for(game)
    for position, state in positions(game, players).items():
        table = table_for(game, state)
        yield f"{players}p_{position}_public", presenter.public(table, locale)
        for seat in range(players):
            yield f"{players}p_{position}_seat{seat + 1}", presenter.private(table, seat, locale)
        if hasattr(presenter, "placement_chooser") and not state.finished:
            seat = state.to_act()[0]
            card = presenter.best_card(table, seat)
            yield f"{players}p_{position}_chooser", presenter.placement_chooser(table, seat, card, 0, locale)


def write(outdir: Path, game: str, locale: str) -> list[Path]:
    spec = games.get(game)
    written = []
    folder = outdir / game
    folder.mkdir(parents=True, exist_ok=True)
    for players in range(spec.min_players, spec.max_players + 1):
        for name, board in boards(game, players, locale):
            if board.image is None:
                continue
            path = folder / f"{name}.png"
            path.write_bytes(board.image)
            image = Image.open(path).convert("RGB")
            small = image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.LANCZOS)
            small.save(folder / f"{name}_{PHONE_WIDTH}.png")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cogs.gallery", description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--game", choices=games.ids(), help="only this game")
    parser.add_argument("--locale", choices=["en", "ja"], default="en")
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else games.ids():
        paths = write(args.outdir, game, args.locale)
        print(f"{game}: {len(paths)} pictures (and as many at {PHONE_WIDTH} px) in {args.outdir / game}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
