/**
 * undici, loaded on first use: it is ~110 modules, and a command that sends nothing (a convert, a
 * redact, an upload --dry-run) would otherwise pay for them at start-up, in every worker too.
 */
import { createRequire } from 'node:module';

type Undici = typeof import('undici');

let loaded: Undici | undefined;

export function undici(): Undici {
  loaded ??= createRequire(import.meta.url)('undici') as Undici;
  return loaded;
}
