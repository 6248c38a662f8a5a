"""`python -m bot play GAME`: a game at one keyboard against AI seats (or hot-seat between people), through the same
TableService the bot uses (a throwaway SQLite file). Each decision shows the board drawn from the deciding seat's
view, the events since the last decision in words, and numbered choices in words (paged; Diamond Box's ranked by
penalty with the footprints drawn). Keys: a number, n/p pages, a (the AI chooses), l (the whole log), c (Blue
Border's colour chart), ? (rules and keys), q (quit). Ctrl-C and Ctrl-D leave with a message."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table as Grid
from rich.text import Text

import games
from bot import lessons
from bot.faces import TerminalFace, boards, coach, face
from bot.faces.labels import action_words, event_line
from bot.faces.menus import Choice, Menu
from bot.faces.text import seat_name
from bot.i18n import t
from bot.storage import Storage
from bot.tables import Table, TableError, TableListener, TableService

LOCAL_USER = 1  # the user id of seat 1; hot-seat people are 1..humans


class Leave(Exception):
    """The person left before the end: `key` says how, `code` is the exit status."""

    def __init__(self, key: str, code: int) -> None:
        super().__init__(key)
        self.key, self.code = key, code


@dataclass
class Session(TableListener):
    table: Table
    service: TableService
    console: Console
    locale: str
    humans: list[int]
    read: Callable[[str], str] = input
    autoplay: bool = False
    log: list[str] = field(default_factory=list)
    unseen: int = 0  # log lines not yet printed
    viewer: int | None = None  # whose private view the screen may show now
    last_events: list[dict] = field(default_factory=list)

    # --- events ---------------------------------------------------------------------------------------------------
    async def on_change(self, table: Table, events: list[dict]) -> None:
        if events:
            self.last_events = list(events)
        self.log.extend(event_line(table, event, self.locale) for event in events)

    def flush(self) -> None:
        for line in self.log[self.unseen :]:
            self.console.print(Text("  · " + line))
        self.unseen = len(self.log)

    # --- the game -------------------------------------------------------------------------------------------------
    async def run(self) -> None:
        table = self.table
        while table.status == "running":
            state = table.started_state
            acting = [seat for seat in state.to_act() if seat >= 0]
            mine = [seat for seat in acting if seat in self.humans]
            version = table.version
            if mine:
                seat = mine[0]
                if self.autoplay:
                    self.flush()  # a watcher sees the game as it goes
                action = self.ai_choice(seat) if self.autoplay else self.decide(seat)
                try:
                    await self.service.submit(table.id, self.user(seat), table.version, action)
                except TableError as error:
                    self.console.print(Text(t(error.key, self.locale, **error.params), style="bold red"))
            elif acting:
                await self.service.ai_move(table.id, version)
            if table.version == version and table.status == "running" and not mine:
                if state.legal_actions(games.SYSTEM):
                    await self.service.expire(table.id, version)
                if table.version == version:
                    raise RuntimeError("nobody can move")  # an engine bug: never expected
        self.finish()

    def user(self, seat: int) -> int:
        return LOCAL_USER + seat

    def ai_choice(self, seat: int) -> dict:
        state = self.table.started_state
        spec = self.table.spec
        rng = random.Random(f"{self.table.seed}/you/{self.table.version}/{seat}")
        legal = state.legal_actions(seat)
        action = spec.agent(state.view(seat), legal, rng, spec.ai_levels[len(spec.ai_levels) // 2])
        return action if action in legal else legal[0]

    # --- one decision ---------------------------------------------------------------------------------------------
    def hand_over(self, seat: int) -> None:
        """Hot-seat: the screen shows one person's private view only after they have the keyboard."""
        if len(self.humans) > 1 and self.viewer != seat:
            self.console.clear()
            self.console.print(Text(t("terminal.pass_to", self.locale, name=self.name(seat)), style="bold"))
            self.ask("⏎ ")
            self.console.clear()
        self.viewer = seat

    def name(self, seat: int) -> str:
        return seat_name(self.table, seat, self.locale)

    def draw_board(self, seat: int | None) -> None:
        view = self.table.started_state.view(seat)
        spec = self.table.spec
        subtitle = t("terminal.your_view", self.locale, name=self.name(seat)) if seat is not None else None
        self.console.print(
            Panel(
                boards.draw(self.table, view, self.locale),
                title=spec.name(self.locale),
                subtitle=subtitle,
                expand=False,
            )
        )
        note = self.private_note(seat, view)
        if note:
            self.console.print(boards.words(note), style="dim")

    def private_note(self, seat: int | None, view: dict) -> str:
        if seat is None:
            return ""
        note = self.face.private_note
        return note(view, seat, self.locale) if note is not None else ""

    def decide(self, seat: int) -> dict:
        self.hand_over(seat)
        self.console.print(Rule())
        self.flush()
        self.draw_board(seat)
        for line in [*filter(None, [coach.coach_line(self.table, self.locale)]), *coach.marks(self.table, self.locale)]:
            self.console.print(Text(line, style="bold green"))
        menu = self.menu(seat)
        while True:
            choice = self.choose(menu, seat)
            if choice is None:
                return self.ai_choice(seat)
            if isinstance(choice, Menu):  # back a step
                menu = choice
                continue
            if choice.open is not None:
                child = choice.open()
                child.back = menu
                menu = child
                continue
            if menu.confirm is not None and not self.confirmed(menu, choice):
                continue
            assert choice.action is not None  # a choice without a sub-menu names an action
            return choice.action

    def confirmed(self, menu: Menu, choice: Choice) -> bool:
        assert menu.confirm is not None  # asked only of a menu that confirms
        self.console.print(menu.confirm(choice))
        self.console.print(Text(t("terminal.confirm", self.locale, label=choice.label), style="bold"))
        return self.ask("> ").strip() == ""

    def show_menu(self, menu: Menu, seat: int) -> None:
        shown = menu.shown()
        if menu.draw is not None:
            self.console.print(menu.draw(shown))
        self.console.print(Text(menu.title, style="bold"))
        grid = Grid.grid(padding=(0, 1))
        grid.add_column(justify="right", style="bold cyan")
        grid.add_column()
        for number, choice in shown:
            grid.add_row(f"{number}.", Text(choice.label))
        self.console.print(grid)
        if menu.pages > 1:
            self.console.print(
                Text(
                    t("terminal.page", self.locale, page=menu.page + 1, pages=menu.pages, count=len(menu.choices)),
                    style="dim",
                )
            )
        self.console.print(Text(self.keys_line(menu), style="dim"))

    def keys_line(self, menu: Menu) -> str:
        keys = [t("terminal.key.number", self.locale, last=len(menu.choices))]
        if menu.pages > 1:
            keys.append(t("terminal.key.pages", self.locale))
        if menu.back is not None:
            keys.append(t("terminal.key.back", self.locale))
        keys += [t(command.hint, self.locale) for command in self.face.commands.values()]
        keys += [
            t("terminal.key.ai", self.locale),
            t("terminal.key.hint", self.locale),
            t("terminal.key.log", self.locale),
            t("terminal.key.help", self.locale),
            t("terminal.key.quit", self.locale),
        ]
        return " · ".join(keys)

    def choose(self, menu: Menu, seat: int) -> Choice | Menu | None:
        """Ask until the answer is a choice (returned), `a` (None: the AI chooses) or `b` (the menu to go back to)."""
        self.show_menu(menu, seat)
        while True:
            answer = self.ask(t("terminal.prompt", self.locale, name=self.name(seat)) + " > ").strip()
            word = answer.lower()
            if word.isdigit() and 1 <= int(word) <= len(menu.choices):
                return menu.choices[int(word) - 1]
            if word in ("a", "ai"):
                return None
            if word == "n" and menu.page + 1 < menu.pages:
                menu.page += 1
            elif word == "p" and menu.page > 0:
                menu.page -= 1
            elif word == "b" and menu.back is not None:
                return menu.back
            elif word == "h":
                self.console.print(
                    Text(coach.hint_text(self.table, self.table.started_state, seat, self.locale), style="bold")
                )
                continue
            elif word == "?":
                self.help()
            elif word == "l":
                self.console.print(Rule(t("terminal.log_title", self.locale)))
                for line in self.log:
                    self.console.print(Text("  · " + line))
            elif word in self.face.commands:
                shown = self.face.commands[word].show(self.table.started_state.view(seat), self.locale)
                if isinstance(shown, str):
                    self.reason(t(shown, self.locale))
                    continue
                self.console.print(shown)
            elif word == "q":
                if self.ask(t("terminal.quit_confirm", self.locale) + " ").strip().lower() in YES:
                    raise Leave("terminal.left", 0)
            else:
                self.reason(self.why(answer, menu))
                self.show_menu(menu, seat)
                continue
            self.show_menu(menu, seat)

    def why(self, answer: str, menu: Menu) -> str:
        last = len(menu.choices)
        if not answer:
            return t("terminal.bad.empty", self.locale, last=last)
        if answer in ("n", "p"):
            return t("terminal.bad.page", self.locale)
        if answer.lstrip("-").isdigit():
            return t("terminal.bad.range", self.locale, got=answer, last=last)
        return t("terminal.bad.text", self.locale, got=answer[:20], last=last)

    def reason(self, text: str) -> None:
        self.console.print(Text("✗ " + text, style="bold red"))

    def help(self) -> None:
        spec = self.table.spec
        self.console.print(Rule(t("terminal.help_title", self.locale, game=spec.name(self.locale))))
        self.console.print(Text(t(f"{spec.id}.summary", self.locale)))
        self.console.print(Text(t("terminal.help_keys", self.locale)))

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except KeyboardInterrupt:
            raise Leave("terminal.interrupted", 130) from None
        except EOFError:
            raise Leave("terminal.end_of_input", 0) from None

    # --- choices in words -----------------------------------------------------------------------------------------
    def menu(self, seat: int) -> Menu:
        state, view = self.table.started_state, self.table.started_state.view(seat)
        legal = state.legal_actions(seat)
        title = t("terminal.your_move", self.locale, name=self.name(seat))
        if self.face.menu is not None:
            return self.face.menu(self, seat, view)
        choices = [Choice(action_words(self.table.game, action, view, self.locale), action) for action in legal]
        return Menu(title, choices)

    # --- the end --------------------------------------------------------------------------------------------------
    def finish(self) -> None:
        table, locale = self.table, self.locale
        self.console.print(Rule(t("terminal.game_over", locale)))
        self.flush()
        self.draw_board(None)
        result = table.started_state.result()
        winners = result.get("winners", [])
        nobody_won = self.face.nobody_won
        if winners:
            names = ", ".join(self.name(seat) for seat in winners)
        else:
            names = (nobody_won(result, locale) if nobody_won is not None else None) or t("table.nobody", locale)
        self.console.print(Text(t("terminal.winners", locale, names=names), style="bold green"))
        scores = self.scores(result)
        if scores:
            self.console.print(
                Text(
                    t(f"terminal.score.{table.game}", locale)
                    + ": "
                    + " · ".join(f"{name} {score}" for name, score in scores)
                )
            )
        how = [event_line(table, event, locale) for event in self.last_events]
        if how:
            self.console.print(Text(t("terminal.how_it_ended", locale, how=" ".join(how[-2:]))))

    def scores(self, result: dict) -> list[tuple[str, Any]]:
        if self.face.scores is not None:
            return self.face.scores(self, result)
        return [(self.name(seat), score) for seat, score in enumerate(result.get("scores", []))]

    @property
    def face(self) -> TerminalFace:
        return face(self.table.game).terminal


YES = ("y", "yes", "はい", "ｙ")


def make_console(**kwargs: Any) -> Console:
    return Console(highlight=False, emoji=False, soft_wrap=False, **kwargs)


async def play_in_terminal(
    game: str,
    *,
    players: int | None = None,
    seed: int | None = None,
    locale: str = "en",
    humans: int = 1,
    ai_level: str | None = None,
    options: dict | None = None,
    autoplay: bool = False,
    learn: bool = False,
    read: Callable[[str], str] | None = None,
    console: Console | None = None,
) -> int:
    """Play one game; returns the exit status (0 after the end or `q`, 130 after Ctrl-C, 2 if it cannot start).
    Arguments are assumed checked (bot.__main__ does that, with messages)."""
    spec = games.get(game)
    if learn:  # the guided first game: the lesson's seats, deal and AI, one person
        plan = lessons.lesson(game)
        players, humans, ai_level = plan.players, 1, plan.ai_level
        options = {**(options or {}), **coach.table_options(game)}
    players = players or spec.min_players
    console = console or make_console()
    read = read or (lambda prompt: console.input(prompt))
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage(Path(folder) / "play.sqlite3").open()
        try:
            service = TableService(storage, race_grace=0.0, ai_delay=0.0)
            first = t("cli.you", locale) if humans <= 1 else t("terminal.player", locale, n=1)
            table = await service.open(
                game, guild_id=None, channel_id=0, host_id=LOCAL_USER, host_name=first, locale=locale, options=options
            )
            if seed is not None:
                table.seed = seed
            for number in range(1, max(humans, 1)):
                await service.join(table.id, LOCAL_USER + number, t("terminal.player", locale, n=number + 1))
            for _ in range(players - max(humans, 1)):
                await service.add_ai(table.id, LOCAL_USER, ai_level)
            session = Session(
                table, service, console, locale, list(range(max(humans, 1))), read=read, autoplay=autoplay
            )
            service.listen(session)
            try:
                await service.start(table.id, LOCAL_USER)
            except TableError as error:
                console.print(
                    Text(
                        t("terminal.arg.start_failed", locale, reason=t(error.key, locale, **error.params)),
                        style="bold red",
                    )
                )
                return 2
            console.print(Text(t("terminal.welcome", locale, game=spec.name(locale)), style="bold"))
            try:
                await session.run()
            except Leave as leaving:
                console.print()
                console.print(Text(t(leaving.key, locale), style="bold yellow"))
                return leaving.code
        finally:
            await storage.close()
    return 0
