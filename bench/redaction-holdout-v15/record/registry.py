"""Categories in recording order: (kind, name, count, fn); fn(h, r, count) returns all of a
category's (text, targets) from one batch of program runs."""

CATEGORIES = []


def category(kind, name, count):
    def add(fn):
        fn.batch = True
        CATEGORIES.append((kind, name, count, fn))
        return fn

    return add
