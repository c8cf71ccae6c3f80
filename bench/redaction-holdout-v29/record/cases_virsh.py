"""virsh 9.0.0 (libvirt, Debian 12) with its test driver, new to the holdouts: a node described
in an XML file (`virsh -c test:///workspace/libvirt/node.xml …`), its domains' VNC and SPICE
graphics with a `passwd`, shown by `dumpxml --security-info` and `domdisplay --include-password`.
PII: domains' `<title>` and `<description>` naming their owners, shown by `dumpxml` and `desc`.
Clean: `dumpxml` without `--security-info` (libvirt leaves the password out), disks whose
`<auth>` names a libvirt secret by UUID or usage, `dominfo`, `domdisplay` without passwords."""

from registry import category
from values import SERVICES, Person, hexs, password, plain, uuid

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and 8 <= len(v):
            return v


def domain_xml(r, name, graphics="", extra="", disk=""):
    return f"""<domain type='test'>
  <name>{name}</name>
  <uuid>{uuid(r)}</uuid>
{extra}  <memory unit='MiB'>{r.choice([512, 1024, 2048])}</memory>
  <vcpu>{r.randint(1, 4)}</vcpu>
  <os><type>hvm</type></os>
  <devices>
{disk}{graphics}  </devices>
</domain>
"""


def graphics_xml(r, kind, secret):
    pw_attr = f" passwd='{secret}'" if secret is not None else ""
    if kind == "vnc":
        return f"    <graphics type='vnc' port='{5900 + r.randint(1, 20)}' autoport='no' listen='127.0.0.1'{pw_attr}/>\n"
    return f"    <graphics type='spice' port='{5900 + r.randint(21, 40)}' autoport='no' listen='127.0.0.1'{pw_attr}/>\n"


def virsh(h, r, domains, commands):
    path = h.write("libvirt/node.xml", "<node>\n" + "".join(domains) + "</node>\n")
    cmd = " ; ".join(commands)
    shown = f"'{cmd}'" if " " in cmd else cmd
    return f"$ virsh -c test://{path} {shown}\n" + h.run(["virsh", "-c", f"test://{path}", cmd], ok=None)


def name(r):
    return f"{r.choice(SERVICES)}-{r.choice(['vm', 'web', 'db'])}{r.randint(1, 30)}"


@category("secret", "virsh-graphics-password", 34)
def virsh_graphics_password(h, r):
    n = name(r)
    secret = pw(r)
    kind = r.choice(["vnc", "spice"])
    g = graphics_xml(r, kind, secret)
    if r.random() < 0.3:
        g += graphics_xml(r, "spice" if kind == "vnc" else "vnc", None)
    doms = [domain_xml(r, n, g)]
    if r.random() < 0.4:
        doms.append(domain_xml(r, name(r)))
    cmd = r.choice([f"dumpxml --security-info {n}", f"dumpxml {n} --security-info", f"domdisplay --type {kind} --include-password {n}"])
    out = virsh(h, r, doms, [cmd])
    if secret not in out:
        raise RuntimeError(f"virsh did not print the password: {cmd}")
    return out, [secret]


@category("pii", "virsh-domain-owner", 20)
def virsh_domain_owner(h, r):
    p = Person(r)
    n = name(r)
    k = r.randrange(3)
    if k == 0:
        extra, targets = f"  <title>{p.name}'s workstation</title>\n", [p.name]
    elif k == 1:
        extra, targets = f"  <description>Owner: {p.name} ({p.email}), on call {p.phone}</description>\n", [p.name, p.email, p.phone]
    else:
        extra, targets = f"  <title>dev box {p.email}</title>\n  <description>Built for {p.name}</description>\n", [p.email, p.name]
    if "<description>" in extra:
        cmd = r.choice([f"dumpxml {n}", f"desc {n}", f"dominfo {n} ; desc {n}"])
    else:
        cmd = r.choice([f"dumpxml {n}", f"desc --title {n}"])
    out = virsh(h, r, [domain_xml(r, n, extra=extra)], [cmd])
    return out, [t for t in targets if t in out]


@category("negative", "virsh-dumpxml-clean", 44)
def virsh_clean(h, r):
    n = name(r)
    g = graphics_xml(r, r.choice(["vnc", "spice"]), pw(r) if r.random() < 0.5 else None)
    disk = ""
    if r.random() < 0.6:
        usage = r.choice(["ceph_client", "iscsi-target", "libvirt-rbd"])
        ref = f"<secret type='ceph' uuid='{uuid(r)}'/>" if r.random() < 0.5 else f"<secret type='iscsi' usage='{usage}'/>"
        disk = f"""    <disk type='network' device='disk'>
      <source protocol='rbd' name='pool/{n}'><host name='10.0.{r.randint(0, 9)}.{r.randint(2, 250)}' port='6789'/></source>
      <auth username='{r.choice(['libvirt', 'admin', 'qemu'])}'>{ref}</auth>
      <target dev='vda' bus='virtio'/>
    </disk>
"""
    extra = f"  <description>build {hexs(r, 12)} for {r.choice(SERVICES)}</description>\n" if r.random() < 0.4 else ""
    cmd = r.choice([f"dumpxml {n}", f"dumpxml --inactive {n}", f"domdisplay {n}", f"dominfo {n}", f"domuuid {n} ; dumpxml {n}"])
    return virsh(h, r, [domain_xml(r, n, g, extra, disk)], [cmd]), []
