"""The categories, in recording order: (kind, name, count, case function)."""

CATEGORIES = []


def category(kind, name, count):
    def register(fn):
        CATEGORIES.append((kind, name, count, fn))
        return fn

    return register
