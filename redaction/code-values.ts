/**
 * Values under a secret's name that are code, an address or a note, never a literal secret, in
 * the forms language runtimes print them (gawk `--dump-variables`, Ada `'Image`, CHICKEN `write`,
 * Emacs `prin1`, Python `repr`, Ruby `inspect`): a Lisp call or an empty list
 * (`(getenv "API_TOKEN")`, `'()`), a command in backquotes, a call cut short at its first space
 * (`lookup('env',`), a Windows path with its backslashes doubled, a URL
 * without a password in it, an SSH key's type, an unfinished-work marker (`FIXME`), AWS's documentation key.
 */

/** `(getenv "API_TOKEN")`, `(auth-source-pick-first-password :host "h")`: a call of a Lisp function with literal arguments. */
const LISP_CALL = /^\((?:getenv|get-environment-variable|read-passwd|read-string|password-read|funcall|apply|format|concat|shell-command-to-string|with-input-from-file|call-with-input-file|read-line|car|cdr|[a-z][a-z0-9]*(?:[-/:][a-z0-9]+)+[!?*]?)(?:[ \t]+(?:"[^"\n]{0,200}"|'?[#:]?[\w.*-]{1,60}|'?\(\)))*\)$/;
/** The same call cut short at a doubled quote (Ada's `'Image`, SQL and CSV write `"` inside a string as `""`): `(getenv `, `(auth-source-pick-first-password :host `. */
const LISP_CALL_START = /^\((?:getenv|get-environment-variable|read-passwd|password-read|shell-command-to-string|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?:[ \t]+[:']?[\w-]{1,60})*[ \t]*$/;
/** AWS's documentation key pair, quoted in every tutorial: `AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`. */
const DOCUMENTATION_KEY = /^(?:AKIAIOSFODNN7EXAMPLE|wJalrXUtnFEMI\/K7MDENG\/bPxRfiCYEXAMPLEKEY)$/;
/** Lisp's and Scheme's nothing, printed: `'()`, `#f`, `#<unspecified>`, `#!eof`, `#<procedure (getenv name)>`. */
const LISP_NOTHING = /^(?:'\(\)|'nil|#[ft]|#!(?:eof|default|optional)|#<(?:unspecified|undefined|eof|void|procedure[^<>\n]{0,80}|subr [\w-]{1,60}|compiled-function[^<>\n]{0,80})>)$/;
/** `` `cat ~/.token` ``: a shell command in backquotes, whose output is the secret. */
const BACKQUOTED_COMMAND = /^`[^`\n]{1,200}`$/;
/** `lookup('env',`, `getenv("TOKEN",`: a call cut short at a space where the value ended. */
const CALL_START = /^[A-Za-z_][\w.:]{0,60}\(\s*(?:["'][^"'\n]{0,80}["'],?)?$/;
/** `C:\\Users\\deploy\\token.txt` as a runtime prints it (each backslash doubled), or written once. */
const WINDOWS_PATH = /^[A-Za-z]:(?:\\{1,2}[\w. -]{1,64})+$/;
/**
 * A URL with no password in it: `https://example.com/reset-password?step=1`, `postgres://app@db:5432/app`.
 * A user of lower-case letters only (a token can sit where the user goes: `https://ghp_…@github.com`),
 * and no query parameter named for a secret.
 */
const URL_WITHOUT_PASSWORD = /^[a-z][a-z0-9+.-]{1,20}:\/\/(?:[a-z][a-z._-]{0,31}@)?[\w.-]{1,253}(?::\d{1,5})?(?:[/?#][^\s@]{0,300})?$/;
const SECRET_QUERY = /[?&;#](?:[\w.-]*(?:token|key|secret|pass|pwd|sig|signature|auth|code|credential|session)[\w.-]*)=/i;
/** A path segment that looks generated (a webhook's or a bot's token in the path: `hooks.slack.com/services/T…/B…/<token>`). */
const GENERATED_SEGMENT = /[/:=](?=[\w-]{0,80}\d)(?=[\w-]{0,80}[A-Za-z])[\w-]{12,}/;
/** An SSH key's type alone (`Password: ssh-ed25519 AAAA…` cut at the first blank): the name of an algorithm. */
const SSH_KEY_TYPE = /^(?:ssh-(?:rsa|ed25519|dss|ed448)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)$/;
/** Work left to do, where the value goes. */
const UNFINISHED = /^(?:FIXME|fixme|XXX|TBA|TBC|WIP|N\/A|n\/a|pending|unset|not[-_ ]set|to[-_ ]?do)$/;

/** True when `value` is code, an address or a note in a secret's place, not the secret. */
export function isCodeValue(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first === 0x28 /* ( */) return LISP_CALL.test(value) || LISP_CALL_START.test(value);
  if (first === 0x27 /* ' */ || first === 0x23 /* # */) return LISP_NOTHING.test(value);
  if (first === 0x60 /* ` */) return BACKQUOTED_COMMAND.test(value);
  if (first === 0x40 /* @ */) return false; // a file given by `@`: references.ts's AT_FILE
  if (URL_WITHOUT_PASSWORD.test(value)) return !SECRET_QUERY.test(value) && !GENERATED_SEGMENT.test(value.slice(value.indexOf('//') + 2));
  return UNFINISHED.test(value) || DOCUMENTATION_KEY.test(value) || SSH_KEY_TYPE.test(value) || WINDOWS_PATH.test(value) || CALL_START.test(value);
}
