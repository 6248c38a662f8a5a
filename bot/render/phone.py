"""The sizes of a picture shown on a phone."""

# Discord's phone client shows an embed image 252 CSS px wide (at most 400 tall). Pictures are drawn PHONE_WIDTH wide
# (twice that, sharp on dense screens) and no text is drawn smaller than MIN_TEXT, so nothing reads smaller than
# 12 CSS px there. A board during play is at most PHONE_HEIGHT tall (300 CSS px: the rest of one phone screen is the
# message's title, status and controls); a finished board, with its result banner and fewer controls, at most
# PHONE_END_HEIGHT.
PHONE_WIDTH = 504
PHONE_HEIGHT = 600
PHONE_END_HEIGHT = 720
SHOWN_WIDTH = 252
MIN_TEXT = 24
MAX_BYTES = 100_000  # a picture's PNG at most, in bytes
