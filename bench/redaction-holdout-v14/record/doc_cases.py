"""Documentation examples: vendors' published sample credentials, printed by the same programs.
They are targets (a redactor cannot tell them from real ones, and should not try)."""

from common import ocaml, tcl
from registry import category
from values import SERVICES

EXAMPLES = [
    ("aws_access_key_id", "AKIAIOSFODNN7EXAMPLE"),
    ("aws_secret_access_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("aws_access_key_id", "AKIAI44QH8DHBEXAMPLE"),
    ("aws_secret_access_key", "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY"),
    ("stripe_key", "sk_test_4eC39HqLyjWDarjtT1zdp7dc"),
    ("stripe_key", "sk_test_BQokikJOvBiI2HlWgH4olfQ2"),
]


@category("doc", "doc-example-keys", 12)
def doc_keys(h, r):
    key, val = r.choice(EXAMPLES)
    if r.random() < 0.5:
        return tcl(h, f"set creds [dict create SERVICE {r.choice(SERVICES)} {key.upper()} {val}]\nputs $creds\n"), [val]
    return ocaml(h, f'let creds = [("{key}", "{val}"); ("region", "{r.choice(["us-east-1", "eu-west-1", "ap-south-1", "eu-central-1"])}")];;\n'), [val]
