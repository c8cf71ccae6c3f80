"""How each program is run, shared by the secret, personal-data and negative cases: a case
chooses what to plant, these functions write it in the program's own syntax, run the real program
and return what it printed."""

import os
import re

# ---- Java (single-file source launch, and jshell) ------------------------------------------


def java_str(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def java_type(v):
    return "int" if isinstance(v, int) and not isinstance(v, bool) else "boolean" if isinstance(v, bool) else "String"


def java(h, body, decls="", ok=(0,)):
    """`java Main.java` (JEP 330) running `body` in main; `decls` are member declarations."""
    d = h.fresh_dir("javaapp")
    src = f"""import java.util.*;

public class Main {{
{decls}
    public static void main(String[] args) throws Exception {{
{body}
    }}
}}
"""
    h.write(os.path.join(d, "Main.java"), src)
    return h.run(["java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "Main.java"], cwd=d, ok=ok)


def java_record(name, fields):
    """A record declaration and a constructor call for {field: value}."""
    decl = f"    record {name}({', '.join(f'{java_type(v)} {k}' for k, v in fields.items())}) {{}}\n"
    call = f"new {name}({', '.join(java_str(v) for v in fields.values())})"
    return decl, call


def java_map_puts(var, d, kind="LinkedHashMap"):
    lines = [f"        Map<String, Object> {var} = new {kind}<>();"]
    lines += [f"        {var}.put({java_str(k)}, {java_str(v)});" for k, v in d.items()]
    return "\n".join(lines)


def jshell(h, lines):
    """jshell reading statements from stdin, as typed at its prompt: it echoes each value."""
    typed = [*lines, "/exit"]
    out = h.run(["jshell", "--feedback", "normal", "-J-Xshare:auto", "-R-XX:TieredStopAtLevel=1"], input="\n".join(typed) + "\n")
    # without a terminal jshell does not echo the input: put each typed line after its prompt
    turn = iter(typed)
    return re.sub(r"jshell> *\x08", lambda m: "jshell> " + next(turn) + "\n", out)


# ---- Elixir and Erlang -------------------------------------------------------------------------


def ex_lit(v):
    if isinstance(v, dict):
        atoms = all(isinstance(k, str) and re.fullmatch(r"[a-z_][a-z0-9_]*", k) for k in v)
        if atoms:
            return "%{" + ", ".join(f"{k}: {ex_lit(x)}" for k, x in v.items()) + "}"
        return "%{" + ", ".join(f"{ex_lit(k)} => {ex_lit(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(ex_lit(x) for x in v) + "]"
    if isinstance(v, tuple):  # a keyword list given as a tuple of pairs
        return "[" + ", ".join(f"{k}: {ex_lit(x)}" for k, x in v) + "]"
    if v is None:
        return "nil"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, Atom):
        return ":" + v.name
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"').replace("#{", "\\#{") + '"'


class Atom:
    def __init__(self, name):
        self.name = name


def elixir(h, code, ok=(0,)):
    return h.run(["elixir", h.script("exs", code)], ok=ok)


def erl_lit(v):
    if isinstance(v, dict):
        return "#{" + ", ".join(f"{erl_lit(k)} => {erl_lit(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(erl_lit(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "{" + ", ".join(erl_lit(x) for x in v) + "}"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, Atom):
        return v.name
    if isinstance(v, Charlist):
        return '"' + v.text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return '<<"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '">>'


class Charlist:
    def __init__(self, text):
        self.text = text


def erl_print(h, terms, fmt="~p~n"):
    """`erl -noshell -eval` printing each term with io:format (binaries print as <<"...">>)."""
    calls = " ".join(f'io:format("{fmt}", [{erl_lit(t)}]),' for t in terms)
    return h.run(["erl", "-noshell", "-eval", f"{calls} halt()."])


# ---- WireGuard, wpa_passphrase, htpasswd ----------------------------------------------------


def wg_genkey(h):
    return h.run(["wg", "genkey"]).strip()


def wg_pubkey(h, private):
    return h.run(["wg", "pubkey"], input=private + "\n").strip()


def wg_genpsk(h):
    return h.run(["wg", "genpsk"]).strip()


def wg_quick_strip(h, iface, conf):
    d = h.fresh_dir("wireguard")
    path = h.write(os.path.join(d, f"{iface}.conf"), conf, mode=0o600)
    return "$ wg-quick strip " + f"./{iface}.conf\n" + h.run(["wg-quick", "strip", path], cwd=d).replace(d + "/", "./")


# ---- BIND, Postfix, Cyrus SASL --------------------------------------------------------------


def named_checkconf(h, conf, obscure=False):
    d = h.fresh_dir("bind")
    h.write(os.path.join(d, "named.conf"), conf)
    return h.run(["named-checkconf", "-px" if obscure else "-p", "named.conf"], cwd=d)


def postfix_dir(h, main_cf):
    d = h.fresh_dir("postfix")
    h.write(os.path.join(d, "main.cf"), main_cf)
    h.write(os.path.join(d, "master.cf"), "smtp      inet  n       -       y       -       -       smtpd\n")
    return d


# ---- SNMP, FreeRADIUS, nginx ----------------------------------------------------------------


def snmp_normalize(text):
    text = re.sub(r"UDP: \[127\.0\.0\.1\]:\d+->\[0\.0\.0\.0\]:\d+", "UDP: [127.0.0.1]:1161->[0.0.0.0]:51724", text)
    return text


def radtest(h, user, password, secret, auth="pap"):
    out = h.run(["radtest", "-t", auth, user, password, f"127.0.0.1:{h.radius_port}", "0", secret], ok=(0, 1))
    return re.sub(r"from 0\.0\.0\.0:\d+", "from 0.0.0.0:51724", out)
