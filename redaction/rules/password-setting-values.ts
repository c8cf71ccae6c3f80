/**
 * Values that settings named after a password take and that are never one: the sources of a
 * name-service database as `/etc/nsswitch.conf` lists them (`passwd: files systemd`, `shadow:
 * files sss`; programs read the file at every user lookup, so `strace -s 1024` of `ls -l`, `id`
 * or `sudo` prints it), and the choices of Ansible's `update_password` (`always`, `on_create`),
 * which its `-vvv` results echo among a task's `module_args`.
 */
const NSS_SOURCES = String.raw`files|compat|db|dns|nis|nisplus|sss|ldap|systemd|winbind|hesiod|extrausers|cache|altfiles|mymachines|myhostname|resolve|mdns4_minimal|mdns4|mdns|usrfiles|oslogin`;
const ANSIBLE_UPDATE_PASSWORD = 'always|on_create';

export const PASSWORD_SETTING_VALUES: readonly RegExp[] = [new RegExp(`^(?:${NSS_SOURCES}|${ANSIBLE_UPDATE_PASSWORD})$`)];
