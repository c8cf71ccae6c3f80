/**
 * Anonymization: the user name (from home paths), the host next to it in shell prompts, the
 * working directory and the repository remote and name become salted hashes,
 * `[ANON:<kind>#<8 hex>]`. The same value gets the same token throughout a transcript, and
 * across transcripts made with the same salt (the submission key's, when there is one).
 */
import { createHmac } from 'node:crypto';
import { escapeRegExp, literalAlternation } from './literals.js';
import { isRoleAccount } from './role-accounts.js';

export type AnonKind = 'user' | 'host' | 'cwd' | 'repo' | 'remote';

export interface AnonSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: AnonKind;
  readonly value: string;
}

/** Names in home paths that belong to no one. */
const NOT_PERSONAL = new Set([
  'shared', 'public', 'default', 'default user', 'all users', 'user', 'username', 'you', 'me', 'your-name', 'yourname', 'name', 'root',
  '$user', '${user}', '%username%', '<user>', '*', '...', 'linuxbrew',
  // the accounts of CI runners, cloud images, containers and dev containers
  'runner', 'runneradmin', 'ubuntu', 'ec2-user', 'admin', 'azureuser', 'vagrant', 'jenkins', 'circleci', 'travis', 'gitlab-runner',
  'buildkite-agent', 'builder', 'build', 'ci', 'node', 'app', 'codespace', 'vscode', 'gitpod', 'coder', 'docker', 'debian', 'centos',
  'fedora', 'alpine', 'pi', 'dev', 'developer', 'test', 'tester', 'guest', 'nobody', 'www-data', 'postgres', 'git',
  // Jupyter's, deploy and automation accounts, generic names of docs and tutorials
  'jovyan', 'deploy', 'deployer', 'ops', 'sysadmin', 'worker', 'ansible', 'devuser', 'appuser', 'testuser', 'demo', 'sandbox',
  'myuser', 'your-user', 'your_user', 'someone', 'nixos', 'arch', 'kali', 'opc', 'cloud-user', 'cloudshell-user', 'bitnami',
]);

const HOME_PATH = /(?:\/(?:home|Users)\/|[A-Za-z]:(?:\\\\|\\|\/)Users(?:\\\\|\\|\/))([A-Za-z0-9._-]{1,64})(?![A-Za-z0-9._-])/g;
const MAX_REMEMBERED = 256;
const PLACEHOLDER = /\[(?:ANON|REDACTED):/;

export class Anonymizer {
  private readonly literals = new Map<string, AnonKind>();
  private readonly users = new Set<string>();
  private literalPattern: RegExp | null = null;
  private promptPattern: RegExp | null = null;

  constructor(private readonly salt: Buffer) {}

  token(kind: AnonKind, value: string): string {
    const digest = createHmac('sha256', this.salt).update(`${kind}\0${value}`).digest('hex').slice(0, 8);
    return `[ANON:${kind}#${digest}]`;
  }

  /** Values the session header states (cwd, repo remote): every copy of them in text is replaced. */
  learn(kind: 'cwd' | 'remote', value: string | null | undefined): void {
    if (!value || value.length < 4 || this.literals.has(value) || this.literals.size >= MAX_REMEMBERED) return;
    if (PLACEHOLDER.test(value)) return; // anonymized or redacted already: idempotence
    if (kind === 'cwd' && /^\/(?:home|Users)\/[^/]+\/?$|^\/(?:root|tmp)?\/?$/.test(value)) return; // a bare home is handled as a user
    this.literals.set(value, kind);
    if (kind === 'remote' && value.endsWith('.git')) this.literals.set(value.slice(0, -4), kind);
    this.literalPattern = literalAlternation(this.literals.keys());
  }

  find(text: string): AnonSpan[] {
    const spans: AnonSpan[] = [];
    if (this.literalPattern) {
      this.literalPattern.lastIndex = 0;
      for (let match = this.literalPattern.exec(text); match; match = this.literalPattern.exec(text)) {
        spans.push({ start: match.index, end: match.index + match[0].length, kind: this.literals.get(match[0])!, value: match[0] });
      }
    }
    HOME_PATH.lastIndex = 0;
    for (let match = HOME_PATH.exec(text); match; match = HOME_PATH.exec(text)) {
      const user = match[1]!;
      if (NOT_PERSONAL.has(user.toLowerCase()) || user.startsWith('[') || isRoleAccount(user)) continue;
      const start = match.index + match[0].length - user.length;
      spans.push({ start, end: start + user.length, kind: 'user', value: user });
      this.rememberUser(user);
    }
    if (this.promptPattern) {
      this.promptPattern.lastIndex = 0;
      for (let match = this.promptPattern.exec(text); match; match = this.promptPattern.exec(text)) {
        const user = match[1]!;
        const host = match[2]!;
        spans.push({ start: match.index, end: match.index + user.length, kind: 'user', value: user });
        const hostStart = match.index + user.length + 1;
        spans.push({ start: hostStart, end: hostStart + host.length, kind: 'host', value: host });
      }
    }
    return spans;
  }

  private rememberUser(user: string): void {
    if (this.users.has(user) || this.users.size >= MAX_REMEMBERED || user.length < 2) return;
    this.users.add(user);
    // `alice@laptop:~$` shell prompts name the host next to a known user.
    const names = [...this.users].map(escapeRegExp).join('|');
    this.promptPattern = new RegExp(`(?<![\\w.-])(${names})@([A-Za-z0-9][A-Za-z0-9-]{0,62})(?=:[~/]|[ \\t]+[~/])`, 'g');
  }
}
