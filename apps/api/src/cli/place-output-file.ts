/** @module Gives a command's finished output file its name, replacing a file there only when the user said so. */
import { link, lstat, rename, rm } from "node:fs/promises";
import { CliError } from "./cli-output.js";

/** Error codes of a file system that has no hard links (FAT and exFAT drives, some network shares). */
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/**
 * Renames the finished `temporary` file to `target`. Without `replace`, a file that took the name while the output was
 * written (after the command checked it was free) is kept and the command fails: a link is made, which fails when the
 * name exists where a rename would replace it, then the temporary name removed; on a file system without hard links, a
 * look then a rename. `temporary` is left to the caller's clean-up when it fails.
 *
 * @example await placeOutputFile("/exports/.acme.jsonl.1234.partial", "/exports/acme.jsonl", false);
 */
export async function placeOutputFile(temporary: string, target: string, replace: boolean): Promise<void> {
  if (replace) return rename(temporary, target);
  const taken = () => new CliError(`${target} was created while the output was written: it is kept; pass --force to replace it`);
  try {
    await link(temporary, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code === "EEXIST") throw taken();
    if (!NO_HARD_LINKS.has(code)) throw error;
    if (await lstat(target).then(() => true, () => false)) throw taken();
    return rename(temporary, target);
  }
  await rm(temporary, { force: true });
}
