"""Helpers shared by the case modules: the programs' invocations and small drawing helpers."""

from values import DIGITS, LOWER, SERVICES, s

CASE_END = "@@CASE-END@@"


def tcl(h, code):
    return h.run(["tclsh", h.script("tcl", code)], ok=None)


def guile(h, code):
    return h.run(["guile", "--no-auto-compile", h.script("scm", code)], ok=None)


def ocaml(h, code):
    """The OCaml toplevel reading phrases from stdin (its banner and echoes, no prompt)."""
    return h.run(["ocaml", "-noprompt"], input=code, ok=None)


def clojure_batch(h, forms):
    """One Clojure run: each case's forms, then the separator line."""
    return h.run_batch(lambda p: ["clojure", p], "clj", forms, f'\n(println "{CASE_END}")\n')


def testparm(h, conf):
    h.write("smb/smb.conf", conf)
    return h.run(["testparm", "-s", "smb.conf"], cwd=h.home + "/smb", ok=None)


def ident(r):
    return f"{r.choice(SERVICES)}-{s(r, LOWER + DIGITS, 4)}"
