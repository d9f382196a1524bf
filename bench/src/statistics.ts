/** Summaries of timing samples: median, p95, p99 and operations per second. */

export interface Summary {
  count: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  opsPerSecond: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

/** The median of any values (the same percentile rule as the summaries' medians). */
export function median(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 0.5);
}

/** Summarizes per-operation durations in milliseconds. */
export function summarize(durationsMs: readonly number[]): Summary {
  const sorted = Float64Array.from(durationsMs).sort();
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    medianMs: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    p99Ms: percentile(sorted, 0.99),
    opsPerSecond: total > 0 ? (sorted.length * 1000) / total : Number.POSITIVE_INFINITY,
  };
}

/** Times `operation` once per input, after `warmup` untimed runs; returns the durations in ms. */
export async function timeEach<Input>(
  inputs: readonly Input[],
  operation: (input: Input) => unknown,
  warmup = Math.min(20, inputs.length),
): Promise<number[]> {
  for (let index = 0; index < warmup; index++) await operation(inputs[index % inputs.length]!);
  const durations: number[] = [];
  for (const input of inputs) {
    const started = performance.now();
    await operation(input);
    durations.push(performance.now() - started);
  }
  return durations;
}

/** Runs `operation` once per input, untimed: warms code paths and caches before a timed run. */
export async function warmUp<Input>(inputs: readonly Input[], operation: (input: Input) => unknown): Promise<void> {
  for (const input of inputs) await operation(input);
}

/** Times one run of `operation` in ms. */
export async function timeOnce(operation: () => unknown): Promise<number> {
  const started = performance.now();
  await operation();
  return performance.now() - started;
}
