/**
 * Values that settings named after a password take and that are never one: the sources of a
 * name-service database as `/etc/nsswitch.conf` lists them (`passwd: files systemd`, `shadow:
 * files sss`; programs read the file at every user lookup, so `strace -s 1024` of `ls -l`, `id`
 * or `sudo` prints it), and the choices of Ansible's `update_password` (`always`, `on_create`),
 * which its `-vvv` results echo among a task's `module_args`; and Postfix lookup tables named by
 * `smtp_sasl_password_maps` and its kin (`hash:/etc/postfix/sasl_passwd`, as `postconf` prints
 * them): a table type and the file or `$directory` it reads. `static:` and `inline:` tables hold
 * the credentials themselves, so they are not among the types.
 */
const NSS_SOURCES = String.raw`files|compat|db|dns|nis|nisplus|sss|ldap|systemd|winbind|hesiod|extrausers|cache|altfiles|mymachines|myhostname|resolve|mdns4_minimal|mdns4|mdns|usrfiles|oslogin`;
const ANSIBLE_UPDATE_PASSWORD = 'always|on_create';
const POSTFIX_TABLE_TYPES = 'hash|btree|lmdb|cdb|dbm|sdbm|texthash|mysql|pgsql|ldap|sqlite|memcache|nis|nisplus|regexp|pcre|cidr|unionmap|pipemap';
const POSTFIX_TABLE = String.raw`(?:proxy:)?(?:${POSTFIX_TABLE_TYPES}):[/$][\w./{}$-]*`;

export const PASSWORD_SETTING_VALUES: readonly RegExp[] = [
  new RegExp(`^(?:${NSS_SOURCES}|${ANSIBLE_UPDATE_PASSWORD})$`),
  new RegExp(`^${POSTFIX_TABLE}(?:[,\\s]+${POSTFIX_TABLE})*$`),
];
