/** @module Migrations wrapped to report each one's start and end, and how a long one is getting on. */
import type { KyselyPlugin, Migration } from "kysely";

/**
 * What `migrateToLatest` reports of each migration it applies: `started`, then `running` every
 * `MIGRATION_PROGRESS_INTERVAL_MS` while it runs (its time so far and the statements it sent), then `finished` with its
 * duration. Migrations share one transaction: a finished migration is committed with the last one.
 */
export type MigrationEvent =
  | { event: "started"; migration: string }
  | { event: "running"; migration: string; elapsedMs: number; statements: number }
  | { event: "finished"; migration: string; durationMs: number };

/** Told each `MigrationEvent` as it happens; a throw fails the migration (and rolls the run back). */
export type MigrationObserver = (event: MigrationEvent) => void;

/** Milliseconds between two `running` events of one migration. */
export const MIGRATION_PROGRESS_INTERVAL_MS = 10_000;

/**
 * `migrations` wrapped to tell `observe` each one's start, end and progress. Progress is seen between statements (a
 * plugin counts them as they are sent): the statements run on this thread, so no timer fires during a migration, and
 * one that is a single long statement reports none. `clock` reads milliseconds (default `performance.now`).
 */
export function observedMigrations(
  migrations: Readonly<Record<string, Migration>>,
  observe: MigrationObserver,
  clock: () => number = () => performance.now(),
  intervalMs: number = MIGRATION_PROGRESS_INTERVAL_MS,
): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        ...migration,
        async up(db) {
          const started = clock();
          let statements = 0;
          let nextReport = started + intervalMs;
          const progress: KyselyPlugin = {
            transformQuery({ node }) {
              statements += 1;
              const now = clock();
              if (now >= nextReport) {
                observe({ event: "running", migration: name, elapsedMs: Math.round(now - started), statements });
                nextReport = now + intervalMs;
              }
              return node;
            },
            async transformResult({ result }) {
              return result;
            },
          };
          observe({ event: "started", migration: name });
          await migration.up(db.withPlugin(progress));
          observe({ event: "finished", migration: name, durationMs: Math.round(clock() - started) });
        },
      } satisfies Migration,
    ]),
  );
}
