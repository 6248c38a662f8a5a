"""bench/run.py's games section: each real game against the do-nothing bot, one person pressing at a time."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from bench.figures import FIGURES, GAMES, report, say
from bench.floors import (
    ANSWERS,
    PICTURES,
    AnswerFloor,
    Floor,
    PictureFloor,
    Samples,
    answer_board,
    floor_message,
    standalone_floor,
)
from bench.host import PeopleApart, people_apart
from bench.under_measure import config, start
from bot import render_pool
from cogs.client import BodogeBot


async def pressed(people: PeopleApart, name: str, *arguments, after=None) -> Counter:
    """A slice the one person plays in the people's process (bench/one_person.py: `name` and its arguments) and this
    process's CPU in it (`own_cpu`), `after` (a coroutine function awaited when the slice is over) included."""
    cpu, opening_cpu = time.process_time(), people.opening_cpu
    run = Counter(await people.link.call(name, *arguments))
    if after is not None:
        await after()
    run["own_cpu"] = time.process_time() - cpu
    run["own_opening_cpu"] = people.opening_cpu - opening_cpu  # new tables opened for the person (moves only)
    return run


def recording(refresher, samples: Samples):
    """Give `samples` every table message of its game the refresher writes from now on (a press's answer, or its own
    edit of a move made elsewhere), lobbies left out; returns the call that stops it."""
    write = refresher.write

    async def recorded(table, send, waiting=None):
        async def sending(board):
            if table.game == samples.game and table.status != "lobby":
                samples.record(board)
            return await send(board)

        return await write(table, sending, waiting)

    refresher.write = recorded
    return lambda: vars(refresher).pop("write", None)


async def answers_of(samples: Samples, floor_id: str) -> list:
    """The answer floor's messages: copies of the sampled table messages (pictures drawn), its button `floor_id`."""
    boards = [await render_pool.ready(board) for board in samples.boards]
    return [answer_board(board, samples.game, floor_id) for board in boards]


async def bench_games(quick: bool, folder: Path) -> None:
    """Each game's rate against the do-nothing button's, measured in alternating slices on the same bot (a third as
    long as the game's), so a load that comes and goes on a shared machine weighs on both alike. The bot under
    measure is alone in this process; the fake Discord and the one person pressing are in the people's process
    (bench/one_person.py), which counts the bot's REST calls."""
    say(
        "each real game through the fake Discord vs the do-nothing bot (one person pressing at a time; Discord and "
        "the person in a process of their own)"
    )
    seconds, rounds = (3.0, 3) if quick else (8.0, 4)
    async with people_apart(folder) as people:
        standalone = await standalone_floor(people, seconds / 2)
        bot = BodogeBot(config(people.token, people.api_base, folder / "games.sqlite3"))
        bot.add_dynamic_items(Floor, PictureFloor, AnswerFloor)
        people.watch(bot)
        task = await start(people.token, bot)
        floor_id = await floor_message(people.world, bot)
        refresher = bot.get_cog("TableCog").refresher
        figures, all_floor, all_moves = [], Counter(), Counter()
        for game in GAMES:
            # its picture drawn: the render workers are up
            table_id, _, message_id = await people.table(game)
            await people.link.call("play", table_id, game, message_id)
            await refresher.flush()
            table = await bot.service.get(table_id)
            presenter = bot.get_cog("TableCog").presenter(game)
            first_picture = await render_pool.shared().draw(presenter.board_picture(table))
            PICTURES[game] = [first_picture]
            picture_floor_id = await floor_message(people.world, bot, game)
            opening = await render_pool.ready(presenter.public(table, table.locale))
            opening_key = f"{game}@opening"
            ANSWERS[opening_key] = [answer_board(opening, opening_key)]
            opening_floor_id = await floor_message(people.world, bot, answer=opening_key)
            opening_button = next(i.custom_id for i in ANSWERS[opening_key][0].items if isinstance(i, AnswerFloor))
            answer_button = next(i.custom_id for i in answer_board(opening, game).items if isinstance(i, AnswerFloor))
            samples, answer_floor_id = Samples(game), None
            floor, picture_floor, answer_floor, opening_floor, moves = (Counter() for _ in range(5))
            for _ in range(rounds):
                # the moves first: the floors after them answer with the messages their moves were answered with
                stop = recording(refresher, samples)
                try:
                    run = await pressed(people, "moves", seconds / rounds, after=refresher.flush)
                finally:
                    stop()
                run["calls"] = await people.link.call("calls_since", run.pop("mark"))  # the edits flushed included
                moves.update(run)
                ANSWERS[game] = await answers_of(samples, answer_button)
                PICTURES[game] = [first_picture] + [png for board in ANSWERS[game] if (png := board.png())]
                if answer_floor_id is None:
                    answer_floor_id = await floor_message(people.world, bot, answer=game)
                floor.update(await pressed(people, "floor", floor_id, seconds / rounds / 3))
                picture_floor.update(
                    await pressed(people, "floor", picture_floor_id, seconds / rounds / 3, f"bp:{game}")
                )
                answer_floor.update(
                    await pressed(people, "floor", answer_floor_id, seconds / rounds / 3, answer_button)
                )
                opening_floor.update(
                    await pressed(people, "floor", opening_floor_id, seconds / rounds / 3, opening_button)
                )
            all_floor.update(floor)
            all_moves.update(moves)
            figures.append((game, floor, picture_floor, answer_floor, opening_floor, moves))
        floor = all_floor["presses"] / all_floor["elapsed"]
        report("e2e_floor_actions_per_s", "do-nothing bot: presses answered/s", floor, "/s")
        report(
            "e2e_standalone_floor_actions_per_s",
            "a bot with nothing but that button, before: presses/s",
            standalone,
            "/s",
        )
        report(
            "e2e_floor_bot_cpu_per_press_ms",
            "do-nothing bot: the bot's process's CPU per press",
            all_floor["own_cpu"] * 1000 / all_floor["presses"],
            "ms",
        )
        report(
            "e2e_floor_people_cpu_per_press_ms",
            "do-nothing bot: the people's process's CPU per press",
            all_floor["cpu"] * 1000 / all_floor["presses"],
            "ms",
        )
        for game, floor, picture_floor, answer_floor, opening_floor, moves in figures:
            # a finished game's replacement (opening, joining and starting a table) is not a move: timed apart
            rate = moves["actions"] / (moves["elapsed"] - moves["opening"])
            game_floor = floor["presses"] / floor["elapsed"]
            picture_rate = picture_floor["presses"] / picture_floor["elapsed"]
            actions = max(moves["actions"], 1)
            report(
                f"e2e_{game}_actions_per_s",
                f"{game}: accepted actions/s",
                rate,
                "/s",
                game_floor,
                ">= 0.33 x floor",
                rate >= game_floor / 3,
            )
            FIGURES[f"e2e_{game}_ratio"] = round(rate / game_floor, 3)
            with_openings = moves["actions"] / moves["elapsed"]
            report(
                f"e2e_{game}_ratio_with_openings",
                f"{game}: the same ratio, new tables' openings timed too",
                with_openings / game_floor,
                "x",
            )
            report(
                f"e2e_{game}_opening_share",
                f"{game}: the share of its slices spent opening new tables",
                moves["opening"] / moves["elapsed"],
                "",
            )
            FIGURES[f"e2e_{game}_floor_per_s"] = round(game_floor, 1)
            FIGURES[f"e2e_{game}_ratio_standalone"] = round(rate / standalone, 3)
            sizes = [len(picture) // 1024 for picture in PICTURES[game]]
            report(
                f"e2e_{game}_picture_floor_per_s",
                f"{game}: the do-nothing button answering with its pictures (in turn, {min(sizes)}-{max(sizes)} KB)",
                picture_rate,
                "/s",
            )
            FIGURES[f"e2e_{game}_ratio_picture_floor"] = round(rate / picture_rate, 3)
            answer_rate = answer_floor["presses"] / answer_floor["elapsed"]
            report(
                f"e2e_{game}_answer_floor_per_s",
                f"{game}: the do-nothing button on a copy of its table message, answering with copies of the "
                f"{len(ANSWERS[game])} its moves were answered with, in turn",
                answer_rate,
                "/s",
                game_floor,
            )
            FIGURES[f"e2e_{game}_ratio_answer_floor"] = round(rate / answer_rate, 3)
            opening_rate = opening_floor["presses"] / opening_floor["elapsed"]
            report(
                f"e2e_{game}_opening_answer_floor_per_s",
                f"{game}: the same button on a copy of its opening's table message, answering with that message",
                opening_rate,
                "/s",
                game_floor,
            )
            FIGURES[f"e2e_{game}_ratio_opening_answer_floor"] = round(rate / opening_rate, 3)
            report(
                f"e2e_{game}_answer_floor_bot_cpu_per_press_ms",
                f"{game}: that button's bot's process's CPU per press",
                answer_floor["own_cpu"] * 1000 / max(answer_floor["presses"], 1),
                "ms",
            )
            report(
                f"e2e_{game}_presses_per_action",
                f"{game}: presses per action (choosers)",
                moves["presses"] / actions,
                "presses",
            )
            report(
                f"rest_calls_per_action_{game}",
                f"{game}: REST calls per accepted action",
                moves["calls"] / actions,
                "calls",
            )
            report(
                f"e2e_{game}_bot_cpu_per_action_ms",
                f"{game}: the bot's process's CPU per action",
                (moves["own_cpu"] - moves["own_opening_cpu"]) * 1000 / actions,
                "ms",
            )
            report(
                f"e2e_{game}_people_cpu_per_action_ms",
                f"{game}: the people's process's CPU per action",
                (moves["cpu"] - moves["opening_cpu"]) * 1000 / actions,
                "ms",
            )
        calls = all_moves["calls"] / max(all_moves["actions"], 1)
        report(
            "rest_calls_per_action",
            "REST calls per accepted action, five games",
            calls,
            "calls",
            None,
            "<= 1.1",
            calls <= 1.1,
        )
        await bot.close()
        await task
