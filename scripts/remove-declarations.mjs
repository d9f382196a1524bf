// A package's `remove-declarations` task, run before its `typecheck` whether that runs or is restored from turbo's
// cache: a restore adds the cached files and deletes none, so a declaration of a module since removed or renamed would
// stay in dist/ (and in the packed package) beside the ones the same inputs produced. Run from the package's folder.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Deletes every `.d.ts` file under `folder` (none when it does not exist), leaving every other file. */
export function removeDeclarations(folder) {
  let entries = [];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) removeDeclarations(path);
    else if (entry.name.endsWith(".d.ts")) rmSync(path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) removeDeclarations(join(process.cwd(), "dist"));
