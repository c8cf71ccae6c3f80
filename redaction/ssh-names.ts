/**
 * SSH names its own extensions `name@domain` (RFC 4251 §6): algorithms and protocol extensions
 * such as `chacha20-poly1305@openssh.com`, `curve25519-sha256@libssh.org`, `zlib@openssh.com`,
 * `ping@openssh.com`. `ssh -G`, `ssh -v` and `sftp -v` print whole lists of them; they are not
 * mailboxes, and not a value a label (`host key algorithms: …`) would make a secret.
 * Only the domains of SSH implementations, and only local parts shaped like an algorithm (words
 * joined by `-`, or with a digit) or one of the extensions named by a plain word: a person's
 * address at those domains (`djm@openssh.com`) stays an address.
 */
const SSH_NAME_DOMAINS = new Set(['openssh.com', 'libssh.org', 'ssh.com', 'putty.projects.tartarus.org', 'tinyssh.org', 'lysator.liu.se', 'libassh.org', 'bitvise.com']);
const ALGORITHM_SHAPE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$|^[a-z]+\d[a-z0-9]*$/;
/** OpenSSH's extensions, requests and SFTP extensions named by one word (`eow@openssh.com`, `statvfs@openssh.com`) */
const PLAIN_WORD_EXTENSIONS = new Set(['zlib', 'ping', 'keepalive', 'eow', 'tun', 'statvfs', 'fstatvfs', 'hardlink', 'fsync', 'lsetstat', 'limits']);

/** True when `local@domain` is an SSH algorithm or extension name. */
export function isSshExtensionName(local: string, domain: string): boolean {
  return SSH_NAME_DOMAINS.has(domain) && (ALGORITHM_SHAPE.test(local) || PLAIN_WORD_EXTENSIONS.has(local));
}

const NAME = /^([a-z][a-z0-9-]{0,63})@([a-z0-9.-]{1,64})$/;

/** True when the whole of `value` is one SSH algorithm or extension name. */
export function isSshName(value: string): boolean {
  const match = NAME.exec(value);
  return match !== null && isSshExtensionName(match[1]!, match[2]!);
}
