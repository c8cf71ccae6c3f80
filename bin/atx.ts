#!/usr/bin/env node
/**
 * The command's entry point. It runs the bundled program (dist/bundle/cli.js, written by
 * `npm run build`: one file instead of several hundred modules to resolve, read and compile in
 * every process and worker thread) when there is one at least as new as this file, and the
 * modules tsc emitted otherwise: a build by `tsc` alone (which rewrites this file) is never
 * served an older bundle. ATX_UNBUNDLED=1 runs the modules (a test of what each path loads).
 */
import { statSync } from 'node:fs';

const BUNDLED = new URL('../bundle/cli.js', import.meta.url);

function bundleIsCurrent(): boolean {
  if (process.env.ATX_UNBUNDLED === '1') return false;
  try {
    return statSync(BUNDLED).mtimeMs >= statSync(new URL(import.meta.url)).mtimeMs;
  } catch {
    return false;
  }
}

await import(bundleIsCurrent() ? BUNDLED.href : './cli.js');
