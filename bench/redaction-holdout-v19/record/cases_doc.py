"""Vendors' documented sample keys, printed by the same programs (doc examples: secrets a user
may still want kept, counted apart)."""

import os

from cases_servers import apache_cmd, apache_conf
from cases_system import cat_config, sysroot
from cases_tools import kp_add, kp_db, kp_show, kp_shown
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
        root = sysroot(h)
        h.write(os.path.join(root, "etc", "systemd", "system", "example.service"), f"[Unit]\nDescription=Example from the docs\n\n[Service]\nEnvironment=AWS_ACCESS_KEY_ID={AWS_ID}\nEnvironment={name}={value}\nExecStart=/usr/local/bin/example\n")
        return cat_config(h, root, "example.service"), [value]
    if program == 1:
        d = apache_conf(h, "8080", f"SetEnv AWS_ACCESS_KEY_ID {AWS_ID}\nSetEnv {name} {value}\n")
        return apache_cmd(h, d, "-t", "-D", "DUMP_CONFIG"), [value]
    db, key = kp_db(h)
    path = f"Docs/{name.lower()}"
    kp_add(h, db, key, path, "example", value, "https://docs.example.com")
    return kp_shown(db, path, ("-s",)) + kp_show(h, db, key, path, "-s"), [value]
