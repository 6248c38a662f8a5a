"""bot/ is the host; cogs/ is the Discord layer on top of it. Nothing in bot/ may import from cogs/ (not even
for type checking), so the host can be reasoned about, tested and reused without the cogs."""

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_bot_never_imports_from_cogs():
    files = sorted(BOT.glob("**/*.py"))
    assert len(files) > 10
    offenders = [
        f"{path.relative_to(BOT.parent)} imports {name}"
        for path in files
        for name in imported_modules(path)
        if name == "cogs" or name.startswith("cogs.")
    ]
    assert offenders == []


def test_the_scan_sees_a_cogs_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.table import TableCog\n")
    assert imported_modules(sample) == ["typing", "cogs.table"]


def test_the_table_service_never_imports_discord_and_storage_never_imports_tables():
    """Tables sit between the cogs and storage: discord stays above them, and storage knows no live table."""
    tables = sorted((BOT / "tables").glob("*.py"))
    storage = sorted((BOT / "storage").glob("*.py"))
    assert len(tables) >= 6 and storage
    offenders = [
        f"{path.relative_to(BOT.parent)} imports {name}"
        for path in tables
        for name in imported_modules(path)
        if name == "discord" or name.startswith(("discord.", "cogs"))
    ] + [
        f"{path.relative_to(BOT.parent)} imports {name}"
        for path in storage
        for name in imported_modules(path)
        if name == "bot.tables" or name.startswith("bot.tables.")
    ]
    assert offenders == []
