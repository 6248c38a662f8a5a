"""What a transaction step's SQL may be marked as (bot/storage/base.py runs the steps; each backend honours it)."""


class MustChange(str):
    """A step that must change exactly one row per parameter row: if one changes none (an optimistic write whose row
    changed underneath), the whole transaction rolls back with base.Conflict."""
