/**
 * The reference page in a real headless Chromium (Debian's package, driven by playwright-core):
 * it renders every operation of the table from /v1/openapi.json, and loads nothing from outside
 * the server (no CDN).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { operations } from "../routes/operations.js";
import { startServer, type RunningServer } from "../server.js";
import { CHROMIUM_FLAGS } from "../testing/chromium.js";
import { createTestContext } from "../testing/test-harness.js";

const available = inject("chromium");
let server: RunningServer;

beforeAll(async () => {
  const context = await createTestContext();
  server = await startServer(context.services, { port: 0 });
});
afterAll(() => server.close(100));

describe("/docs in headless Chromium", () => {
  it("lists every operation of the table, loading nothing from outside the server", { timeout: 60_000 }, async (test) => {
    if (!available.path) {
      console.warn(`skipping the /docs browser test: ${available.reason}`);
      test.skip(`no Chromium: ${available.reason}`);
      return;
    }
    const userDataDir = mkdtempSync(join(tmpdir(), "rapport-chromium-"));
    const browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: available.path,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      const problems: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      const response = await page.goto(`${server.url}/docs`);
      expect(response?.status()).toBe(200);
      await page.waitForSelector(".opblock", { timeout: 30_000 });

      const shown = await page.$$eval(".opblock", (blocks) =>
        blocks.map((block) => ({
          method: block.querySelector(".opblock-summary-method")?.textContent?.trim().toLowerCase(),
          path: block.querySelector(".opblock-summary-path")?.getAttribute("data-path"),
          summary: block.querySelector(".opblock-summary-description")?.textContent?.trim(),
        })),
      );
      const expected = operations.map((operation) => ({ method: operation.method, path: operation.path, summary: operation.summary }));
      expect(shown.sort((a, b) => `${a.path}${a.method}`.localeCompare(`${b.path}${b.method}`))).toEqual(
        expected.sort((a, b) => `${a.path}${a.method}`.localeCompare(`${b.path}${b.method}`)),
      );
      expect(await page.title()).toBe("Rapport API reference");
      expect(requested.filter((url) => !url.startsWith(`${server.url}/`))).toEqual([]);
      expect(requested).toContain(`${server.url}/v1/openapi.json`);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
