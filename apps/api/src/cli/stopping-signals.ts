/**
 * The signals on which a long-running command stops cleanly rather than dying where it stands: Ctrl-C, a service
 * manager's stop, and a hangup (a closed terminal or ssh session, a process manager's HUP). Rapport has no
 * configuration to reload in place, so a hangup means stop, as for most Node servers. Node resets a SIGHUP that
 * `nohup` ignored at start, so without this a hangup ends even a `nohup rapport ...` at once.
 */
import { constants } from "node:os";

export const STOPPING_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * The exit code of a command a stopping signal stopped: 128 + the signal's number, as a shell reports a process that
 * signal ended (130 for Ctrl-C's SIGINT, 143 for SIGTERM, 129 for SIGHUP), so a script or a service manager tells a
 * stop from Ctrl-C as it would had the command not caught the signal.
 *
 * @example signalExitCode("SIGTERM"); // 143
 */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/** The reason of an abort a stopping signal asked for (`abortOnStoppingSignals`). */
export class StoppedBySignal extends Error {
  override readonly name = "StoppedBySignal";

  constructor(readonly signal: NodeJS.Signals) {
    super(`stopped by ${signal}`);
  }
}

/**
 * Aborts `controller` at the first stopping signal, its reason naming the signal (`StoppedBySignal`); returns the
 * function that stops listening.
 */
export function abortOnStoppingSignals(controller: AbortController): () => void {
  const onSignal = (signal: NodeJS.Signals) => controller.abort(new StoppedBySignal(signal));
  for (const signal of STOPPING_SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of STOPPING_SIGNALS) process.off(signal, onSignal);
  };
}

/** The exit code of a command `signal` aborted: its stopping signal's (`signalExitCode`), else Ctrl-C's 130. */
export function interruptedExitCode(signal: AbortSignal | undefined): number {
  const reason: unknown = signal?.reason;
  return reason instanceof StoppedBySignal ? signalExitCode(reason.signal) : signalExitCode("SIGINT");
}
