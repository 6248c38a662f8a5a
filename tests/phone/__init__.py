"""Phone screens: whole games played through the real bot and the loopback fake Discord, written as phoneview
records (`record.py`), drawn and measured by `../shared/tools/phoneview` (`python -m tests.phone`)."""
