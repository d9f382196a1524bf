// A package's `remove-built-code` task, run before its `build` whether that runs or is restored from turbo's cache: the
// JavaScript of an entry or chunk since removed (a chunk's name is its content's hash) would otherwise stay in dist/.
// Run from the package's folder.
import { join } from "node:path";
import { removeFilesEnding } from "./remove-files-ending.mjs";

removeFilesEnding(join(process.cwd(), "dist"), [".js", ".js.map"]);
