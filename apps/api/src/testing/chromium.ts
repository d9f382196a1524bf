/**
 * @module
 * Finds Debian's `chromium` for the browser tests, installing it with apt-get when it is missing
 * and the tests run as root (as in CI containers). Where it cannot be installed, the browser test
 * is skipped with the reason; every other test runs regardless.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags for a quiet, offline, throwaway headless Chromium. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type ChromiumAvailability = { path: string } | { path: null; reason: string };

function commandExists(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Returns Chromium's path, installing the package first when that is possible here. */
export function ensureChromium(log: (line: string) => void = () => undefined): ChromiumAvailability {
  const configured = process.env.RAPPORT_CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? { path: configured } : { path: null, reason: `RAPPORT_CHROMIUM_PATH=${configured} does not exist` };
  if (existsSync(CHROMIUM_PATH)) return { path: CHROMIUM_PATH };
  if (process.platform !== "linux" || !commandExists("apt-get")) {
    return { path: null, reason: "chromium is not installed and this system has no apt-get; install Chromium and set RAPPORT_CHROMIUM_PATH" };
  }
  if (typeof process.getuid !== "function" || process.getuid() !== 0) {
    return { path: null, reason: "chromium is not installed and the tests do not run as root; run: sudo apt-get install -y chromium" };
  }
  try {
    log("installing Debian's chromium for the browser test (apt-get install -y chromium) ...");
    const environment = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "ignore", env: environment, timeout: 300_000 });
    execFileSync("apt-get", ["install", "-y", "chromium"], { stdio: "ignore", env: environment, timeout: 600_000 });
  } catch (error) {
    return { path: null, reason: `apt-get install chromium failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
  return existsSync(CHROMIUM_PATH) ? { path: CHROMIUM_PATH } : { path: null, reason: `apt-get installed chromium but ${CHROMIUM_PATH} is missing` };
}
