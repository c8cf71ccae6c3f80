/**
 * A line of an account database printed whole (an awk script over `/etc/passwd`, a Python dict of
 * an htpasswd file): the user, then the password field as such files keep it, `x` or `*` (kept
 * elsewhere), `!`/`!!` (locked), or a crypt hash, then the passwd or shadow fields. It names an
 * account; the password is not in it.
 */
import { isStoredHashOrDigest } from './stored-password-forms.js';

const ACCOUNT_ENTRY = /^[a-z_][\w.-]{0,31}\$?:([^:\s]{1,200})((?::[^:\n]{0,200}){0,8})$/;
const KEPT_ELSEWHERE = /^(?:[x*]|!{1,2}\*?|\*LK\*|NP)$/;
/** passwd: uid:gid:gecos:home:shell; shadow: seven date and age fields, some empty */
const PASSWD_FIELDS = /^:\d{1,10}:\d{1,10}:[^:\n]{0,200}:[^:\n]{0,200}:[^:\n]{0,200}$/;
const SHADOW_FIELDS = /^(?::\d{0,10}){6}:$|^(?::\d{0,10}){7}$/;

/** True when `value` is one line of a passwd, shadow or htpasswd file that holds no password. */
export function isAccountEntry(value: string): boolean {
  const match = ACCOUNT_ENTRY.exec(value);
  if (!match) return false;
  const [, password, rest] = match as unknown as [string, string, string];
  const kept = KEPT_ELSEWHERE.test(password) || isStoredHashOrDigest(password.startsWith('!') ? password.slice(1) : password);
  if (!kept) return false;
  return rest === '' ? !KEPT_ELSEWHERE.test(password) : PASSWD_FIELDS.test(rest) || SHADOW_FIELDS.test(rest);
}
