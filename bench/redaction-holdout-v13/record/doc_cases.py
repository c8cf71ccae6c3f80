"""Documentation examples: values that vendors publish in their docs, through the same programs."""

import itertools

import programs as P
from programs import Atom
from registry import category

AWS_DOC_KEY_ID = "AKIAIOSFODNN7EXAMPLE"
AWS_DOC_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO_SAMPLE = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_DOC_TEST_KEY = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
# the example configuration in wg(8), as installed with wireguard-tools
WG_MANPAGE_PRIVATE_KEY = "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk="
WG_MANPAGE_PEER_KEY = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg="

_turn = itertools.count()


def aws_java(h, r):
    decl, call = P.java_record("AwsCredentials", {"accessKeyId": AWS_DOC_KEY_ID, "secretAccessKey": AWS_DOC_SECRET, "region": "us-east-1"})
    return P.java(h, f"        System.out.println({call});", decl), [AWS_DOC_SECRET]


def aws_elixir(h, r):
    return P.elixir(h, f'IO.inspect({P.ex_lit((("access_key_id", AWS_DOC_KEY_ID), ("secret_access_key", AWS_DOC_SECRET), ("region", "us-east-1")))}, label: "ex_aws")\n'), [AWS_DOC_SECRET]


def aws_erlang(h, r):
    return P.erl_print(h, [{Atom("aws_access_key_id"): P.Charlist(AWS_DOC_KEY_ID), Atom("aws_secret_access_key"): P.Charlist(AWS_DOC_SECRET)}]), [AWS_DOC_SECRET]


def stripe_jshell(h, r):
    return P.jshell(h, [f'var stripeKey = "{STRIPE_DOC_TEST_KEY}"', "stripeKey.startsWith(\"sk_test_\")"]), [STRIPE_DOC_TEST_KEY]


def stripe_java_map(h, r):
    return P.java(h, P.java_map_puts("stripe", {"apiKey": STRIPE_DOC_TEST_KEY, "apiVersion": "2024-06-20"}) + "\n        System.out.println(stripe);"), [STRIPE_DOC_TEST_KEY]


def jwt_nginx(h, r):
    h.nginx()
    return h.nginx_logs_since(lambda: h.http_get(f"/api/v1/me?access_token={JWT_IO_SAMPLE}"), "access"), [JWT_IO_SAMPLE]


def jwt_elixir(h, r):
    return P.elixir(h, f'IO.inspect(%{{"authorization" => "Bearer {JWT_IO_SAMPLE}"}}, label: "req_headers")\n'), [JWT_IO_SAMPLE]


def wg_manpage(h, r):
    conf = f"""[Interface]
PrivateKey = {WG_MANPAGE_PRIVATE_KEY}
ListenPort = 51820

[Peer]
PublicKey = {WG_MANPAGE_PEER_KEY}
Endpoint = 192.95.5.67:1234
AllowedIPs = 10.192.122.3/32, 10.192.124.1/24
"""
    return P.wg_quick_strip(h, "wg0", conf), [WG_MANPAGE_PRIVATE_KEY]


def aws_postconf(h, r):
    d = P.postfix_dir(h, f"relayhost = [email-smtp.us-east-1.amazonaws.com]:587\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = static:{AWS_DOC_KEY_ID}:{AWS_DOC_SECRET}\n")
    out = "$ postconf -n\n" + h.run(["postconf", "-c", d, "-n"])
    return out.replace("config_directory = /workspace/postfix", "config_directory = /etc/postfix"), [AWS_DOC_SECRET]


def jwt_java_exception(h, r):
    decls = f"""    static void verify() {{
        throw new SecurityException("JWT signature does not match: {JWT_IO_SAMPLE}");
    }}
"""
    return P.java(h, "        verify();", decls, ok=(1,)), [JWT_IO_SAMPLE]


CASES = [aws_java, aws_elixir, aws_erlang, stripe_jshell, stripe_java_map, jwt_nginx, jwt_elixir, wg_manpage, aws_postconf, jwt_java_exception]


@category("doc", "doc-example-keys", len(CASES))
def doc_example(h, r):
    return CASES[next(_turn) % len(CASES)](h, r)
