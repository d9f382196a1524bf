/**
 * @module
 * How many items an import writes per transaction, apart from the runner so that `rapport import --help` can show
 * the default without loading the import code.
 */

/** Items per batch (one transaction) when `--batch-size` is not given. */
export const DEFAULT_BATCH_SIZE = 200;
