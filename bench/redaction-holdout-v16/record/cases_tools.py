from registry import category  # noqa: F401
