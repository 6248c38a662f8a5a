"""Tiny's board in words (as bot/faces/<id>/describe.py is for a real game): whose turn, the counter, the reader's own
secret (in their view alone), then the last moves."""

from bot.describe import Scene, generic_sentences


def describe(scene: Scene) -> list[str]:
    view = scene.view
    first, *last = generic_sentences(scene)
    sentences = [first, f"Counter: {view['counter']}."]
    if "secret" in view:
        sentences.append(f"Your secret: {view['secret']}.")
    return [*sentences, *last]
