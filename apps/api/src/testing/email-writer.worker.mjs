/**
 * A second process's connection for sync tests, run as a worker thread: it opens the same database file with
 * its own store and ingests emails in small batches, each its own transaction, while the API writes beside it.
 * Plain JavaScript, as a worker loads it without the test runner's TypeScript transform.
 */
import { workerData } from "node:worker_threads";
import { createSqliteStore } from "@rapport/store";

const { databasePath, tenantUuid, batches, batchSize } = workerData;
const store = await createSqliteStore({ path: databasePath });
try {
  for (let batch = 0; batch < batches; batch += 1) {
    const messages = Array.from({ length: batchSize }, (_, index) => ({
      message_id: `<other-${batch}-${index}@example.com>`,
      // Sent long ago: the feed orders by recording, not by sent_at.
      sent_at: Date.UTC(2020, 0, 1) + batch * 1000 + index,
      subject: "from the other process",
      from: { email: `writer${index}@example.com` },
      to: [{ email: "ana@example.com" }],
    }));
    const results = await store.emails.ingestMany(tenantUuid, messages);
    const failed = results.find((result) => result.status === "ERROR");
    if (failed) throw new Error(`the other process's email was refused: ${JSON.stringify(failed)}`);
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
} finally {
  await store.close();
}
