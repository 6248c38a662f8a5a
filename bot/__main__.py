"""Command line: `python -m bot [run|play|simulate|replay] ...` (see --help)."""
from __future__ import annotations

import argparse
import asyncio
import json
import locale as system_locale
import logging
import os
import sys

import games


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
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.client import BodogeBot

    bot = BodogeBot(config)
    try:
        bot.run(config.token, log_handler=None)
    except Exception as error:  # a bad token or no network: say so plainly
        print(t("cli.run_failed", _cli_locale(), error=error), file=sys.stderr)
        return 1
    return 0


def command_simulate(args: argparse.Namespace) -> int:
    from bot.simulate import simulate

    try:
        spec = games.get(args.game)
    except KeyError:
        print(f"unknown game {args.game!r}; choose from {', '.join(games.ids())}", file=sys.stderr)
        return 2
    players = args.players or spec.min_players
    levels = _agent_levels(spec, args.agents)
    if levels is False:
        return 2
    report = simulate(spec.id, players, args.games, args.seed, args.agent, levels=levels)
    data = report.as_dict()
    if args.json:
        print(json.dumps(data))
    else:
        print(f"{spec.name('en')}: {players} players, {args.games} games, agent {args.agent}")
        print(f"  finished        {data['finished']}")
        print(f"  errors          {data['errors']}" + (f"  (first: {report.first_error})" if report.errors else ""))
        print(f"  mean actions    {data['mean_actions']}")
        print(f"  wins by seat    {data['wins_by_seat']}")
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
        print(f"unknown AI level {', '.join(unknown) or agents!r}; {spec.id} offers {', '.join(spec.ai_levels)}",
              file=sys.stderr)
        return False
    return levels


def command_play(args: argparse.Namespace) -> int:
    from bot.terminal import play_in_terminal

    return asyncio.run(play_in_terminal(args.game, args.players, args.seed, args.locale or _cli_locale()))


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="python -m bot", description="Bodoge Host: a Discord bot for five Japanese "
                                   "tabletop games. Without a subcommand, runs the bot.")
    sub = root.add_subparsers(dest="command", metavar="{run,play,simulate,replay}")

    run = sub.add_parser("run", help="run the Discord bot (token from DISCORD_TOKEN or .env)")
    run.add_argument("--env-file", default=".env", help="file with settings such as DISCORD_TOKEN (default .env)")
    run.add_argument("--database", help="SQLite file (default: BODOGE_DATABASE or bodoge.sqlite3)")
    run.set_defaults(func=command_run)

    play = sub.add_parser("play", help="play a game in the terminal against AI seats")
    play.add_argument("game", help="game id: " + ", ".join(games.ids()))
    play.add_argument("--players", type=int, help="seats in all (you are seat 1; the rest are AI)")
    play.add_argument("--seed", type=int, default=None, help="fix the shuffle")
    play.add_argument("--locale", choices=["en", "ja"], help="language of the messages")
    play.set_defaults(func=command_play)

    simulate = sub.add_parser("simulate", help="self-play many games and report")
    simulate.add_argument("game", help="game id: " + ", ".join(games.ids()))
    simulate.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    simulate.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    simulate.add_argument("--agent", choices=["ai", "random"], default="ai", help="who plays every seat")
    simulate.add_argument("--agents", help="AI levels by seat, e.g. strong,normal (the last fills the other seats); "
                          "rotated over the games so every level plays every seat equally")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.set_defaults(func=command_simulate)

    replay = sub.add_parser("replay", help="replay a game record (from /table log) and check its result")
    replay.add_argument("file", help="the record's JSON file")
    replay.set_defaults(func=command_replay)
    return root


def command_replay(args: argparse.Namespace) -> int:
    from bot.records import replay_file

    ok, message = replay_file(args.file)
    print(message)
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    if arguments.command is None:
        arguments = parser().parse_args(["run", *(argv or [])])
    return arguments.func(arguments)


if __name__ == "__main__":
    sys.exit(main())
