/** @module The log lines `rapport serve` writes of each migration the store applies as it opens: start, progress, end. */
import type { MigrationObserver } from "@rapport/store";
import type { Logger } from "../platform/logging/logger.js";

/**
 * A migration observer writing to `logger`: "migration started" (`migration`), "migration running" every 10 s of a
 * long one (`elapsedMs`, `statements` sent so far) and "migration finished" (`durationMs`), all at info.
 */
export function logMigrations(logger: Logger): MigrationObserver {
  return (event) => {
    if (event.event === "started") logger.info({ migration: event.migration }, "migration started");
    else if (event.event === "running") logger.info({ migration: event.migration, elapsedMs: event.elapsedMs, statements: event.statements }, "migration running");
    else logger.info({ migration: event.migration, durationMs: event.durationMs }, "migration finished");
  };
}
