/**
 * The sources of a name-service database as `/etc/nsswitch.conf` lists them (`passwd: files
 * systemd`, `shadow: files sss`): the file says where passwords are looked up, and programs read
 * it at every user lookup (so `strace -s 1024` of `ls -l`, `id` or `sudo` prints it). The key is
 * `passwd` and the value a module's name, never a password.
 */
export const NSS_SOURCES: readonly RegExp[] = [/^(?:files|compat|db|dns|nis|nisplus|sss|ldap|systemd|winbind|hesiod|extrausers|cache|altfiles|mymachines|myhostname|resolve|mdns4_minimal|mdns4|mdns|usrfiles|oslogin)$/];
