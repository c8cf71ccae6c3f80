"""abook 0.6.1, new to the holdouts: a terminal address book whose `--convert` writes the
contacts of an addressbook file as vCard, CSV, mutt aliases, plain text, HTML, pine, Wanderlust
or elm aliases. Offline, on an addressbook file of the
case's own."""

import os
import re

from registry import category
from values import BOTS, ROLES, Person

FORMATS = ["vcard", "csv", "mutt", "text", "html", "pine", "wl", "elm"]
# what each format prints of a contact (abook's own choice of fields)
SHOWS = {
    "vcard": {"name", "email", "phone", "mobile", "street"},
    "csv": {"name", "email", "phone"},
    "mutt": {"name", "email"},
    "text": {"name", "email", "phone", "mobile", "street"},
    "html": {"name", "email", "phone"},
    "pine": {"name", "email"},
    "wl": {"name", "email"},
    "elm": {"name", "email"},
}


def addressbook(entries):
    out = "# abook addressbook file\n\n[format]\nprogram=abook\nversion=0.6.1\n\n"
    for i, e in enumerate(entries):
        out += f"\n[{i}]\n" + "".join(f"{k}={v}\n" for k, v in e.items())
    return out


def abook(h, r, entries):
    d = h.fresh(".abook")
    h.write(os.path.join(d, "addressbook"), addressbook(entries))
    fmt = r.choice(FORMATS)
    out = f"$ abook --convert --informat abook --infile ~/.abook/addressbook --outformat {fmt}\n"
    # abook's text and html headers look $USER up in the password file and crash (SIGSEGV) on a
    # name it lacks (the harness's `dev`): without USER it writes "nobody's address book"
    env = {k: v for k, v in h.env().items() if k not in ("USER", "LOGNAME")}
    out += h.run(["abook", "--convert", "--informat", "abook", "--infile", os.path.join(d, "addressbook"), "--outformat", fmt], env=env)
    return fmt, out


@category("pii", "abook-export-contact", 24)
def abook_export_contact(h, r):
    entries, people = [], []
    for _ in range(r.randint(1, 2)):
        p = Person(r)
        e = {"name": p.name, "email": p.email, "phone": p.phone}
        if r.random() < 0.5:
            e["mobile"] = Person(r).phone
        if r.random() < 0.5:
            e.update({"address": p.street, "city": p.city.split(" ", 1)[-1], "zip": p.city.split(" ", 1)[0] if " " in p.city else "", "country": r.choice(["Poland", "Germany", "Ireland", "Portugal", "Iceland"])})
        entries.append(e)
        people.append(e)
    if r.random() < 0.4:
        entries.append({"name": r.choice(ROLES), "email": r.choice(BOTS)})
    fmt, out = abook(h, r, entries)
    shows = SHOWS[fmt]
    targets = []
    for e in people:
        if "name" in shows:
            targets.append(e["name"])
        if "email" in shows:
            targets.append(e["email"])
        if "phone" in shows:
            targets.append(e["phone"])
        if "mobile" in shows and "mobile" in e:
            targets.append(e["mobile"])
        if "street" in shows and "address" in e:
            targets.append(e["address"])
    if fmt == "vcard":  # `N:` writes the name again, family name first (vCard lines end in CRLF)
        for e in people:
            m = re.search(rf"^FN:{re.escape(e['name'])}\r?\nN:([^\r\n]+)", out, re.M)
            assert m and len(m.group(1)) >= 6, (e["name"], out)
            targets.append(m.group(1))
    return out, targets


@category("negative", "abook-export-clean", 25)
def abook_export_clean(h, r):
    entries = []
    for _ in range(r.randint(1, 3)):
        e = {"name": r.choice(ROLES), "email": r.choice(BOTS)}
        if r.random() < 0.3:
            e["nick"] = e["name"].lower().replace(" ", "-")
        if r.random() < 0.3:
            e["url"] = r.choice(["https://status.example.com", "https://example.org/support"])
        entries.append(e)
    _, out = abook(h, r, entries)
    return out, []
