"""The categories, in recording order: (kind, name, count, case function)."""

CATEGORIES = []


def category(kind, name, count, batch=False):
    """Register a case function: fn(h, r) -> (text, targets) per case, or with batch=True
    fn(h, r, count) -> [(text, targets), ...] from one program run."""

    def register(fn):
        fn.batch = batch
        CATEGORIES.append((kind, name, count, fn))
        return fn

    return register
