"""The Japanese README for people who run the bot in Japan: linked from the top of README.md, it covers the two
commands, inviting the bot with its permissions, the settings and the data; the no-token message points to it."""

from pathlib import Path

from bot.i18n import t

ROOT = Path(__file__).resolve().parents[2]


def test_readme_links_the_japanese_readme_at_the_top():
    top = ROOT.joinpath("README.md").read_text(encoding="utf-8").splitlines()[:5]
    assert any("README.ja.md" in line for line in top)


def test_the_japanese_readme_covers_running_inviting_settings_and_data():
    text = ROOT.joinpath("README.ja.md").read_text(encoding="utf-8")
    for needed in (
        "python3 bodoge.py start",
        "python3 bodoge.py test",
        "applications.commands",
        "309237763072",
        "## 設定",
        "## データ",
        "BODOGE_DATABASE",
        "BODOGE_NOTIFY_DELAY",
        "/通知",
        "/設定",
    ):
        assert needed in text, needed
    # the commands it names are the ones Discord shows Japanese users
    for key in ("cmd.play", "cmd.settings", "cmd.notify", "cmd.rules", "cmd.stats"):
        assert "/" + t(key, "ja") in text, key


def test_the_no_token_message_points_japanese_admins_to_it():
    assert "README.ja.md" in t("cli.no_token", "ja")
    assert "README" in t("cli.no_token", "en")
