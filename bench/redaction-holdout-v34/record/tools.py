"""Where the npm-installed programs are, how a case shows a command it typed, and what a capture
keeps of a value a program cut short."""

import os
import shlex

# npm install --prefix <dir> @dotenvx/dotenvx@1.x pm2@7 wrangler@4 serverless@3 (see ../README.md)
TOOLS = os.environ.get("ATX_V34_TOOLS", "/work/scratch/corpus34/tools/node_modules/.bin")


def bin_(name):
    return os.path.join(TOOLS, name)


def typed(args):
    return "$ " + " ".join(shlex.quote(a) for a in args) + "\n"


def printed_parts(text, value, least=8):
    """Every form of `value` the text shows: the whole value, and the prefix a program printed
    before `...` where it cut the value short (wrangler's bindings table)."""
    parts = [value] if value in text else []
    for n in range(len(value) - 1, least - 1, -1):
        if value[:n] + "..." in text:
            parts.append(value[:n])
    return parts
