/** Runs once before the API tests: makes Chromium available to the browser test (see src/testing/chromium.ts). */
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./src/testing/chromium.js";

declare module "vitest" {
  export interface ProvidedContext {
    chromium: { path: string | null; reason: string | null };
  }
}

export default function setup(project: TestProject) {
  const found = ensureChromium((line) => console.log(line));
  project.provide("chromium", "reason" in found ? { path: null, reason: found.reason } : { path: found.path, reason: null });
}
