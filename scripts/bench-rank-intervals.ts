// Benchmark: the board's rank intervals (lib/metrics/rank-intervals) at 1,000 / 2,000 / 10,000
// submissions × 1,000 bootstrap resamples, against the direct O(N²·B) computation it replaced
// (lib/metrics/rank-intervals/exact.ts: only up to 2,000, ~10 minutes at 10,000) — same output, checked.
//
// The boards are synthetic but built like real ones: 1,699 instances (BouncerBench's count) of
// spread difficulty; systems of spread ability answer each instance right or wrong (a logistic
// item-response model: accuracies from ~15% to ~75%); 60% of the submissions are resubmissions of
// an earlier one with a few to ~170 answers changed (what "every submission" boards are made of).
// Replicates are the real bootstrap: accuracy on each of the release's 1,000 resamples of the
// instances (bootstrapIndices, the default seed), as scoring stores them. Like the refresh-board
// job, the computation runs in steps with a turn of the event loop every 20 ms, for both views:
// every submission, and each system's best as a subset.
//   npx tsx scripts/bench-rank-intervals.ts [N …]        (default: 1000 2000 10000)
//   npm run bench:ranks
import { BOOTSTRAP_RESAMPLES, bootstrapIndices } from "@/lib/metrics/bootstrap-replicates";
import { seededRandom } from "@/lib/metrics/bootstrap-ci";
import { rankIntervalSteps, type RankIntervalCounts, type RankIntervals } from "@/lib/metrics/rank-intervals";
import { rankIntervalStepsExact } from "@/lib/metrics/rank-intervals/exact";
import { helperThreads, THREADED_FROM, threadedPairKernel } from "@/lib/server/leaderboard/pair-threads";

const INSTANCES = 1699;
const EXACT_UP_TO = 2000;
const sizes = process.argv.slice(2).map(Number).filter(Boolean);

/** A board of N submissions: points, replicates, and each system's best submission (a subset). */
function board(N: number, seed = 1) {
  const n = INSTANCES;
  const B = BOOTSTRAP_RESAMPLES;
  const rand = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-300)) * Math.cos(2 * Math.PI * rand());
  const difficulty = Float64Array.from({ length: n }, () => 1.6 * gauss());
  // resample r draws instance t W[r·n + t] times: a replicate is Σ_t W·y / n, the same number as
  // the mean over the drawn indices (an integer sum divided by n)
  const ix = bootstrapIndices(n, B);
  const W = new Uint8Array(B * n);
  for (let r = 0; r < B; r++) for (let k = 0; k < n; k++) W[r * n + ix[r * n + k]]++;
  const answers: Uint8Array[] = [];
  const sums: Int32Array[] = [];
  const system: number[] = [];
  for (let i = 0; i < N; i++) {
    let y: Uint8Array;
    let s: Int32Array;
    if (i > 5 && rand() < 0.6) {
      const parent = Math.floor(rand() * i);
      y = Uint8Array.from(answers[parent]);
      s = Int32Array.from(sums[parent]);
      const changed = Math.max(1, Math.floor(rand() * rand() * 0.1 * n));
      for (let c = 0; c < changed; c++) {
        const t = Math.floor(rand() * n);
        const delta = y[t] ? -1 : 1;
        y[t] ^= 1;
        for (let r = 0; r < B; r++) s[r] += delta * W[r * n + t];
      }
      system.push(system[parent]);
    } else {
      const ability = -1.5 + 2.2 * rand() + 0.3 * gauss();
      y = Uint8Array.from(difficulty, (b) => (rand() < 1 / (1 + Math.exp(b - ability)) ? 1 : 0));
      s = new Int32Array(B);
      for (let t = 0; t < n; t++) if (y[t]) for (let r = 0; r < B; r++) s[r] += W[r * n + t];
      system.push(i);
    }
    answers.push(y);
    sums.push(s);
  }
  const points = answers.map((y) => y.reduce((a, b) => a + b, 0) / n);
  const replicates = sums.map((s) => Float64Array.from(s, (v) => v / n));
  const best = new Map<number, number>();
  points.forEach((p, i) => {
    const b = best.get(system[i]);
    if (b === undefined || p > points[b]) best.set(system[i], i);
  });
  return { points, replicates, best: [...best.values()].sort((a, b) => a - b) };
}

/**
 * Runs the steps as the refresh job does (a turn of the event loop every `slice` ms: 20 where
 * requests share the loop, 250 in a worker process): wall and CPU seconds, longest step.
 */
async function run<T>(steps: Generator<number, T, void>, slice = 20) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let last = t0;
  let turn = t0;
  let longest = 0;
  for (;;) {
    const s = steps.next();
    const now = performance.now();
    longest = Math.max(longest, now - last);
    if (s.done) {
      const cpu = process.cpuUsage(cpu0);
      return { value: s.value, wall: (now - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6, longest };
    }
    if (now - turn > slice) {
      await new Promise((r) => setImmediate(r));
      turn = performance.now();
    }
    last = performance.now();
  }
}

const plain = (r: RankIntervals) => JSON.stringify([r.rows, r.critical, r.beats]);
const pct = (x: number) => `${(100 * x).toFixed(3)}%`;

async function main() {
  for (const N of sizes.length ? sizes : [1000, 2000, 10000]) {
    const g0 = performance.now();
    const { points, replicates, best } = board(N);
    const sorted = Float64Array.from(points).sort();
    const q = (f: number) => sorted[Math.floor(f * (N - 1))].toFixed(3);
    console.log(
      `\nN = ${N} submissions (${best.length} systems), B = ${replicates[0].length}: built in ${((performance.now() - g0) / 1000).toFixed(1)} s; ` +
        `accuracy min ${q(0)}, 5% ${q(0.05)}, median ${q(0.5)}, 95% ${q(0.95)}, max ${q(1)}`,
    );
    const counts: RankIntervalCounts = { pairs: 0, exactScans: 0, exactVerdicts: 0, undefinedPairs: 0, pending: 0 };
    const fast = await run(rankIntervalSteps(points, replicates, 0.95, [best], { counts }));
    const rss = process.memoryUsage().rss / 2 ** 20;
    console.log(
      `  new:   ${fast.wall.toFixed(2)} s (CPU ${fast.cpu.toFixed(2)} s, longest step ${fast.longest.toFixed(0)} ms, RSS ${rss.toFixed(0)} MB); ` +
        `c = ${fast.value.critical.toFixed(4)}; top group ${fast.value.rows.filter((r) => r.simLo === 1).length}`,
    );
    console.log(
      `         ${counts.pairs} pairs: ${counts.exactScans} scanned exactly for c (${pct(counts.exactScans / counts.pairs)}), ` +
        `${counts.pending} verdicts left for pass 2 (${pct(counts.pending / counts.pairs)}), ` +
        `${counts.exactVerdicts} needed their float64 standard error (${pct(counts.exactVerdicts / counts.pairs)})`,
    );
    // as refresh-board runs it in a worker process: the pair kernel's bands on helper threads, 250 ms slices
    const threaded = await run(
      rankIntervalSteps(points, replicates, 0.95, [best], { kernel: (n, B, rows) => threadedPairKernel(n, B, rows) }),
      250,
    );
    const alike =
      plain(fast.value) === plain(threaded.value) && plain(fast.value.subsets[0]) === plain(threaded.value.subsets[0]);
    console.log(
      `  ${N < THREADED_FROM ? `worker's way (under ${THREADED_FROM} submissions: one thread)` : `threads (${helperThreads()} helpers)`}: ${threaded.wall.toFixed(2)} s (CPU of all threads ${threaded.cpu.toFixed(2)} s, ` +
        `longest step ${threaded.longest.toFixed(0)} ms): ${(fast.wall / threaded.wall).toFixed(2)}× the single thread; output ${alike ? "identical" : "DIFFERENT"}`,
    );
    if (!alike) process.exitCode = 1;
    // issue 51: the same computation with the pair kernel in plain JavaScript (no WebAssembly)
    const js = await run(rankIntervalSteps(points, replicates, 0.95, [best], { simd: false }));
    const jsAlike =
      plain(fast.value) === plain(js.value) && plain(fast.value.subsets[0]) === plain(js.value.subsets[0]);
    console.log(
      `  no WebAssembly (JavaScript kernel): ${js.wall.toFixed(2)} s (CPU ${js.cpu.toFixed(2)} s) — ${(js.wall / fast.wall).toFixed(1)}× the WebAssembly kernel; output ${jsAlike ? "identical" : "DIFFERENT"}`,
    );
    if (!jsAlike) process.exitCode = 1;
    if (N > EXACT_UP_TO) continue;
    const exact = await run(rankIntervalStepsExact(points, replicates, 0.95, [best]));
    const same =
      plain(fast.value) === plain(exact.value) && plain(fast.value.subsets[0]) === plain(exact.value.subsets[0]);
    console.log(
      `  old:   ${exact.wall.toFixed(2)} s (CPU ${exact.cpu.toFixed(2)} s) — ${(exact.wall / fast.wall).toFixed(1)}× the new; output ${same ? "identical" : "DIFFERENT"}`,
    );
    if (!same) process.exitCode = 1;
  }
}

void main();
