/**
 * @module
 * The sizes of a folder import's files, each opened on the way: a file this user may not read is refused before
 * anything is imported, rather than when the import reaches it with part of the folder written.
 */
import { open } from "node:fs/promises";
import { ImportFormatError } from "./imported-items.js";

/** Files opened at once: a folder of 50,000 files opened all together would run out of file descriptors (EMFILE). */
const FILES_AT_ONCE = 64;

async function sizeOf(file: string): Promise<number> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM") throw new ImportFormatError(`cannot read ${file}: it is not readable by this user (${code}); nothing was imported`);
    throw error;
  }
  try {
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/**
 * The size of each of `files`, in order; an ImportFormatError naming the first one this user may not open.
 *
 * @example
 * const sizes = await folderFileSizes(["export/a.vcf", "export/b.vcf"]); // [812, 1240]
 */
export async function folderFileSizes(files: readonly string[]): Promise<number[]> {
  const sizes: number[] = [];
  for (let start = 0; start < files.length; start += FILES_AT_ONCE) {
    sizes.push(...(await Promise.all(files.slice(start, start + FILES_AT_ONCE).map(sizeOf))));
  }
  return sizes;
}
