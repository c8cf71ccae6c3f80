"""Vendors' documented sample keys, printed by the same programs (doc examples: secrets a user
may still want kept, counted apart)."""

import os

from cases_daemons import cat_accounts, prosody_conf, prosodyctl
from cases_irc_ntp import configtest, irc_pick, ngircd_conf
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
SAMPLES = [("AWS_SECRET_ACCESS_KEY", AWS_SECRET), ("JWT", JWT_IO), ("STRIPE_SECRET_KEY", STRIPE_TEST), ("AZURE_STORAGE_KEY", AZURITE)]


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    name, value = SAMPLES[n % 4]
    program = n // 4
    if program == 0:
        if len(value) <= 60:  # ngIRCd cuts longer passwords
            irc_pick(h, r)
            return configtest(h, ngircd_conf(h, "", f"[Operator]\n\tName = {name.lower()}\n\tPassword = {value}\n\tMask = *!*@localhost\n")), [value]
        d = h.fresh("chrony")
        keys = h.write(os.path.join(d, "chrony.keys"), f"# from the docs\n1 SHA1 ASCII:{value}\n", 0o640)
        h.write(os.path.join(d, "chrony.conf"), f"server ntp1.example.net iburst key 1\nkeyfile {keys}\n")
        printed = h.run(["chronyd", "-p", "-f", os.path.join(d, "chrony.conf")])
        return f"$ chronyd -p -f /etc/chrony/chrony.conf\n{printed}$ cat /etc/chrony/chrony.keys\n# from the docs\n1 SHA1 ASCII:{value}\n", [value]
    if program == 1:
        d = h.fresh("sqlcipher")
        db = os.path.join(d, "docs.db")
        out = h.run(["sqlcipher", db], input=f"CREATE TABLE example_keys(name TEXT, value TEXT);\nINSERT INTO example_keys VALUES('AWS_ACCESS_KEY_ID', '{AWS_ID}');\nINSERT INTO example_keys VALUES('{name}', '{value}');\n.dump\n", cwd=d)
        return "$ sqlcipher docs.db\n" + out, [value]
    h.xmpp_hosts = ["localhost"]
    d, conf, data = prosody_conf(h, "internal_plain")
    text = f"$ prosodyctl register example localhost '{value}'\n" + prosodyctl(h, conf, "register", "example", "localhost", value)
    return text + cat_accounts(h, data, "localhost", ["example"]), [value]
