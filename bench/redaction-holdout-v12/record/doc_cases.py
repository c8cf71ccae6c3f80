"""Documentation examples: values that vendors publish in their docs, through the same programs."""

import itertools

import programs as P
from registry import category

AWS_DOC_KEY_ID = "AKIAIOSFODNN7EXAMPLE"
AWS_DOC_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO_SAMPLE = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_DOC_TEST_KEY = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE_ACCOUNT_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="

_turn = itertools.count()


def aws_php(h, r):
    return P.php_dump(h, {"credentials": {"key": AWS_DOC_KEY_ID, "secret": AWS_DOC_SECRET}, "region": "us-east-1", "version": "latest"}, "var_dump", var="s3config"), [AWS_DOC_SECRET]


def aws_go(h, r):
    return h.go("+v", {"service": "uploads", "env": "dev", "secrets": {"aws_access_key_id": AWS_DOC_KEY_ID, "aws_secret_access_key": AWS_DOC_SECRET}}), [AWS_DOC_SECRET]


def jwt_node(h, r):
    return P.node_log(h, {"headers": {"authorization": f"Bearer {JWT_IO_SAMPLE}"}, "method": "GET", "url": "/protected"}, var="req"), [JWT_IO_SAMPLE]


def jwt_perl(h, r):
    return P.perl_lwp(h, "GET", "/protected", headers=[("Authorization", f"Bearer {JWT_IO_SAMPLE}")], dump_response=False), [JWT_IO_SAMPLE]


def stripe_lua(h, r):
    return P.lua_run(h, {"stripe": {"secret_key": STRIPE_DOC_TEST_KEY, "currency": "usd"}}, "print(dump(config))"), [STRIPE_DOC_TEST_KEY]


def stripe_php(h, r):
    return P.php_dump(h, {"stripe" : {"secret": STRIPE_DOC_TEST_KEY, "mode": "test"}}, "print_r", var="services"), [STRIPE_DOC_TEST_KEY]


def azurite_go(h, r):
    return h.go("json", {"service": "blob-sync", "env": "local", "secrets": {"AZURE_STORAGE_ACCOUNT": "devstoreaccount1", "AZURE_STORAGE_KEY": AZURITE_ACCOUNT_KEY}}), [AZURITE_ACCOUNT_KEY]


def azurite_perl(h, r):
    return P.perl_dumper(h, {"account_name": "devstoreaccount1", "account_key": AZURITE_ACCOUNT_KEY, "blob_endpoint": "http://127.0.0.1:10000/devstoreaccount1"}, var="azure"), [AZURITE_ACCOUNT_KEY]


CASES = [aws_php, aws_go, jwt_node, jwt_perl, stripe_lua, stripe_php, azurite_go, azurite_perl]


@category("doc", "doc-example-keys", len(CASES))
def doc_example_keys(h, r):
    return CASES[next(_turn) % len(CASES)](h, r)
