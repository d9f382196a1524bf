/** The S scale as a smoke test: it must complete and write its report. No timing is asserted. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { readPageCacheCounters } from "./page-cache.js";
import { runBenchmark } from "./run-benchmark.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-report-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("runBenchmark at scale S", () => {
  it("runs every measurement with its baseline and writes JSON and Markdown", async () => {
    const { report, files } = await runBenchmark({ scale: "S", out: join(folder, "smoke.json"), quick: true, generated: inject("generatedS") });
    expect(existsSync(files.json) && existsSync(files.markdown)).toBe(true);
    expect(JSON.parse(readFileSync(files.json, "utf8")).scale).toBe("S (quick)");
    const ids = report.measurements.map((measurement) => measurement.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "graph-hydration",
        "persons-list",
        "persons-list-fuzzy-name",
        "companies-list",
        "opportunities-owner",
        "opportunities-stage",
        "opportunities-search",
        "opportunities-search-common",
        "opportunities-type-scan",
        "opportunities-activity-sort",
        "opportunities-search-fuzzy",
        "paths-person-engine",
        "paths-company-engine",
        "paths-person-app",
        "paths-company-app",
        "rankings-path-power-person",
        "rankings-path-power-company",
        "rankings-path-power-person-last-activity",
        "rankings-path-power-person-active-since",
        "rankings-path-power-company-last-activity",
        "rankings-path-power-company-active-since",
        "rankings-relationship-quality",
        "activity-list-person",
        "activity-list-company",
        "activity-list-feed-poll",
        "activity-list-feed-scan",
        "activity-ingest",
        "activity-ingest-store-batch",
        "activity-ingest-batch",
        "opportunity-writes-create",
        "opportunity-writes-update",
        "person-merges",
        "batch-paths-person",
        "batch-paths-company",
        "batch-pathpower",
        "batch-pathpower-companies",
        "batch-activity-stats",
        "http-person",
        "http-paths",
        "mbox-import",
      ]),
    );
    for (const measurement of report.measurements) {
      expect(measurement.subject.summary.count, measurement.id).toBeGreaterThan(0);
      expect(measurement.baseline?.summary.count, measurement.id).toBeGreaterThan(0);
    }
    // One message per call is compared with raw inserts that also commit each message.
    const oneByOne = report.measurements.find((measurement) => measurement.id === "activity-ingest");
    expect(oneByOne?.baseline?.label).toMatch(/one transaction per message$/);
    expect(oneByOne?.figures.vsOneTransaction).toBeGreaterThan(0);
    // The opportunity read that applies the ingest's pending activity is reported beside it.
    expect(oneByOne?.figures.nextReadMs).toBeGreaterThan(0);
    expect(oneByOne?.figures.withNextRead).toBeGreaterThan(0);
    // Opportunity writes are timed per write against raw statements writing the same rows.
    for (const id of ["opportunity-writes-create", "opportunity-writes-update"]) {
      const figures = report.measurements.find((measurement) => measurement.id === id)?.figures;
      expect(figures?.msPerWrite, id).toBeGreaterThan(0);
      expect(figures?.baselineMsPerWrite, id).toBeGreaterThan(0);
    }
    // Merges report the store's own transaction (a preview, rolled back) beside the whole merge.
    expect(report.measurements.find((measurement) => measurement.id === "person-merges")?.figures.previewMs).toBeGreaterThan(0);
    // Each recommended-paths batch row reports its answer's floor: serializing it, encoding it, and the same bytes from a bare server.
    for (const id of ["batch-paths-person", "batch-paths-company"]) {
      const row = report.measurements.find((measurement) => measurement.id === id);
      const figures = row?.figures;
      expect(figures?.sameBytesBareMs, id).toBeGreaterThan(0);
      expect(figures?.stringifyMs, id).toBeGreaterThan(0);
      expect(figures?.sameBytesHeldAsBytesMs, id).toBeGreaterThan(0);
      expect(figures?.encodeMs, id).toBeGreaterThan(0);
      // The floor serializes, encodes and sends bytes; the answer sent as a string is reported beside it.
      expect(figures?.answerFloorMs, id).toBeCloseTo(figures!.stringifyMs! + figures!.encodeMs! + figures!.sameBytesHeldAsBytesMs!, 6);
      // The batch's median read against that floor, measured in the same moments.
      expect(figures?.timesTheFloor, id).toBeCloseTo(row!.subject.summary.medianMs / figures!.answerFloorMs!, 6);
      expect(figures?.askedAgainMedianMs, id).toBeGreaterThan(0);
      expect(figures?.medianResponseMiB, id).toBeGreaterThan(0);
      // The lighter overview lists fewer paths and entries: a smaller answer for the same targets.
      expect(figures?.threePathsAskedAgainMedianMs, id).toBeGreaterThan(0);
      expect(figures?.threePathsMedianResponseMiB, id).toBeGreaterThan(figures!.medianResponseMiB!);
      expect(figures?.askedBetweenWritesMedianMs, id).toBeGreaterThan(0);
      // The pass before the kept one wrote every batch's answers: at least the median batch's.
      expect(figures?.keptAnswersMiB, id).toBeGreaterThanOrEqual(figures!.medianResponseMiB!);
    }
    // Each throughput row reports each load's mean latency, finer than autocannon's whole milliseconds.
    for (const id of ["http-person", "http-paths"]) {
      const figures = report.measurements.find((measurement) => measurement.id === id)?.figures;
      for (const figure of ["meanLatencyMs", "uncachedMeanLatencyMs", "bareMeanLatencyMs"]) {
        expect(figures?.[figure], `${id} ${figure}`).toBeGreaterThan(0);
        expect(Number.isFinite(figures?.[figure]), `${id} ${figure}`).toBe(true);
      }
      // The bare server with Rapport's own headers: the rate limits' six and the request id at least.
      expect(figures?.ownHeaders, id).toBeGreaterThanOrEqual(7);
      expect(figures?.bareWithHeadersRequestsPerSecond, id).toBeGreaterThan(0);
      expect(figures?.rapportVsBareWithHeaders, id).toBeGreaterThan(0);
      // The same server holding the tenant's graph: S has 2,000 persons and 5 users, and a graph of them.
      expect(figures?.heldGraphPersons, id).toBeGreaterThanOrEqual(2_000);
      expect(figures?.bareHoldingGraphRequestsPerSecond, id).toBeGreaterThan(0);
      expect(figures?.rapportVsBareHoldingGraph, id).toBeGreaterThan(0);
    }
    // Each engine row reports the engine's part of the batch rows' batches.
    for (const id of ["paths-person-engine", "paths-company-engine"]) {
      const figures = report.measurements.find((measurement) => measurement.id === id)?.figures;
      expect(figures?.batchRankingMedianMs, id).toBeGreaterThan(0);
      expect(figures?.batchRankingP95Ms, id).toBeGreaterThanOrEqual(figures!.batchRankingMedianMs!);
    }
    // The feed's polls and scan pages are each a sample; the scan's first page, which counts the whole feed, is reported beside.
    const feedPoll = report.measurements.find((measurement) => measurement.id === "activity-list-feed-poll");
    expect(feedPoll?.subject.summary.count).toBe(5);
    expect(feedPoll?.figures.lastSequence).toBeGreaterThanOrEqual(20_000);
    const feedScan = report.measurements.find((measurement) => measurement.id === "activity-list-feed-scan");
    expect(feedScan?.subject.summary.count).toBe(3);
    expect(feedScan?.baseline?.summary.count).toBe(3);
    expect(feedScan?.figures.firstPageMs).toBeGreaterThan(0);
    expect(feedScan?.figures.baselineFirstPageMs).toBeGreaterThan(0);
    // Both search rows time exact matches, not the fuzzy retry.
    for (const id of ["opportunities-search", "opportunities-search-common"]) {
      expect(report.measurements.find((measurement) => measurement.id === id)?.figures.medianMatches, id).toBeGreaterThan(0);
    }
    const markdown = readFileSync(files.markdown, "utf8");
    expect(markdown).toContain("| measurement |");
    expect(markdown).toContain("GET /v1/persons");
    expect(markdown).toContain("Load average");
    // Every group measured has its reads from disk where the system tells them (Linux's /proc/vmstat).
    expect(markdown).toContain("## Reads from disk");
    if (readPageCacheCounters() !== null) {
      expect(Object.keys(report.pageCache!.groups)).toEqual(expect.arrayContaining(["graph-hydration", "paths", "batch-endpoints", "mbox-import"]));
      expect(report.pageCache!.run!.diskReadMiB).toBeGreaterThanOrEqual(0);
    }
  });
});
