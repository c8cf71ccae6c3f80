"""RabbitMQ: a private node (`rabbitmq-server` from /usr/lib/rabbitmq/bin, its Mnesia, logs,
cookie and configuration under the throwaway home; AMQP, distribution and epmd ports on
127.0.0.1 only), driven by `rabbitmqctl`: global runtime parameters, users and virtual hosts,
`authenticate_user` and `change_password`. Each case removes what it added."""

import json
import os
import signal
import subprocess
import time

from registry import category
from values import BOTS, ROLES, SERVICES, Person, hexs, placeholder, secret_token, uuid

BIN = "/usr/lib/rabbitmq/bin"
LOCAL = "-kernel inet_dist_use_interface {127,0,0,1}"


def rabbit(h):
    """Start the node once (it stays up across the RabbitMQ categories) and return its env."""

    def start():
        import shutil

        d = os.path.join(h.home, "rabbitmq")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        amqp, dist, epmd = h.free_port(5672), h.free_port(25672), h.free_port(4369)
        h.write(f"{d}/rabbitmq.conf", f"listeners.tcp.default = 127.0.0.1:{amqp}\nloopback_users = none\n")
        h.write(f"{d}/enabled_plugins", "[].\n")
        h.write(f"{d}/env.conf", "")
        env = h.env(HOME=d, RABBITMQ_NODENAME="rabbit@localhost", RABBITMQ_NODE_IP_ADDRESS="127.0.0.1", RABBITMQ_NODE_PORT=amqp, RABBITMQ_DIST_PORT=dist,
                    ERL_EPMD_ADDRESS="127.0.0.1", ERL_EPMD_PORT=epmd, RABBITMQ_MNESIA_BASE=f"{d}/mnesia", RABBITMQ_LOG_BASE=f"{d}/log",
                    RABBITMQ_CONFIG_FILE=f"{d}/rabbitmq.conf", RABBITMQ_ENABLED_PLUGINS_FILE=f"{d}/enabled_plugins", RABBITMQ_PID_FILE=f"{d}/pid",
                    RABBITMQ_ADVANCED_CONFIG_FILE=f"{d}/advanced.config", RABBITMQ_CONF_ENV_FILE=f"{d}/env.conf",
                    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS=LOCAL, RABBITMQ_CTL_ERL_ARGS=LOCAL)
        p = subprocess.Popen([f"{BIN}/rabbitmq-server"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
        for _ in range(120):
            if subprocess.run([f"{BIN}/rabbitmqctl", "await_startup", "--timeout", "5"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
                break
            time.sleep(1)
        else:
            stop_node(p, env, epmd)
            raise RuntimeError("rabbitmq did not start")
        h.rabbit_env = env
        return lambda: stop_node(p, env, epmd)

    h.use_server("rabbitmq", start)
    return h.rabbit_env


def stop_node(p, env, epmd):
    subprocess.run([f"{BIN}/rabbitmqctl", "stop"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    try:
        p.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    subprocess.run(["epmd", "-port", str(epmd), "-kill"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ctl(h, env, *args):
    return h.run([f"{BIN}/rabbitmqctl", *args], env=env, ok=None)


def quiet(h, env, *args):
    subprocess.run([f"{BIN}/rabbitmqctl", *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def uri_token(r):
    while True:
        v = secret_token(r, bad="\"'\\$`!%+/=#&?:@ ")
        if len(v) >= 8:
            return v


@category("secret", "rabbitmqctl-global-parameters", 17)
def rabbitmqctl_global_parameters(h, r):
    env = rabbit(h)
    tok = uri_token(r)
    name = r.choice(["upstream_uri", "shovel_source", "federation_upstream", "ingest_broker", "webhook_auth"])
    how = r.randrange(3)
    if how == 0:
        value = json.dumps(f"amqp{r.choice(['', 's'])}://{r.choice(['deploy', 'shovel', 'federation'])}:{tok}@{r.choice(['broker.example.net', 'mq.internal', '10.0.4.40'])}:{r.choice([5672, 5671])}/%2F")
    elif how == 1:
        value = json.dumps({"url": f"https://hooks.example.com/{r.choice(SERVICES)}", "token": tok})
    else:
        value = json.dumps({"uri": f"amqp://{r.choice(['mq.internal', 'broker.example.net'])}", "username": r.choice(["deploy", "ingest"]), "password": tok, "prefetch": r.randint(1, 500)})
    out = ctl(h, env, "set_global_parameter", name, value)
    out += ctl(h, env, "list_global_parameters", *(["--formatter", "json"] if r.random() < 0.4 else []))
    quiet(h, env, "clear_global_parameter", name)
    return out, [tok]


@category("pii", "rabbitmqctl-users-vhosts-person", 13)
def rabbitmqctl_users_vhosts_person(h, r):
    env = rabbit(h)
    p = Person(r)
    how = r.randrange(2)
    if how == 0:
        out = ctl(h, env, "add_user", p.email, uuid(r))
        quiet(h, env, "set_user_tags", p.email, r.choice(["monitoring", "management", "policymaker"]))
        out += ctl(h, env, "list_users")
        quiet(h, env, "delete_user", p.email)
        return out, [p.email]
    vhost = f"{r.choice(SERVICES)}-{r.randint(1, 99)}"
    out = ctl(h, env, "add_vhost", vhost, "--description", r.choice([f"Owned by {p.name}", f"{p.name} ({p.email})", f"Contact: {p.name}, {p.phone}"]))
    out += ctl(h, env, "list_vhosts", "name", "description")
    quiet(h, env, "delete_vhost", vhost)
    return out, [t for t in (p.name, p.email, p.phone) if t in out]


@category("negative", "rabbitmqctl-authenticate-user", 20)
def rabbitmqctl_authenticate_user(h, r):
    """`add_user`, `authenticate_user` and `change_password` take a password and do not print it."""
    env = rabbit(h)
    user = r.choice(["deploy", "ingest", "svc-billing", "shovel", "monitoring"]) + f"-{r.randint(1, 99)}"
    pw = uri_token(r)
    out = ctl(h, env, "add_user", user, pw)
    how = r.randrange(3)
    if how == 0:
        out += ctl(h, env, "authenticate_user", user, pw)
    elif how == 1:
        out += ctl(h, env, "authenticate_user", user, pw[::-1])
    else:
        out += ctl(h, env, "change_password", user, uri_token(r))
    quiet(h, env, "delete_user", user)
    if pw in out or pw[::-1] in out:
        raise RuntimeError("rabbitmqctl printed a password")
    return out, []


@category("negative", "rabbitmqctl-list-clean", 20)
def rabbitmqctl_list_clean(h, r):
    env = rabbit(h)
    how = r.randrange(3)
    if how == 0:
        user = r.choice(["ci-bot", "dependabot", "renovate", "metrics"]) + f"-{hexs(r, 6)}"
        quiet(h, env, "add_user", user, uuid(r))
        out = ctl(h, env, "list_users")
        quiet(h, env, "delete_user", user)
    elif how == 1:
        name = r.choice(["upstream_uri", "api_token", "webhook_secret"])
        out = ctl(h, env, "set_global_parameter", name, json.dumps(placeholder(r)))
        out += ctl(h, env, "list_global_parameters")
        quiet(h, env, "clear_global_parameter", name)
    else:
        vhost = f"{r.choice(SERVICES)}-{hexs(r, 4)}"
        out = ctl(h, env, "add_vhost", vhost, "--description", r.choice([r.choice(ROLES), f"build {hexs(r, 12)}", f"owner {r.choice(BOTS)}"]))
        out += ctl(h, env, "list_vhosts", "name", "description")
        quiet(h, env, "delete_vhost", vhost)
    return out, []
