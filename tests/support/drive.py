"""Play any game through the fake Discord as a person would: press what the table message offers (and what the
ephemeral choosers it opens offer) until the table moves on, a move before a step that opens or pages a chooser.
Used to play whole games of every kind end to end, and by bench/person.py; with the steps every e2e test shares:
opening a table, finding a button."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tests.fakediscord.interactions import APPLICATION_COMMAND

if TYPE_CHECKING:
    from tests.support.e2e import Harness

HOST_BUTTONS = ("u.view", "u.log", "u.more", "u.back", "u.rematch", "u.chart", "u.settings", "u.cancel", "u.leave")


def _live(components: list[dict]) -> list[dict]:
    return [
        c
        for c in components
        if c.get("custom_id") and not c.get("disabled") and not c["custom_id"].endswith(HOST_BUTTONS)
    ]


def person_order(candidates: list[dict], rng: random.Random) -> list[dict]:
    """What a person tries first: something that plays a move (an action button, a select of moves), then any other
    select, then a button that opens or pages a chooser; in random order within each kind."""

    def kind(component: dict) -> int:
        what = component["custom_id"].split(":", 3)[-1]
        if what.startswith(("a.", "u.act", "u.ms", "u.mv")):
            return 0
        return 1 if component.get("type") != 2 else 2

    shuffled = list(candidates)
    rng.shuffle(shuffled)
    return sorted(shuffled, key=kind)


async def _use(fake, user, message, component: dict, rng: random.Random):
    if component.get("type") == 2:
        return await fake.press(user, message, custom_id=component["custom_id"])
    option = rng.choice(component["options"])
    return await fake.select(user, message, component["custom_id"], [option["value"]])


async def move(
    fake, table, board, user, rng: random.Random, depth: int = 5, pressed: Callable[[dict, float], None] | None = None
) -> bool:
    """Make one move for `user` through the UI; True when the table's version advanced. `pressed` is told of each
    press answered: the component and the seconds its answer took."""
    before = table.version
    messages = [board]
    for _ in range(depth):
        message = messages[-1]
        candidates = _live(message.all_components())
        if not candidates:
            return False
        candidates = person_order(candidates, rng)
        opened = None
        for component in candidates[:6]:
            if component["custom_id"] not in {c.get("custom_id") for c in message.all_components()}:
                break  # the message moved on under the person (an answer showed the board as it now is)
            started = time.perf_counter()
            outcome = await _use(fake, user, message, component, rng)
            if pressed is not None:
                pressed(component, time.perf_counter() - started)
            if table.version > before or table.status != "running":
                return True
            if outcome.ephemeral and outcome.message is not None and _live(outcome.message.all_components()):
                opened = outcome.message
                break
        if opened is None:
            return False
        messages.append(opened)
    return table.version > before


async def caught_up(h, table, board) -> None:
    """Wait until the table message shows the table's latest version (or the game is over)."""
    await h.fake.wait_for(
        lambda: (
            any(f":{table.id}:{table.version}:" in c.get("custom_id", "") for c in board.all_components())
            or table.status != "running"
        ),
        timeout=10,
        what="the board to catch up",
    )


async def play_out(h, table, board, users: dict, *, seed: int = 0, limit: int = 1500) -> None:
    """Play until the table is finished: people (seat -> fake user) move through the UI, AI seats by themselves."""
    rng = random.Random(seed)
    for _ in range(limit):
        if table.status != "running":
            return
        await caught_up(h, table, board)
        acting = [s for s in table.state.to_act() if s in users and not table.seats[s].is_ai]
        if not acting:
            await asyncio.sleep(0.02)
            continue
        await move(h.fake, table, board, users[rng.choice(acting)], rng)
    raise AssertionError(f"table {table.id} did not finish in {limit} steps")


def button(message, suffix):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


async def open_table(h: Harness, game, *humans, ai=0, options=None):
    await h.fake.slash(h.alice, h.channel, "play", {"game": game})
    thread = h.fake.threads(h.channel)[-1]
    board = h.fake.channel_messages(thread)[0]
    for user in humans:
        await h.fake.press(user, board, custom_id=button(board, "u.join")["custom_id"])
    for _ in range(ai):
        chooser = await h.fake.press(h.alice, board, custom_id=button(board, "u.ai_add")["custom_id"])
        if chooser.ephemeral:
            select = chooser.message.selects()[0]
            values = [option["value"] for option in select["options"]]
            level = "normal" if "normal" in values else values[-1]  # the searching level is tested on its own
            await h.fake.select(h.alice, chooser.message, select["custom_id"], [level])
    await h.fake.wait_for(lambda: len(h.service._tables) and True)
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    await h.fake.wait_for(lambda: len(table.seats) == 1 + len(humans) + ai, what="the seats")
    table.options.update(options or {})
    started = await h.fake.press(h.alice, board, custom_id=button(board, "u.start")["custom_id"])
    assert started.type == 7 and table.status == "running"
    return table, board


def shows(number: int, text: str) -> bool:
    """Whether `number` stands in `text` as a number of its own (not inside, say, a timestamp)."""
    return re.search(rf"(?<!\d){number}(?!\d)", text) is not None


def add_button(message, n):
    return (
        message.button(custom_id=None, prefix=None, contains=f"a.add,n={n}")
        if False
        else next(b for b in message.buttons() if b["custom_id"].endswith(f"a.add,n={n}"))
    )


async def open_tiny_table(h: Harness, ai=True):
    opened = await h.fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
    thread = h.fake.threads(h.channel)[-1]
    lobby = h.fake.channel_messages(thread)[0]
    joined = await h.fake.press(h.bob, lobby, label=None, prefix=None, custom_id=lobby.find_button("参加")["custom_id"])
    assert joined.type == 7
    if ai:
        chooser = await h.fake.press(
            h.alice,
            lobby,
            custom_id=next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith("u.ai_add")),
        )
        assert chooser.ephemeral  # the host picks the AI's strength
        await h.fake.select(h.alice, chooser.message, chooser.message.selects()[0]["custom_id"], ["hard"])
        await h.fake.wait_for(lambda: "AI 3" in lobby.text(), what="the lobby showing the AI seat")
    return opened, thread, lobby


async def tiny_table(h: Harness, *, target=10):
    await h.fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
    thread = h.fake.threads(h.channel)[-1]
    board = h.fake.channel_messages(thread)[0]
    await h.fake.press(h.bob, board, custom_id=button(board, "u.join")["custom_id"])
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    await h.service.set_option(table.id, h.alice.id, "target", target)
    await h.fake.press(h.alice, board, custom_id=button(board, "u.start")["custom_id"])
    return table, board, thread


async def play_to_the_end(h: Harness, table, board, users):
    while table.status == "running":
        seat = table.state.to_act()[0]
        answer = await h.fake.press(
            users[seat],
            board,
            custom_id=button(board, "a.add,n=2")["custom_id"]
            if table.state.phase == "turn"
            else button(board, "a.grab")["custom_id"],
        )
        assert answer.type == 7 or answer.ephemeral


async def open_with_ai(h: Harness, game: str, players: int, locale: str):
    """A table in `locale` with one person (whose client speaks `locale`) and AI seats for the rest, started."""
    host = h.bob if locale == "ja" else h.alice
    await h.bot.storage.set_guild_settings(h.guild.id, {"locale": locale})
    await h.fake.slash(host, h.channel, "play", {"game": game})
    thread = h.fake.threads(h.channel)[-1]
    board = h.fake.channel_messages(thread)[0]
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    for n in range(players - 1):
        chooser = await h.fake.press(host, board, custom_id=button(board, "u.ai_add")["custom_id"])
        if chooser.ephemeral and chooser.message.selects():
            select = chooser.message.selects()[0]
            rule_levels = [
                o for o in select["options"] if o["value"] not in ("strong", "-")
            ]  # "-" removes an AI  # no search: a quick scan
            await h.fake.select(
                host, chooser.message, select["custom_id"], [rule_levels[n % len(rule_levels)]["value"]]
            )
    await h.fake.wait_for(lambda: len(table.seats) == players, what="the seats")
    if "turn_timeout" in table.options or "turn_timeout" in table.spec.options:
        table.options["turn_timeout"] = 600  # the person never times out here: the game plays through the UI
    await h.fake.wait_for(lambda: not button(board, "u.start").get("disabled"), what="the start button")
    started = await h.fake.press(host, board, custom_id=button(board, "u.start")["custom_id"])
    assert table.status == "running", started
    return table, board, host


def version_shown(board) -> int:
    """The table version the public message's buttons carry (bg:<table>:<version>:...)."""
    return max(int(c["custom_id"].split(":")[2]) for c in board.all_components() if c.get("custom_id"))


async def started_table(h: Harness):
    """alice, bob and an AI seat; the game started; alice to move."""
    _, _, board = await open_tiny_table(h, ai=True)
    await h.fake.press(h.alice, board, custom_id=board.find_button("開始")["custom_id"])
    table_id = int(board.buttons()[0]["custom_id"].split(":")[1])
    return table_id, board


async def forge_slash(h: Harness, user, command: str, options: list[dict]):
    """A slash command with raw options (no type or range checks): what a modified client could send."""
    top = h.fake.command(command.split()[0])
    data = {"id": top["id"], "name": top["name"], "type": 1, "options": options}
    if " " in command:
        data["options"] = [{"name": command.split()[1], "type": 1, "options": options}]
    inter = h.fake._new_interaction(APPLICATION_COMMAND, user, h.channel, data, name=command)
    return await h.fake._outcome(inter, 5.0, None)
