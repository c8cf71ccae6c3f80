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


def aws_psql(h, r):
    t = P.pg_table(h, r, "cloud_accounts", [("id", "serial"), ("provider", "text"), ("access_key_id", "text"), ("secret_access_key", "text")], [["aws", AWS_DOC_KEY_ID, AWS_DOC_SECRET]])
    return h.psql(f"SELECT * FROM {t}", "-x"), [AWS_DOC_SECRET]


def aws_redis(h, r):
    h.redis("HSET", "cfg:aws", "aws_access_key_id", AWS_DOC_KEY_ID, "aws_secret_access_key", AWS_DOC_SECRET)
    out = P.redis_prompt(h, "HGETALL", "cfg:aws", raw=False)
    h.redis("DEL", "cfg:aws")
    return out, [AWS_DOC_SECRET]


def jwt_httpie(h, r):
    return P.httpie(h, "-v", "GET", f"{h.url}/protected", f"Authorization:Bearer {JWT_IO_SAMPLE}"), [JWT_IO_SAMPLE]


def jwt_ruby(h, r):
    return P.ruby_http(h, "get", "/protected", headers=[("Authorization", f"Bearer {JWT_IO_SAMPLE}")]), [JWT_IO_SAMPLE]


def stripe_csv(h, r):
    return P.csv_tool(h, r, ["env", "stripe_key"], [["test", STRIPE_DOC_TEST_KEY]], name="keys.csv"), [STRIPE_DOC_TEST_KEY]


def stripe_sqlalchemy(h, r):
    return P.sqlalchemy_echo(h, "CREATE TABLE settings (k TEXT, v TEXT)", [("INSERT INTO settings (k, v) VALUES (:k, :v)", {"k": "stripe_secret_key", "v": STRIPE_DOC_TEST_KEY})]), [STRIPE_DOC_TEST_KEY]


def azurite_psql(h, r):
    conn = f"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={AZURITE_ACCOUNT_KEY};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"
    t = P.pg_table(h, r, "storage_settings", [("id", "serial"), ("name", "text"), ("connection_string", "text")], [["local-blob", conn]])
    return h.psql(f"SELECT * FROM {t}", "-x"), [AZURITE_ACCOUNT_KEY]


def azurite_redis(h, r):
    h.redis("SET", "cfg:azure:account_key", AZURITE_ACCOUNT_KEY)
    out = P.redis_monitor(h, [["GET", "cfg:azure:account_key"]]) + P.redis_prompt(h, "GET", "cfg:azure:account_key", raw=False)
    h.redis("DEL", "cfg:azure:account_key")
    return out, [AZURITE_ACCOUNT_KEY]


CASES = [aws_psql, aws_redis, jwt_httpie, jwt_ruby, stripe_csv, stripe_sqlalchemy, azurite_psql, azurite_redis]


@category("doc", "doc-example-keys", len(CASES))
def doc_example_keys(h, r):
    return CASES[next(_turn) % len(CASES)](h, r)
