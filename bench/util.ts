import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const MiB = 1024 * 1024;

/** True when the module with this `import.meta.url` is the script node was started with. */
export function isMain(importMetaUrl: string): boolean {
  const argv1 = process.argv[1];
  if (!argv1) return false;
  try {
    return importMetaUrl === pathToFileURL(realpathSync(argv1)).href;
  } catch {
    return false;
  }
}
