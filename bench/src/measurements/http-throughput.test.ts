import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createManualClock, createServices } from "@rapport/api";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { BENCH_NOW, generateTenant } from "../generate-tenant.js";
import { HELD_AS_BYTES_PATH } from "../bare-server-paths.js";
import type { Scale } from "../scales.js";
import type { Summary } from "../statistics.js";
import { bodyFile, holdingAnswersFrom, load, loadOptions, meanLatencyMs, medianRound, ownResponseHeaders, pairedRatio, startBenchServer } from "./http-throughput.js";

const round = (opsPerSecond: number): Summary => ({ count: opsPerSecond * 5, medianMs: 1, p95Ms: 2, p99Ms: 3, opsPerSecond });

describe("medianRound", () => {
  it("takes the round with the median requests per second, whatever the order the rounds ran in", () => {
    const rounds = [round(900), round(1200), round(1000)];
    expect(medianRound(rounds)).toBe(rounds[2]);
    expect(medianRound([round(5)]).opsPerSecond).toBe(5);
  });

  it("takes the faster middle round of an even count, and refuses none", () => {
    expect(medianRound([round(3), round(1), round(4), round(2)]).opsPerSecond).toBe(3);
    expect(() => medianRound([])).toThrow("no rounds");
  });
});

describe("pairedRatio", () => {
  it("divides round by round, then takes the median ratio and the spread", () => {
    // The machine slows in the second round: both loads of it are slower, their ratio is not.
    const ratio = pairedRatio([round(500), round(300), round(560)], [round(1000), round(600), round(1000)]);
    expect(ratio.median).toBe(0.5);
    expect(ratio.lowest).toBe(0.5);
    expect(ratio.highest).toBeCloseTo(0.56, 12);
    // A slow round of the baseline alone: the median rounds' ratio (520 / 1000) reads 0.52, the rounds' own
    // ratios (0.56, 0.5, 0.578) read 0.56.
    expect(pairedRatio([round(560), round(500), round(520)], [round(1000), round(1000), round(900)]).median).toBe(0.56);
  });

  it("takes the lower middle ratio of an even count (the summaries' median), and refuses unpaired or no rounds", () => {
    expect(pairedRatio([round(1), round(2), round(3), round(4)], [round(10), round(10), round(10), round(10)]).median).toBeCloseTo(0.2, 12);
    expect(() => pairedRatio([], [])).toThrow("at least one");
    expect(() => pairedRatio([round(1)], [round(1), round(2)])).toThrow("same number");
  });
});

describe("meanLatencyMs", () => {
  it("reads a closed-loop load's mean latency from its requests per second (ten requests always in flight)", () => {
    // 50,000 requests/s over ten connections: each connection completes one every 0.2 ms.
    expect(meanLatencyMs(round(50_000))).toBeCloseTo(0.2, 12);
    expect(meanLatencyMs(round(10))).toBe(1000);
  });
});

describe("ownResponseHeaders", () => {
  it("keeps the headers of Rapport's answer that the bare server does not send itself", () => {
    const headers = new Headers({
      "content-type": "application/json",
      "content-length": "1781",
      date: "Sun, 29 Nov 2026 09:00:00 GMT",
      connection: "keep-alive",
      "keep-alive": "timeout=5",
      "x-ratelimit-limit": "1000000",
      "x-ratelimit-remaining-monthly": "999999",
      "x-request-id": "8c1d0e7a-8a3b-4c0e-9f0e-2b7c6f1a9d11",
      age: "0",
    });
    expect(ownResponseHeaders(headers)).toEqual({
      "x-ratelimit-limit": "1000000",
      "x-ratelimit-remaining-monthly": "999999",
      "x-request-id": "8c1d0e7a-8a3b-4c0e-9f0e-2b7c6f1a9d11",
      age: "0",
    });
    expect(ownResponseHeaders(new Headers({ "content-type": "application/json", "transfer-encoding": "chunked" }))).toEqual({});
  });
});

describe("the bare bench server", () => {
  it("sends the headers of its headers file beside its own, and only its own without one", async () => {
    const body = bodyFile('{"name":"Contact 1"}');
    const headers = bodyFile(JSON.stringify({ "x-ratelimit-limit": "1000000", "x-request-id": "8c1d0e7a-8a3b-4c0e-9f0e-2b7c6f1a9d11", age: "0" }), "headers.json");
    const withHeaders = await startBenchServer(["bare", body.path, headers.path]);
    const plain = await startBenchServer(["bare", body.path]);
    try {
      const answered = await fetch(`http://127.0.0.1:${withHeaders.port}/`);
      expect(await answered.text()).toBe('{"name":"Contact 1"}');
      expect(ownResponseHeaders(answered.headers)).toEqual({ "x-ratelimit-limit": "1000000", "x-request-id": "8c1d0e7a-8a3b-4c0e-9f0e-2b7c6f1a9d11", age: "0" });
      expect(answered.headers.get("content-type")).toBe("application/json");
      const bare = await fetch(`http://127.0.0.1:${plain.port}/`);
      await bare.arrayBuffer();
      expect(ownResponseHeaders(bare.headers)).toEqual({});
      // The same body from its bytes, encoded once: the same bytes and length, neither the fixed headers.
      for (const port of [plain.port, withHeaders.port]) {
        const held = await fetch(`http://127.0.0.1:${port}${HELD_AS_BYTES_PATH}`);
        expect(await held.text()).toBe('{"name":"Contact 1"}');
        expect(held.headers.get("content-length")).toBe("20");
        expect(ownResponseHeaders(held.headers)).toEqual({});
      }
    } finally {
      withHeaders.child.kill();
      plain.child.kill();
      body.remove();
      headers.remove();
    }
  });
});

describe("a load", () => {
  it("is told to end at its seconds: autocannon ends a load at its first sample from then, so they are whole samples of a second at most", () => {
    // The smoke run's quarter second and its warm-up's twentieth, their starved retries, and the S and M/L loads.
    for (const seconds of [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 8]) {
      const options = loadOptions("http://127.0.0.1:1/", { "x-api-key": "pk_test" }, seconds);
      expect(options.duration).toBe(seconds);
      expect(options.sampleInt).toBeLessThanOrEqual(1_000);
      expect((seconds * 1_000) % options.sampleInt).toBe(0);
      expect(options.headers).toEqual({ "x-api-key": "pk_test" });
    }
  });

  it("gives its requests per second over the seconds asked, from the one sample a load under a second takes", async () => {
    const body = bodyFile('{"name":"Contact 1"}');
    const bare = await startBenchServer(["bare", body.path]);
    try {
      const summary = await load(`http://127.0.0.1:${bare.port}/`, {}, 0.25);
      expect(summary.count).toBeGreaterThan(0);
      // Its count over its quarter second: four times the count. Ended at a one-second sample instead, the load
      // reported its count as its requests per second.
      expect(summary.opsPerSecond / (summary.count / 0.25)).toBeCloseTo(1, 2);
    } finally {
      bare.child.kill();
      body.remove();
    }
  });

  it("is taken again, twice as long, when no request completed in it (a starved machine's smoke run)", async () => {
    // Nothing is answered until 400 ms after the first request arrived: a quarter-second load completes nothing.
    let answersFrom: number | undefined;
    const server = createServer((_request, response) => {
      answersFrom ??= Date.now() + 400;
      setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end("{}"), Math.max(0, answersFrom - Date.now()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const summary = await load(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, 0.25);
      expect(summary.count).toBeGreaterThan(0);
      expect(summary.opsPerSecond).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("the bare bench server holding a tenant's graph", () => {
  const folder = mkdtempSync(join(tmpdir(), "rapport-bench-holding-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const tiny: Scale = { name: "S", users: 3, persons: 150, companies: 15, interactions: 1_500, opportunities: 20, pathTargets: 20 };

  it("hydrates the tenant's graph before it listens, then answers as the bare server does, and another target's files given on standard input", async () => {
    const databasePath = join(folder, "tiny.db");
    const tenant = await generateTenant(databasePath, tiny, 7);
    const services = await createServices({ databasePath, clock: createManualClock(BENCH_NOW), logger: pino({ level: "silent" }) });
    const persons = (await services.store.graphs.forTenant(tenant.tenantUuid)).personCount;
    await services.store.close();
    const body = bodyFile('{"name":"Contact 1"}');
    const headers = bodyFile(JSON.stringify({ "x-request-id": "8c1d0e7a-8a3b-4c0e-9f0e-2b7c6f1a9d11" }), "headers.json");
    const holding = await startBenchServer(["bare-holding", databasePath, tenant.tenantUuid, body.path, headers.path]);
    try {
      expect(persons).toBeGreaterThanOrEqual(150);
      expect(holding.ready.graphPersons).toBe(persons);
      expect(holding.ready.heapUsedMiB).toBeGreaterThan(0);
      const answered = await fetch(`http://127.0.0.1:${holding.port}/v1/persons/anything`);
      expect(await answered.text()).toBe('{"name":"Contact 1"}');
      expect(ownResponseHeaders(answered.headers)).toEqual({ "x-request-id": "8c1d0e7a-8a3b-4c0e-9f0e-2b7c6f1a9d11" });
      // The next target's answer, the graph still held (the throughput rows hydrate it once for every target).
      const nextBody = bodyFile('{"name":"Contact 2","paths":[]}');
      const nextHeaders = bodyFile(JSON.stringify({ "x-request-id": "0b5e2f4c-1d3a-4e6b-8c7d-9a0f1e2d3c4b", age: "0" }), "headers.json");
      try {
        await holdingAnswersFrom(holding, nextBody.path, nextHeaders.path);
        const next = await fetch(`http://127.0.0.1:${holding.port}/v1/persons/anything/recommended-paths`);
        expect(await next.text()).toBe('{"name":"Contact 2","paths":[]}');
        expect(ownResponseHeaders(next.headers)).toEqual({ "x-request-id": "0b5e2f4c-1d3a-4e6b-8c7d-9a0f1e2d3c4b", age: "0" });
        expect(holding.child.exitCode).toBeNull();
      } finally {
        nextBody.remove();
        nextHeaders.remove();
      }
    } finally {
      holding.child.kill();
      body.remove();
      headers.remove();
    }
  });

  it("refuses to start without its database, tenant and body", async () => {
    await expect(startBenchServer(["bare-holding", join(folder, "tiny.db")])).rejects.toThrow("bench server exited with 2");
  });
});
