// `npm run bench` phase `stream` (issue 46), and `npm run bench:upload -- stream` in one process:
// BENCH_STREAM_UPLOADS (300) valid 1,699-row uploads from BENCH_STREAM_CLIENTS (4) clients, each
// sending its next file as soon as its last one is answered, so the scoring queue never empties
// while the stream lasts. Every answer is timed from the request to the end of its body; the
// figures are p50, p99 and max (the goal: max ≤ 5 s) and the answers by status (the goal: all 2xx).
// A non-2xx is counted, not thrown: the stream goes on, and the count is the finding.

/** Uploads and clients of the stream, from the environment. */
export function streamSize(): { uploads: number; clients: number } {
  return {
    uploads: Number(process.env.BENCH_STREAM_UPLOADS ?? 300),
    clients: Number(process.env.BENCH_STREAM_CLIENTS ?? 4),
  };
}

export interface StreamFigures {
  /** ms of each answer, in the order they came */
  latencies: number[];
  /** answers by HTTP status (or a network error's code) */
  statuses: Record<string, number>;
  /** wall time of the whole stream, s */
  seconds: number;
}

/**
 * Sends `uploads` files from `clients` clients; `send(i, client)` posts the i-th file (0-based, in
 * the order the stream hands them out) with that client's token and resolves with its status.
 */
export async function streamUploads(
  uploads: number,
  clients: number,
  send: (i: number, client: number) => Promise<number | string>,
): Promise<StreamFigures> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (next < uploads) {
        const i = next++;
        const t = performance.now();
        const status = await send(i, client).catch(
          (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? "error",
        );
        latencies.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (i % 50 === 49) console.log(`[bench] stream: ${i + 1}/${uploads} sent`);
      }
    }),
  );
  return { latencies, statuses, seconds: (performance.now() - t0) / 1000 };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** The stream's line of the results table: what was measured, and p50 / p99 / max with the answers. */
export function describeStream(f: StreamFigures, clients: number): [string, string] {
  const non2xx = Object.entries(f.statuses)
    .filter(([k]) => !/^2\d\d$/.test(k))
    .reduce((n, [, v]) => n + v, 0);
  const answers = Object.entries(f.statuses)
    .map(([k, v]) => `${v}× ${k}`)
    .join(", ");
  const ms = (x: number) => Math.round(x).toLocaleString("en-US");
  return [
    `stream: ${f.latencies.length} valid 1,699-row uploads from ${clients} clients back to back: p50 / p99 / max`,
    `${ms(pct(f.latencies, 50))} / ${ms(pct(f.latencies, 99))} / ${ms(Math.max(...f.latencies))} ms (goal: max ≤ 5,000 ms); ` +
      `${answers}; ${non2xx} non-2xx (goal 0); ${(f.latencies.length / f.seconds).toFixed(1)} uploads/s`,
  ];
}
