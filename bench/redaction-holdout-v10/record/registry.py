"""The categories the recorder runs, in the order it runs them."""

CATEGORIES = []


def category(kind, name, count):
    """Register `fn(harness, rng) -> (text, targets)` as `count` cases of `name`."""

    def register(fn):
        CATEGORIES.append((kind, name, count, fn))
        return fn

    return register
