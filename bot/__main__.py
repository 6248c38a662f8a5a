"""Command line: `python -m bot [run|play|simulate|replay|migrate-db|recompute-ratings] ...` (see --help)."""

from __future__ import annotations

import argparse
import asyncio
import json
import locale as system_locale
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import games

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


def _cli_locale() -> str:
    language = os.environ.get("LANG") or (system_locale.getlocale()[0] or "")
    return "ja" if language.lower().startswith("ja") else "en"


def command_run(args: argparse.Namespace) -> int:
    from bot import config as config_module
    from bot.i18n import t

    config = config_module.load(args.env_file)
    if args.database:
        config = config_module.Config(**{**config.__dict__, "database": args.database})
    if not config.token:
        print(t("cli.no_token", _cli_locale()), file=sys.stderr)
        return 2
    from bot.logs import configure

    configure(config.log_level, config.log_format)
    from bot.storage.faults import StorageUnwritable
    from cogs.client import BodogeBot, tune_gc

    problem = _unwritable(config.database)
    if problem is not None:
        print(t("cli.storage_unwritable", _cli_locale(), target=problem.target, error=problem.error), file=sys.stderr)
        return 1
    tune_gc()
    bot = BodogeBot(config, settle_memory=True)
    try:
        bot.run(config.token, log_handler=None)
    except StorageUnwritable as error:  # it became read-only between the check and the start
        print(t("cli.storage_unwritable", _cli_locale(), target=error.target, error=error.error), file=sys.stderr)
        return 1
    except Exception as error:  # a bad token or no network: say so plainly
        print(t("cli.run_failed", _cli_locale(), error=error), file=sys.stderr)
        return 1
    return 0


def _unwritable(database: str):
    """Before logging in, as with the token: whether the database takes a commit (None: it does)."""
    from bot.storage import Storage
    from bot.storage.faults import StorageUnwritable, check_writable

    async def check() -> None:
        storage = Storage(database)
        try:
            await storage.open()
            await check_writable(storage)
        finally:
            try:
                await storage.close()
            except Exception:  # nothing was written; a close that fails too changes nothing
                pass

    try:
        asyncio.run(check())
    except StorageUnwritable as error:
        return error
    except Exception as error:
        from bot.storage.faults import is_fault

        if is_fault(error):  # refused while opening (e.g. a read-only file that must first become WAL)
            return StorageUnwritable(str(database), error)
        raise
    return None


def command_simulate(args: argparse.Namespace) -> int:
    from bot.simulate import simulate

    problem = check_game_arguments(args, _cli_locale())
    if problem:
        print(problem, file=sys.stderr)
        return 2
    spec = games.get(args.game)
    players = args.players or spec.min_players
    levels = _agent_levels(spec, args.agents)
    if levels is False:
        return 2
    with SimulateProgress(args.games, quiet=args.quiet or args.json) as progress:
        report = simulate(spec.id, players, args.games, args.seed, args.agent, progress=progress, levels=levels)
    data = report.as_dict()
    if args.json:
        print(json.dumps(data))
    else:
        print(f"{spec.name('en')}: {players} players, {args.games} games, agent {args.agent}")
        print(f"  finished        {data['finished']}")
        print(f"  errors          {data['errors']}" + (f"  (first: {report.first_error})" if report.errors else ""))
        print(f"  mean actions    {data['mean_actions']}")
        print(f"  wins by seat    {data['wins_by_seat']}")
        print(f"  no winner       {data['draws']}")
        print("  (a win shared by k seats adds 1/k to each of them)")
        print(f"  games/second    {data['games_per_second']}")
        if levels:
            print(f"  share by agent  {data['share_by_agent']}")
            print(f"  decision ms     {data['decision_ms_by_agent']}")
    return 1 if report.errors else 0


def _agent_levels(spec, agents: str | None):
    """--agents strong,normal -> ["strong", "normal"] (None without it; False after printing why it is refused)."""
    if not agents:
        return None
    levels = [level.strip() for level in agents.split(",") if level.strip()]
    unknown = [level for level in levels if level.split(":", 1)[0] not in spec.ai_levels]
    if not levels or unknown:
        print(
            f"unknown AI level {', '.join(unknown) or agents!r}; {spec.id} offers {', '.join(spec.ai_levels)}",
            file=sys.stderr,
        )
        return False
    return levels


def command_play(args: argparse.Namespace) -> int:
    from bot.terminal import play_in_terminal

    locale = args.locale or _cli_locale()
    problem = check_game_arguments(args, locale)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from bot.i18n import t

    loop = asyncio.new_event_loop()  # not asyncio.run: its SIGINT handler would leave Ctrl-C waiting in input()
    try:
        return loop.run_until_complete(
            play_in_terminal(
                args.game,
                players=args.players,
                seed=args.seed,
                locale=locale,
                humans=args.humans,
                ai_level=args.ai_level,
                options=args.game_options,
                autoplay=args.autoplay,
                learn=args.learn,
            )
        )
    except KeyboardInterrupt:  # Ctrl-C while the AI seats were moving (at a prompt, the game says so itself)
        print("\n" + t("terminal.interrupted", locale))
        return 130
    finally:
        _finish_tasks(loop)
        loop.close()


def _finish_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what an interrupted game left running and let it unwind, as asyncio.run does: a coroutine closed by
    the loop's garbage instead prints 'coroutine ignored GeneratorExit'."""
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.wait(pending, timeout=5))
    loop.run_until_complete(loop.shutdown_asyncgens())


# --- argument checks shared by play and simulate: a clear message listing what is allowed, exit status 2 ----------
def _option_value(text: str):
    lowered = text.lower()
    if lowered in ("true", "on", "yes"):
        return True
    if lowered in ("false", "off", "no"):
        return False
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _shown(value) -> str:
    """An option value as typed on the command line (the inverse of _option_value)."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "none"}[value]
    return str(value)


def check_game_arguments(args: argparse.Namespace, locale: str) -> str | None:
    """The first problem with the game, seat counts, AI level, games and --option values, in words; None if fine.
    Fills in args.game_options (a dict) from the --option NAME=VALUE pairs."""
    from bot.i18n import t

    if args.game not in games.ids():
        return t("terminal.arg.unknown_game", locale, game=args.game, games=", ".join(games.ids()))
    spec = games.get(args.game)
    players = args.players if args.players is not None else spec.min_players
    if not spec.min_players <= players <= spec.max_players:
        return t(
            "terminal.arg.players",
            locale,
            game=spec.name(locale),
            min=spec.min_players,
            max=spec.max_players,
            players=players,
        )
    humans = getattr(args, "humans", None)
    if humans is not None and not 1 <= humans <= players:
        return t("terminal.arg.humans", locale, max=players, humans=humans)
    level = getattr(args, "ai_level", None)
    if level is not None and level not in spec.ai_levels:
        return t("terminal.arg.ai_level", locale, level=level, game=spec.name(locale), levels=", ".join(spec.ai_levels))
    count = getattr(args, "games", None)
    if count is not None and count < 1:
        return t("terminal.arg.games", locale, games=count)
    options: dict = {}
    for pair in getattr(args, "option", None) or []:
        name, sep, text = pair.partition("=")
        example = next(iter(spec.options), "name") + "=" + _shown(next(iter(spec.options.values()), "value"))
        if not sep or not name:
            return t("terminal.arg.option_format", locale, example=example, got=pair)
        if name not in spec.options:
            listed = ", ".join(spec.options) or t("terminal.no_options", locale)
            return t("terminal.arg.unknown_option", locale, name=name, game=spec.name(locale), options=listed)
        value = _option_value(text)
        allowed = spec.choices.get(name)
        if allowed is not None and not any(v == value and type(v) is type(value) for v in allowed):  # 1 is not True
            return t(
                "terminal.arg.option_value",
                locale,
                value=text,
                name=name,
                allowed=", ".join(_shown(v) for v in allowed),
            )
        options[name] = value
    args.game_options = options
    return None


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="python -m bot",
        description="Bodoge Host: a Discord bot for five Japanese tabletop games. Without a subcommand, runs the bot.",
    )
    sub = root.add_subparsers(dest="command", metavar="{run,play,simulate,replay,migrate-db,recompute-ratings}")

    run = sub.add_parser("run", help="run the Discord bot (token from DISCORD_TOKEN or .env)")
    run.add_argument("--env-file", default=".env", help="file with settings such as DISCORD_TOKEN (default .env)")
    run.add_argument("--database", help="SQLite file or postgresql:// URL (default: BODOGE_DATABASE or bodoge.sqlite3)")
    run.set_defaults(func=command_run)

    play = sub.add_parser("play", help="play a game in the terminal against AI seats")
    play.add_argument("game", help="game id: " + ", ".join(games.ids()))
    play.add_argument(
        "--players", type=int, help="seats in all (you are seat 1; the rest are AI); default: the game's minimum"
    )
    play.add_argument("--seed", type=int, default=None, help="fix the shuffle")
    play.add_argument("--locale", choices=["en", "ja"], help="language of the messages (default: from LANG)")
    play.add_argument(
        "--humans", type=int, default=1, help="people taking turns at this keyboard (hot-seat; seats 1..N; default 1)"
    )
    play.add_argument("--ai-level", help="level of the AI seats (see the message for a wrong one)")
    play.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a table setting, for example border=8 (Blue Border); repeat for several",
    )
    play.add_argument("--autoplay", action="store_true", help="the AI plays your seats too: watch a whole game")
    play.add_argument(
        "--learn", action="store_true", help="the guided first game: a coach line at each decision, h for a hint"
    )
    play.set_defaults(func=command_play)

    simulate = sub.add_parser("simulate", help="self-play many games and report")
    simulate.add_argument("game", help="game id: " + ", ".join(games.ids()))
    simulate.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    simulate.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    simulate.add_argument("--agent", choices=["ai", "random"], default="ai", help="who plays every seat")
    simulate.add_argument(
        "--agents",
        help="AI levels by seat, e.g. strong,normal (the last fills the other seats); "
        "rotated over the games so every level plays every seat equally",
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(func=command_simulate)

    replay = sub.add_parser("replay", help="replay a game record (from /table log) and check its result")
    replay.add_argument("file", help="the record's JSON file")
    replay.add_argument("--gif", metavar="OUT", help="also write the game as an animated GIF (as the Replay button)")
    replay.add_argument("--locale", choices=["en", "ja"], default="en", help="the GIF's language")
    replay.set_defaults(func=command_replay)

    migrate = sub.add_parser(
        "migrate-db",
        help="copy every table, log, timer, result and setting to another "
        "database (e.g. SQLite to PostgreSQL), idempotently, and verify",
    )
    migrate.add_argument("--from", dest="source", required=True, help="SQLite file or postgresql:// URL to copy")
    migrate.add_argument("--to", dest="target", required=True, help="postgresql:// URL (or SQLite file) to fill")
    migrate.set_defaults(func=command_migrate_db)

    ratings = sub.add_parser(
        "recompute-ratings", help="compute every skill rating again from the stored game results (docs/ratings.md)"
    )
    ratings.add_argument(
        "--database", help="SQLite file or postgresql:// URL (default: BODOGE_DATABASE or bodoge.sqlite3)"
    )
    ratings.set_defaults(func=command_recompute_ratings)
    return root


class SimulateProgress:
    """A progress bar on stderr for runs longer than a moment (shown after the first half second, on a terminal)."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total, self.quiet = total, quiet or not sys.stderr.isatty()
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.started = 0.0

    def __enter__(self):
        import time

        self.started = time.perf_counter()
        return self.advance

    def advance(self, done: int) -> None:
        import time

        if self.quiet:
            return
        if self.bar is None:
            if time.perf_counter() - self.started < float(os.environ.get("BODOGE_PROGRESS_AFTER", "0.5")):
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            self.bar = Progress(
                "simulating",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("games", total=self.total)
        assert self.task is not None  # added with the bar
        self.bar.update(self.task, completed=done)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


def command_migrate_db(args: argparse.Namespace) -> int:
    from bot.migrate import MigrationError, migrate

    try:
        counts = asyncio.run(migrate(args.source, args.target))
    except Exception as error:  # a refused connection, a bad URL, a mismatch: say so plainly
        print(f"migrate-db: {error if isinstance(error, MigrationError) else repr(error)}", file=sys.stderr)
        return 1
    print("copied and verified: " + ", ".join(f"{name} {count}" for name, count in counts.items()))
    return 0


def command_recompute_ratings(args: argparse.Namespace) -> int:
    from bot.config import load
    from bot.rating_service import RatingService
    from bot.storage import Storage

    async def recompute() -> int:
        storage = await Storage(args.database or load().database).open()
        try:
            return await RatingService(storage).recompute()
        finally:
            await storage.close()

    print(f"recompute-ratings: {asyncio.run(recompute())} rated games")
    return 0


def command_replay(args: argparse.Namespace) -> int:
    from bot.records import replay_file

    ok, message = replay_file(args.file, _cli_locale())
    print(message)
    if ok and args.gif:
        from bot.faces.replay import draw_replay

        gif = draw_replay(json.loads(Path(args.file).read_text(encoding="utf-8")), args.locale)
        Path(args.gif).write_bytes(gif)
        print(f"wrote {args.gif} ({len(gif) / 1024:.0f} KiB)")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    if arguments.command is None:
        arguments = parser().parse_args(["run", *(argv or [])])
    return arguments.func(arguments)


if __name__ == "__main__":
    sys.exit(main())
