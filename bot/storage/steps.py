"""What a transaction step's SQL may be marked as and stand for (bot/storage/core.py runs the steps; each backend
honours them), and what a refused step raises."""

NEW_ID = object()  # a parameter standing for the id the transaction's first statement returned


class Conflict(Exception):
    """Another process (or a stale copy) already committed this table past the version this action was built on."""


class MustChange(str):
    """A step that must change exactly one row per parameter row: if one changes none (an optimistic write whose row
    changed underneath), the whole transaction rolls back with Conflict."""
