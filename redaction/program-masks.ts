/**
 * What a program prints in place of a secret it hides, so that the text it prints holds no
 * secret: wget writes a URL's password as `*password*` (`http://user:*password*@host/`, in
 * `--debug` and in its progress lines); Ansible writes a parameter it must not log as
 * `VALUE_SPECIFIED_IN_NO_LOG_PARAMETER` in a result's `invocation.module_args` (and the user
 * module a password it was given as `NOT_LOGGING_PASSWORD`). The mask is the program's, not a value: redacting it
 * again would only hide that the program had hidden it. (git's `<redacted>`, curl's, npm's `***`
 * and pip's `****` are masks of the same kind, already left alone by the shields' masked forms.)
 * A runtime's word for a variable with no value stands where the value would be: gawk's
 * `--dump-variables` writes `password: uninitialized scalar` (or `untyped variable`, `array, 2 elements`).
 * A password manager prints a protected field as a word unless asked to show it: `keepassxc-cli show`
 * writes `Password: PROTECTED` (without `-s`).
 * `kubectl config view` (without `--raw`) writes a kubeconfig's embedded certificates and keys as
 * `DATA+OMITTED` (`client-key-data: DATA+OMITTED`), and tokens and passwords as `REDACTED`.
 */
const PROGRAM_MASK = /^(?:\*password\*|VALUE_SPECIFIED_IN_NO_LOG_PARAMETER|NOT_LOGGING_PASSWORD|uninitialized|untyped|unassigned|array|PROTECTED|DATA\+OMITTED)$/;

/** True when `value` is the mask a program printed instead of the secret (a hash it stored: secret-policy.ts). */
export function isProgramMask(value: string): boolean {
  return PROGRAM_MASK.test(value);
}
