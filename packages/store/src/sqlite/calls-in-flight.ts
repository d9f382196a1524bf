/**
 * @module
 * The store's asynchronous calls under way, counted so that `close()` lets them finish before it closes the
 * connection under them (better-sqlite3 would fail their next statement with "The database connection is not open").
 */

/** Counts the answers of calls under way and says when none is left. */
export interface CallsInFlight {
  /** Counts `answer` as under way until it settles; returns it. */
  track<Answer>(answer: Promise<Answer>): Promise<Answer>;
  /** Resolves once no call is under way, or once `boundMs` have passed with some still running, whichever is first. */
  settled(boundMs: number): Promise<void>;
}

/**
 * An empty count of calls under way.
 *
 * @example
 * const calls = createCallsInFlight();
 * const answer = calls.track(store.persons.create(input));
 * await calls.settled(5000); // once `answer` settled, or after 5 s
 */
export function createCallsInFlight(): CallsInFlight {
  let running = 0;
  let whenNoneLeft: (() => void) | null = null;
  const finished = () => {
    running -= 1;
    if (running === 0) whenNoneLeft?.();
  };
  return {
    track(answer) {
      running += 1;
      answer.then(finished, finished);
      return answer;
    },
    settled(boundMs) {
      if (running === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const bound = setTimeout(() => {
          whenNoneLeft = null;
          resolve();
        }, boundMs);
        whenNoneLeft = () => {
          clearTimeout(bound);
          whenNoneLeft = null;
          resolve();
        };
      });
    },
  };
}
