/**
 * Stack traces of the bundled program name our source files, as those of the unbundled modules
 * do: a frame in a file of dist/bundle/ is mapped through that file's source map. scripts/bundle.mjs
 * runs this first in every bundled entry (the CLI and each worker thread). Nothing is read at
 * start: a map is read and parsed when a stack trace first needs it (`--debug`, a crash), so a
 * run that shows no stack pays nothing. (node --enable-source-maps reads every map as it loads.)
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const BUNDLE_FOLDER = new URL('./', import.meta.url).href;

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(new URL(`${file}.map`), 'utf8')));
    } catch {
      map = null; // no map (a package built without one): the frame stays as it is
    }
    maps.set(file, map);
  }
  return map;
}

/** One frame as V8 writes it, its place in the bundle replaced by the place in our source. */
function frame(site: NodeJS.CallSite): string {
  const text = String(site);
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!file?.startsWith(BUNDLE_FOLDER) || line === null || column === null) return text;
  const entry = sourceMapOf(file)?.findEntry(line - 1, column - 1);
  if (!entry || !('originalSource' in entry) || typeof entry.originalSource !== 'string') return text;
  const source = fileURLToPath(new URL(entry.originalSource, file));
  return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
}

function head(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

Error.prepareStackTrace = (error, sites) => (sites.length === 0 ? head(error) : `${head(error)}\n    at ${sites.map(frame).join('\n    at ')}`);
