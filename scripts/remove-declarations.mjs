// A package's `remove-declarations` task, run before its `typecheck` whether that runs or is restored from turbo's
// cache: a declaration of a module since removed or renamed would otherwise stay in dist/. Run from the package's folder.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { removeFilesEnding } from "./remove-files-ending.mjs";

/** Deletes every `.d.ts` file under `folder` (none when it does not exist), leaving every other file. */
export function removeDeclarations(folder) {
  removeFilesEnding(folder, [".d.ts"]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) removeDeclarations(join(process.cwd(), "dist"));
