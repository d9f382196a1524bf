/** Keeps the README's list of the public surface in step with what the package's entries export. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, { import: string }>;
};

/** Each entry of package.json `exports` ("." or "./vocabulary") with the source module it is built from. */
const entries = Object.entries(packageJson.exports).map(([entry, target]) => ({
  entry,
  source: target.import.replace(/^\.\/dist\//, "./"),
}));

/** Whether the README names `name` in code: `` `name` ``, `` `name(...)` ``, `` `new name(...)` ``. */
function documented(name: string): boolean {
  return new RegExp(`\`(new )?${name}\\b`).test(readme);
}

describe("README", () => {
  it("covers both entries of package.json", () => {
    expect(entries.map(({ entry }) => entry)).toEqual([".", "./vocabulary"]);
  });

  it.each(entries)("names every value the $entry entry exports", async ({ entry, source }) => {
    const exported = Object.keys((await import(/* @vite-ignore */ source)) as object);
    expect(exported.length, `${entry} exports nothing`).toBeGreaterThan(0);
    expect(exported.filter((name) => !documented(name))).toEqual([]);
  });

  it("names the vocabulary entry", () => {
    expect(readme).toContain("`@rapport/store/vocabulary`");
  });
});
