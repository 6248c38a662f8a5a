"""bench/run.py's render section: render time and bytes per public board, drawn on this thread."""

from __future__ import annotations

import games
from bench.figures import report, say


def bench_render(quick: bool) -> None:
    say("render time and bytes per public board (drawn on this thread: the cost of one picture)")
    from bench.render import midgame_state, render_details
    from cogs.gallery import presenter_for, table_for

    for row in render_details(10 if quick else 30):
        game, board_ms = row["game"], row["picture_ms"]
        report(
            f"render_{game}_median_ms",
            f"render {game} ({row['players']} players)",
            board_ms,
            "ms",
            None,
            "<= 4 ms",
            board_ms <= 4,
        )
        report(
            f"render_{game}_successive_ms", f"render {game}, successive boards of new games", row["successive_ms"], "ms"
        )
        report(f"render_{game}_cold_ms", f"render {game}, first board after the caches emptied", row["cold_ms"], "ms")
        report(
            f"message_{game}_successive_ms",
            f"message {game}, each position's table message made once",
            row["message_ms"],
            "ms",
        )

    for game in games.ids():
        presenter = presenter_for(game)
        players = min(4, games.get(game).max_players)
        sizes = []
        for seed in range(5):
            state = midgame_state(game, players, seed=seed, steps=10 + 15 * seed)
            table = table_for(game, state)
            sizes.append(len(presenter.public(table, "en").image))
        report(
            f"image_{game}_bytes",
            f"image {game}, largest of 5 boards",
            max(sizes),
            "B",
            None,
            "<= 100 KB",
            max(sizes) <= 100_000,
        )
