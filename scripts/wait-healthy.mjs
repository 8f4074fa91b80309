// Waits until an app answers GET /api/v1/health (bench, e2e). Rejects after `ms`.
export async function waitHealthy(url, ms = 600_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      /* still starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start within ${Math.round(ms / 1000)} s`);
}
