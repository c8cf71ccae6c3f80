/**
 * SSH names its own extensions `name@domain` (RFC 4251 §6): algorithms and protocol extensions
 * such as `chacha20-poly1305@openssh.com`, `curve25519-sha256@libssh.org`, `zlib@openssh.com`,
 * `ping@openssh.com`. `ssh -G` and `ssh -v` print whole lists of them; they are not mailboxes.
 * Only the domains of SSH implementations, and only local parts shaped like an algorithm (words
 * joined by `-`, or with a digit) or one of the extensions named by a plain word: a person's
 * address at those domains (`djm@openssh.com`) stays an address.
 */
const SSH_NAME_DOMAINS = new Set(['openssh.com', 'libssh.org', 'ssh.com', 'putty.projects.tartarus.org', 'tinyssh.org', 'lysator.liu.se', 'libassh.org', 'bitvise.com']);
const ALGORITHM_SHAPE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$|^[a-z]+\d[a-z0-9]*$/;
const PLAIN_WORD_EXTENSIONS = new Set(['zlib', 'ping', 'keepalive']);

/** True when `local@domain` is an SSH algorithm or extension name. */
export function isSshExtensionName(local: string, domain: string): boolean {
  return SSH_NAME_DOMAINS.has(domain) && (ALGORITHM_SHAPE.test(local) || PLAIN_WORD_EXTENSIONS.has(local));
}
