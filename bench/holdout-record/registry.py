"""Categories register themselves here, in the order their modules are imported."""

CATEGORIES = []


def category(kind, name, count):
    def register(fn):
        CATEGORIES.append((kind, name, count, fn))
        return fn

    return register
