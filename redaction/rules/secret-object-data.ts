/**
 * QEMU and its tools (`qemu-img`, `qemu-io`, `qemu-nbd`, `qemu-storage-daemon`, `qemu-system-*`)
 * take a secret for a LUKS or qcow2 key, a TLS key or an iSCSI/RBD login as an object:
 * `--object secret,id=NAME,data=VALUE[,format=base64]`, a list of comma-separated `key=value`
 * options whose type is `secret` (first, or `qom-type=secret`), and QMP's `object-add` writes the
 * same as JSON. `data` is the secret itself, in clear or base64; `file=` names where it lives
 * instead, and `key-secret=NAME` or `password-secret=NAME` elsewhere names the object, not the value.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

/**
 * A `secret` object's option list, then its `data=`: other options (`id=`, `format=`, `keyid=`,
 * `iv=`) may come before it. The value ends at the next comma, blank or quote (a comma inside
 * QEMU's value is written `,,`, which the value keeps).
 */
const OPTION_LIST_DATA = /(?<![\w.-])(?:qom-type=)?secret,(?:[\w.-]{1,40}=(?:[^,\s'"]|,,){0,200},){0,8}data=(?<secret>(?:[^,\s'"\\]|,,){1,400})/;
/** QMP `object-add` (or `-object` as JSON): `"qom-type": "secret"`, then `"data": "VALUE"` in the same object. */
const JSON_OBJECT_DATA = /"qom-type"[ \t]*:[ \t]*"secret"[^{}]{0,400}?"data"[ \t]*:[ \t]*"(?<secret>[^"\\\s]{1,400})"/;

export const SECRET_OBJECT_DATA_RULES: readonly Rule[] = [
  placedSecret(
    'secret-object-data',
    'the `data=` of a QEMU `secret` object (`--object secret,id=…,data=…`, `qom-type=secret`, QMP `object-add`): a disk, TLS or login key in clear or base64',
    { keywords: ['secret,', '"qom-type"'], label: 'secret' },
    new RegExp(`${OPTION_LIST_DATA.source}|${JSON_OBJECT_DATA.source.replace('(?<secret>', '(?<secret2>')}`),
    {
      match: [
        'qemu-img info --object secret,id=k1,data=Wq7-larch-Pv93 --image-opts driver=luks,key-secret=k1,file.filename=vm.img',
        "qemu-system-x86_64 -object 'secret,id=disk0pw,format=base64,data=cm93YW4tc3RvbmUtNDQ=' -drive if=virtio,file=x.qcow2",
        'qemu-nbd --object qom-type=secret,id=tls0,data=8c1e0f9a3b7d4e2f --tls-creds tls0 disk.raw',
        '{"execute": "object-add", "arguments": {"qom-type": "secret", "id": "luks1", "data": "Zm9ybWFsLWVhZ2xlLTcx", "format": "base64"}}',
      ],
      noMatch: [
        'qemu-img info --object secret,id=k1,file=/run/qemu/k1.txt --image-opts driver=luks,key-secret=k1,file.filename=vm.img',
        'qemu-img create -f qcow2 -o encrypt.format=luks,encrypt.key-secret=k1 vm.qcow2 1G',
        'the secret, data=none of it is logged',
        '{"qom-type": "secret", "id": "luks1", "file": "/run/keys/luks1"}',
      ],
    },
  ),
];
