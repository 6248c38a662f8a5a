"""`python -m bot play`: driven in a real pseudo-terminal (pexpect) for every game to its end in both locales, with
bad input, `?`, `q`, Ctrl-C and Ctrl-D; every screen is scanned for engine identifiers and tracebacks. A few
in-process tests (a console writing to a string) cover what needs many moves."""

import io
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from bot.terminal import play_in_terminal

ROOT = Path(__file__).resolve().parents[2]
PROMPT = r" > "
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]|\x1b\][^\x07]*\x07|\r")
GAMES = {  # game -> (players, seed): small tables, fixed seeds
    "blue_border": (2, 1),
    "diamond_box": (2, 1),
    "bossa": (2, 1),
    "deep_dive": (1, 2),
    "colorse": (3, 1),
}
# What must never reach the screen: engine codes, JSON, field names, catalogue keys, placeholders, hex shades.
LEAKS = [
    re.compile(r"Traceback|Error:|Exception"),
    re.compile(r'"type"|\{"|\[\{'),
    re.compile(r"\b(type|source|pile|rotation|card|tiles?|slot|sign|choice|seat|line|side|give|take|depth)=\w"),
    re.compile(r"\b[a-z]+_seats?\b|\bpile_number\b|\bwinner_seats\b"),
    re.compile(r"\bw\db\d\b"),  # a BOSSa tile code
    re.compile(r"\b(food|predator|water|rock):[a-z0-9]"),  # a DEEP DIVE tile code
    re.compile(r"\b(red|blue|green|yellow|purple):[WB]{6}\b|\b[WB]{6}\b"),  # a Diamond Box card code
    re.compile(r"\b(terminal|blue_border|diamond_box|bossa|deep_dive|colorse|table|cli|error)(_table)?\.[a-z_]+"),
    re.compile(r"\{[a-z_0-9]+\}"),  # an unfilled placeholder
    re.compile(r"#[0-9a-fA-F]{6}\b"),  # a shade as hex
    re.compile(
        r"\b(take|pass|reward|no_call|call|place|stack|redraw|exchange|flip|keep|deeper|swallow|retreat_take|"
        r"automaton_pick|special|bonus|choose),"
    ),  # an action code
]
PHRASES = {  # locale -> (reason for garbage, for a number out of range, for an empty line, winner line, help title)
    "en": ("is not a choice", "is not one of the choices", "Nothing typed", "Winner:", "How to play"),
    "ja": ("は選択肢ではありません", "は選択肢にありません", "何も入力されていません", "勝者:", "の遊び方"),
}


def spawn(*args: str, colour: str = "truecolor", rows: int = 60) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "COLUMNS": "110", "LINES": str(rows)}
    env.pop("NO_COLOR", None)
    env.pop("COLORTERM", None)
    if colour == "truecolor":
        env["COLORTERM"] = "truecolor"
    child = pexpect.spawn(
        sys.executable, ["-m", "bot", *args], cwd=ROOT, env=env, encoding="utf-8", dimensions=(rows, 110), timeout=30
    )
    child.delaybeforesend = None  # the program reads a whole line at a time: no need to pause before sending
    return child


def play(game: str, locale: str = "en", *extra: str) -> pexpect.spawn:
    players, seed = GAMES[game]
    return spawn("play", game, "--players", str(players), "--seed", str(seed), "--locale", locale, *extra)


def plain(text: str) -> str:
    return ANSI.sub("", text)


def assert_clean(screen: str) -> None:
    for pattern in LEAKS:
        found = pattern.search(screen)
        assert found is None, (
            f"{pattern.pattern!r} matched {found.group(0)!r} in:\n"
            f"{screen[max(0, found.start() - 300) : found.end() + 300]}"
        )


def finish(child: pexpect.spawn) -> str:
    """At a prompt: answer `a` (the AI chooses) there and at every prompt until the game ends; returns what was
    shown from then on."""
    seen = ""
    child.sendline("a")
    while True:
        index = child.expect([PROMPT, pexpect.EOF])
        seen += child.before
        if index == 1:
            child.close()
            return plain(seen)
        seen += child.after
        child.sendline("a")


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_plays_to_its_end_in_a_pty_with_bad_input_and_help(game, locale):
    garbage, out_of_range, empty, winner, help_title = PHRASES[locale]
    child = play(game, locale)
    child.expect(PROMPT)
    first = plain(child.before)
    assert "1." in first  # numbered choices
    for answer, reason in (("garbage", garbage), ("99", out_of_range), ("-1", out_of_range), ("", empty)):
        child.sendline(answer)
        child.expect(PROMPT)
        again = plain(child.before)
        assert reason in again, again
        assert again.count("1.") >= 1  # the same choices, shown again
    child.sendline("?")
    child.expect(PROMPT)
    assert help_title in plain(child.before)
    rest = finish(child)
    assert child.exitstatus == 0, rest[-2000:]
    assert winner in rest
    assert_clean(first + rest)


def test_deep_dive_solo_names_the_automaton_when_it_wins_with_the_scores():
    child = play("deep_dive", "en", "--autoplay")  # the AI plays your seat too: only the end is drawn
    child.expect(pexpect.EOF)
    child.close()
    screen = plain(child.before)
    assert child.exitstatus == 0
    end = screen[screen.rindex("Game over") :]
    assert "Winner: 🤖 Automaton" in end
    assert re.search(r"Points: 🔴 Player \d+ · 🤖 Automaton \d+", end), end
    assert "How it ended:" in end
    assert "Winners: ," not in screen and "Winners: ." not in screen


def test_q_asks_first_mid_game_then_leaves():
    child = play("colorse")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"\(y/N\)")
    child.sendline("n")
    child.expect(PROMPT)
    assert "1." in plain(child.before)  # still playing: the choices again
    child.sendline("q")
    child.expect(r"\(y/N\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    assert "You left the game before its end." in plain(child.before)
    assert child.exitstatus == 0


@pytest.mark.parametrize(
    "key, message, status", [("c", "Interrupted (Ctrl-C)", 130), ("d", "End of input (Ctrl-D)", 0)]
)
def test_ctrl_c_and_ctrl_d_leave_cleanly(key, message, status):
    child = play("bossa")
    child.expect(PROMPT)
    child.sendcontrol(key)
    child.expect(pexpect.EOF)
    child.close()
    shown = plain(child.before)
    assert message in shown and "Traceback" not in shown and "KeyboardInterrupt" not in shown
    assert child.exitstatus == status


def test_hot_seat_shows_a_private_view_only_after_the_keyboard_is_passed():
    child = spawn("play", "bossa", "--humans", "2", "--seed", "3", "--locale", "en")
    child.expect("Pass the keyboard to (.+?), then press Enter")
    before = plain(child.before)
    assert "Hand" not in before and "W" not in before.replace("Welcome", "")  # no tile shown before the hand-over
    first = child.match.group(1)
    child.expect("⏎ ")
    child.sendline("")
    child.expect(PROMPT)
    screen = plain(child.before)
    assert f"seen by {first}" in screen
    assert "Only you can see your hand" in screen  # the high roller's peek: private, after the hand-over
    names = {first}
    for _ in range(6):  # play on with the AI's choices: the other person is asked to take the keyboard
        child.sendline("a")
        index = child.expect([PROMPT, "Pass the keyboard to (.+?), then press Enter"])
        if index == 1:
            names.add(child.match.group(1))
            assert "\x1b[2J" in child.before + child.after  # the screen was cleared before the hand-over
            break
    assert len(names) == 2
    child.close(force=True)


def test_diamond_box_ranks_pages_and_draws_the_footprint():
    child = play("diamond_box")
    child.expect(PROMPT)
    cards = plain(child.before)
    counts = [int(n) for n in re.findall(r"(\d+) placements", cards)]
    card = counts.index(max(counts)) + 1
    assert max(counts) > 9
    child.sendline(str(card))
    child.expect(PROMPT)
    page = plain(child.before)
    penalties = [int(n) for n in re.findall(r"penalty (\d+) ·", page)]
    assert len(penalties) == 9 and penalties == sorted(penalties)
    assert "Page 1/" in page
    assert re.search(r"\s1\s", page)  # the first placement's number is marked on the grid
    child.sendline("n")
    child.expect(PROMPT)
    second = plain(child.before)
    assert "Page 2/" in second and re.search(r"^\s*10\. penalty", second, re.M)
    assert min(int(n) for n in re.findall(r"penalty (\d+) ·", second)) >= penalties[-1]
    child.sendline("p")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("press Enter to play it")
    preview = plain(child.before)
    assert re.search("[×◆◇]", preview)  # the card laid over the grid
    child.sendline("x")  # anything else: choose again
    child.expect(PROMPT)
    child.sendline("b")  # back to the cards
    child.expect(PROMPT)
    assert "placements" in plain(child.before)
    child.sendline(str(card))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("press Enter to play it")
    child.sendline("")
    child.expect(PROMPT)
    assert re.search(r"🔴 Player laid .+ penalty \d", plain(child.before))
    child.close(force=True)


def test_blue_border_draws_shades_in_true_colour_and_the_chart_on_request():
    child = play("blue_border")
    child.expect(PROMPT)
    assert "48;2;" in child.before  # true-colour backgrounds
    child.sendline("c")
    child.expect(PROMPT)
    chart = plain(child.before)
    assert all(str(n) in chart for n in (1, 16, 17, 32))
    child.close(force=True)


def test_blue_border_falls_back_to_256_colours():
    child = spawn("play", "blue_border", "--seed", "1", colour="256")
    child.expect(PROMPT)
    assert "48;5;" in child.before and "48;2;" not in child.before
    child.close(force=True)


def test_pass_is_reported_with_the_pile_it_chose():
    """Choosing "Pass: cover pile 1" says pile 1, as the choice did (no 0-based code)."""
    child = play("blue_border")
    while True:
        child.expect(PROMPT)
        shown = plain(child.before)
        found = re.search(r"(\d+)\. Pass: cover pile 1\s", shown)
        if found:
            child.sendline(found.group(1))
            break
        child.sendline("a")
    child.expect(PROMPT)
    assert "🔴 Player passes: a card covers pile 1." in plain(child.before)
    child.close(force=True)


@pytest.mark.parametrize(
    "args, phrase",
    [
        (["nosuchgame"], "Games: blue_border, diamond_box, bossa, deep_dive, colorse"),
        (["blue_border", "--players", "9"], "Blue Border is for 2 to 4 players; you asked for 9."),
        (["bossa", "--players", "1"], "is for 2 to 2 players"),
        (["colorse", "--players", "2"], "is for 3 to 4 players"),
        (["blue_border", "--option", "nosuch=1"], "Options: border, bottoms, cards, rounds"),
        (["blue_border", "--option", "border=7"], "Allowed: 8, 9"),
        (["blue_border", "--option", "border"], "NAME=VALUE"),
        (["blue_border", "--option", "chart=1"], "Allowed: true, false"),
        (["blue_border", "--ai-level", "godlike"], "Levels: easy, normal, hard"),
        (["blue_border", "--humans", "3"], "--humans must be from 1 to 2"),
    ],
)
def test_bad_arguments_say_what_is_allowed_and_exit_2(args, phrase):
    child = spawn("play", *args, "--locale", "en")
    child.expect(pexpect.EOF, timeout=20)
    child.close()
    shown = plain(child.before)
    assert phrase in shown and "Traceback" not in shown
    assert child.exitstatus == 2


def test_bad_arguments_in_japanese():
    child = spawn("play", "blue_border", "--players", "9", "--locale", "ja")
    child.expect(pexpect.EOF, timeout=20)
    child.close()
    assert "ブルーボーダーは2〜4人用です" in plain(child.before) and child.exitstatus == 2


# --- in process ------------------------------------------------------------------------------------------------------


def scripted(answers):
    answers = iter(answers)
    return lambda prompt: next(answers)


async def run_in_process(game, players, seed, answers, **kwargs):
    out = io.StringIO()
    console = Console(file=out, width=110, color_system=None, force_terminal=False)
    code = await play_in_terminal(
        game, players=players, seed=seed, locale="en", read=scripted(answers), console=console, **kwargs
    )
    return code, out.getvalue()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
async def test_bossa_plays_placements_chosen_by_number(seed):
    """The first placement used to crash (a tile list in an engine code); now every choice is words."""
    code, shown = await run_in_process("bossa", 2, seed, ["1"] * 400)
    assert code == 0 and "Winner:" in shown
    assert re.search(r"🔴 Player placed \d tile", shown)
    assert_clean(shown)


async def test_the_event_log_is_complete():
    """Every event goes to the log once, in order, however many happen between two decisions."""
    code, shown = await run_in_process("blue_border", 3, 5, [], autoplay=True)
    assert code == 0
    lines = [line for line in shown.splitlines() if line.startswith("  · ")]
    placed = [line for line in lines if "placed a card in" in line]
    answered = [line for line in lines if "No call on" in line or "Border! " in line and "calls" in line]
    assert len(placed) == len(answered) > 8  # each window closes with a line (the old log dropped some)
    assert lines[0].endswith("The game has started.")


async def test_a_test_game_without_a_board_runs_to_its_end():
    code, shown = await run_in_process("tiny", 3, 7, ["x", "99"] + ["1"] * 50)
    assert code == 0
    assert "is not a choice" in shown and "is not one of the choices" in shown
    assert "Winner:" in shown


def test_ctrl_c_while_the_ai_seats_play_leaves_cleanly():
    child = spawn("play", "deep_dive", "--players", "6", "--seed", "1", "--autoplay")
    child.expect("starts a dive")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    shown = plain(child.before)
    assert "Traceback" not in shown and "KeyboardInterrupt" not in shown
    assert "Interrupted (Ctrl-C)" in shown and "Winner:" not in shown
    assert child.exitstatus == 130


async def test_play_learn_coaches_each_decision_and_h_shows_a_hint():
    """`play GAME --learn`: the lesson's deal and AI, its coach line at each decision, `h` a hint, and past the
    script's end the game plays on to its finish."""
    from bot import lessons
    from bot.i18n import t

    answers = ["h", "1", "h", "2"] + ["1"] * 300  # flip (the only move), then skip: the script's moves
    code, shown = await run_in_process("deep_dive", None, None, answers, learn=True)
    assert code == 0 and "Winner:" in shown
    plan = lessons.lesson("deep_dive")
    for moment in ("start", "skip"):
        assert t("learn.coach", "en", line=t(plan.line_key(moment), "en")) in " ".join(shown.split())
    assert "💡 Flip a tile — " + t("learn.reason.only", "en") in shown
    assert t("learn.reason.scripted", "en") in shown  # the skip: the lesson's next move
    assert t("learn.practice_mark", "en") in shown and "h hint" in shown
    assert_clean(shown)
