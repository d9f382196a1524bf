// A package's `remove-built-code` task, run before its `build` whether that runs or is restored from turbo's cache: a
// restore adds the cached files and deletes none, so the JavaScript of an entry or chunk since removed (a chunk's name
// is its content's hash: any change of the code it holds renames it) would stay in dist/ (and in the packed package)
// beside what the same inputs produced. Run from the package's folder.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Deletes every `.js` and `.js.map` file under `folder` (none when it does not exist): what tsup writes there. */
export function removeBuiltCode(folder) {
  let entries = [];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) removeBuiltCode(path);
    else if (entry.name.endsWith(".js") || entry.name.endsWith(".js.map")) rmSync(path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) removeBuiltCode(join(process.cwd(), "dist"));
