/** A bad public URL is refused at start naming where it came from: the option, or the variable. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serveInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-public-url-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `rapport serve` in this process, RAPPORT_PUBLIC_URL as `environment` has it (unset when not given). */
async function serve(args: string[], environment: { RAPPORT_PUBLIC_URL?: string }): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await serveInProcess(join(folder, "rapport.db"), { RAPPORT_PUBLIC_URL: environment.RAPPORT_PUBLIC_URL }, ...args);
  return { code, stderr };
}

describe("the public URL setting", { timeout: 30_000 }, () => {
  it("names RAPPORT_PUBLIC_URL when the variable is wrong, and --public-url when the option is", async () => {
    expect(await serve([], { RAPPORT_PUBLIC_URL: "rapport.example.com" })).toEqual({
      code: 1,
      stderr: "rapport: RAPPORT_PUBLIC_URL rapport.example.com is not a URL; give e.g. https://rapport.example.com\n",
    });
    expect(await serve([], { RAPPORT_PUBLIC_URL: "https://rapport.example.com/api" })).toEqual({
      code: 1,
      stderr: "rapport: RAPPORT_PUBLIC_URL must be an origin without a path, e.g. https://rapport.example.com; got https://rapport.example.com/api\n",
    });
    // A user name or password is refused without quoting it, with a path or without one (it was dropped silently).
    for (const value of ["https://ops:s3cret@rapport.example.com/api", "https://ops:s3cret@rapport.example.com"]) {
      expect(await serve([], { RAPPORT_PUBLIC_URL: value })).toEqual({
        code: 1,
        stderr: "rapport: RAPPORT_PUBLIC_URL must not hold a user name or password: give the bare origin clients reach, e.g. https://rapport.example.com\n",
      });
    }
    // The option wins over the variable, and is the one named.
    expect(await serve(["--public-url", "ftp://rapport.example.com"], { RAPPORT_PUBLIC_URL: "https://rapport.example.com" })).toEqual({
      code: 1,
      stderr: "rapport: --public-url must be http(s), got ftp:\n",
    });
  });
});
