/** The built `rapport` loads what a command needs only when it runs: help and mistakes start without the app. */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const cliPath = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "rapport-cli-start-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Module resolution hooks (run on Node's loader thread) that append every module's URL to the file they are given.
const recordingHooks = `
import { appendFileSync } from "node:fs";
let log;
export function initialize(file) { log = file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, resolved.url + "\\n");
  return resolved;
}`;

/**
 * The URLs of the modules `rapport <args>` imports, on `missing.db` (never created) unless told another database:
 * the one `tenants create` makes is a file of its own, so the refusals find none whatever ran before.
 */
async function modulesLoadedBy(args: string[], database = "missing.db"): Promise<string[]> {
  const log = join(folder, `${args.join("-").replace(/\W/g, "_")}.log`);
  const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(recordingHooks)}`)}, { data: ${JSON.stringify(log)} });`;
  const preload = `data:text/javascript,${encodeURIComponent(register)}`;
  await promisify(execFile)(process.execPath, ["--import", preload, cliPath, "--db", join(folder, database), ...args]).catch(() => undefined);
  return readFileSync(log, "utf8").trim().split("\n");
}

const heavy = [/\/packages\/store\/dist\/index\.js$/, /\/better-sqlite3\//, /\/zod\//, /\/hono\//, /\/cli-progress\//, /\/oidc-provider\//];

describe("rapport start-up", () => {
  it("prints help and refuses a mistyped command without loading the store or the app", async () => {
    for (const args of [["--help"], ["users", "--help"], ["serve", "--help"], ["import", "--help"], ["backup", "--help"], ["no-such-command"], ["tenants", "create", "--tier", "gold"]]) {
      const loaded = await modulesLoadedBy(args);
      expect(loaded.some((url) => url.endsWith("/dist/cli.js")), args.join(" ")).toBe(true);
      expect(loaded.filter((url) => heavy.some((pattern) => pattern.test(url))), args.join(" ")).toEqual([]);
    }
  });

  // missing.db does not exist: a command that reads a database refuses it before loading the store.
  it("refuses a missing database without loading the store", async () => {
    for (const args of [["status"], ["tenants", "list"], ["keys", "list", "--tenant", "00000000-0000-4000-8000-000000000000"]]) {
      const loaded = await modulesLoadedBy(args);
      expect(loaded.some((url) => url.endsWith("/dist/cli.js")), args.join(" ")).toBe(true);
      expect(loaded.filter((url) => heavy.some((pattern) => pattern.test(url))), args.join(" ")).toEqual([]);
    }
  });

  it("loads the store when a command runs", async () => {
    const loaded = await modulesLoadedBy(["tenants", "create", "--name", "Acme"], "created.db");
    expect(loaded.some((url) => /\/packages\/store\/dist\/index\.js$/.test(url))).toBe(true);
  });
});
