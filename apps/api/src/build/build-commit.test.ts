/** The commit a build is stamped with: a checkout's, marked when it had changes; the one given; none without git. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCommit } from "./build-commit.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-build-commit-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function checkout(): { path: string; commit: string } {
  const path = mkdtempSync(join(folder, "checkout-"));
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], { cwd: path, encoding: "utf8" }).trim();
  git("init", "-q");
  writeFileSync(join(path, "a.txt"), "a\n");
  git("add", "a.txt");
  git("commit", "-q", "-m", "first");
  return { path, commit: git("rev-parse", "HEAD") };
}

describe("buildCommit", () => {
  it("is the checkout's commit, its first 12 hex digits, marked .dirty while a tracked file is changed or a new one added", () => {
    const { path, commit } = checkout();
    expect(buildCommit({ folder: path })).toBe(commit.slice(0, 12));
    writeFileSync(join(path, "a.txt"), "b\n");
    expect(buildCommit({ folder: path })).toBe(`${commit.slice(0, 12)}.dirty`);
    writeFileSync(join(path, "a.txt"), "a\n");
    writeFileSync(join(path, "new.ts"), "export {};\n");
    expect(buildCommit({ folder: path })).toBe(`${commit.slice(0, 12)}.dirty`);
  });

  it("is null outside a checkout and without git, so that the build falls back to its release", () => {
    const plain = mkdtempSync(join(folder, "plain-"));
    expect(buildCommit({ folder: plain })).toBeNull();
    expect(buildCommit({ folder: checkout().path, git: join(folder, "no-such-git") })).toBeNull();
  });

  it("is RAPPORT_BUILD_COMMIT when given (a build without a checkout), refused unless it is SemVer build metadata", () => {
    expect(buildCommit({ folder: join(folder, "none"), given: " 3f2a9c1b4e5d " })).toBe("3f2a9c1b4e5d");
    expect(buildCommit({ folder: checkout().path, given: "ci.1234" })).toBe("ci.1234");
    expect(buildCommit({ folder: join(folder, "none"), given: "" })).toBeNull();
    expect(() => buildCommit({ folder, given: "abc def" })).toThrow('buildCommit: RAPPORT_BUILD_COMMIT "abc def" is not SemVer build metadata');
  });
});

describe("the repository's build (turbo.json)", () => {
  it("stamps the api after every build, seeing RAPPORT_BUILD_COMMIT, while the compiled code may come from turbo's cache", () => {
    const root = new URL("../../../../", import.meta.url);
    const turbo = JSON.parse(readFileSync(new URL("turbo.json", root), "utf8")) as { tasks: Record<string, { cache?: boolean; dependsOn?: string[]; passThroughEnv?: string[] }> };
    const stamp = turbo.tasks["stamp"];
    // A stamp taken from turbo's cache would carry an earlier build's commit; it runs after the build it stamps.
    expect(stamp?.cache).toBe(false);
    expect(stamp?.dependsOn).toContain("build");
    // Turbo gives a task only the variables it declares.
    expect(stamp?.passThroughEnv).toContain("RAPPORT_BUILD_COMMIT");
    expect(turbo.tasks["test"]?.dependsOn).toContain("stamp");
    const scripts = (JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const name of ["build", "start", "test", "bench"]) expect(scripts[name], name).toMatch(/^turbo run build stamp /);
    const api = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(api["stamp"]).toBe("node dist/stamp-build.js");
    // The package's own build stamps too (a build run in apps/api alone), and turbo's cache never holds a stamp.
    expect(api["build"]).toBe("tsup && node dist/stamp-build.js");
    const turboBuild = turbo.tasks["build"] as { outputs?: string[] } | undefined;
    expect(turboBuild?.outputs).toContain("!dist/build-commit.json");
  });
});
