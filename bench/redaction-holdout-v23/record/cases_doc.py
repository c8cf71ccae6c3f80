"""Vendors' documented sample keys, printed by the same programs (doc examples: secrets a user
may still want kept, counted apart; AWS's documented access key id is a target beside its secret): a Rust struct's `{:?}`, Icinga 2's `console --eval` and
GDB's `print` of a C struct."""

from cases_gdb import run_gdb
from cases_icinga import console
from cases_rust import run_rust
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
SAMPLES = [("aws_secret_access_key", AWS_SECRET), ("jwt", JWT_IO), ("stripe_secret_key", STRIPE_TEST), ("azure_storage_key", AZURITE)]


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    name, value = SAMPLES[n % 4]
    program = n // 4
    if program == 0:
        src = f'#[derive(Debug)]\nstruct ExampleCredentials {{\n    access_key_id: String,\n    {name}: String,\n}}\n\nfn main() {{\n    let c = ExampleCredentials {{ access_key_id: "{AWS_ID}".into(), {name}: "{value}".into() }};\n    println!("{{:#?}}", c);\n}}\n'
        return run_rust(h, r, src), [value, AWS_ID]
    if program == 1:
        return console(h, f'{{ access_key_id = "{AWS_ID}", {name} = "{value}" }}'), [value, AWS_ID]
    src = f'struct example_credentials {{\n  const char *access_key_id;\n  const char *{name};\n}};\n\nint main(void)\n{{\n  struct example_credentials c = {{ "{AWS_ID}", "{value}" }};\n  return c.access_key_id[0] == 0;\n}}\n'
    return run_gdb(h, r, src, ["break main", "run", "next", "print c", "kill"]), [value, AWS_ID]
