// `npm run bench` phase `crawl`: one URL of every page and GET route of the app, found from the
// files under app/ (test/helpers/router.ts — the list Next.js routes), so a new page is measured
// without touching this file; a pattern with no URL here is reported as such, not skipped
// silently. Each is loaded by CRAWL_CONNECTIONS concurrent readers for CRAWL_SECONDS, next to
// the same server's static asset: p50/p99 as ratios, and the bytes of one answer.
import autocannon from "autocannon";
import { listRoutes } from "../test/helpers/router";

export interface CrawlIds {
  submission: string;
  instance: string;
  version: string;
  team: string;
  adminToken: string;
}

/** A URL for a route pattern, whether it needs the admin token, or why it is not crawled. */
export function urlFor(pattern: string, ids: CrawlIds): { url: string; admin?: boolean } | { skip: string } {
  const t = "/tasks/bouncerbench/input";
  const fill = pattern
    .replace("[benchmark]/[task]", "bouncerbench/input")
    .replace("/submissions/[id]", `/submissions/${ids.submission}`)
    .replace("[instance]", encodeURIComponent(ids.instance))
    .replace("/instances/[id]", `/instances/${encodeURIComponent(ids.instance)}`)
    .replace("[version]", ids.version)
    .replace("/teams/[slug]", `/teams/${ids.team}`);
  const special: Record<string, { url: string; admin?: boolean } | { skip: string }> = {
    "/account": { skip: "signed-in page (session cookie)" },
    "/admin": { skip: "signed-in page (session cookie)" },
    "/admin/activity": { skip: "signed-in page (session cookie)" },
    "/tasks/[benchmark]/[task]/submit": { skip: "signed-in page (session cookie)" },
    "/api/auth/[...nextauth]": { url: "/api/auth/session" },
    "/invitations/[token]": { url: "/invitations/lbi_not-a-real-invitation-token" },
    "/api/v1/admin/jobs/[id]": { skip: "needs a job id" },
    "/api/v1/jobs/[id]": { skip: "needs a job id" },
    "/api/v1/admin/releases/[id]": { skip: "needs a release id" },
    "/api/v1/admin/activity": { url: "/api/v1/admin/activity", admin: true },
    "/api/v1/me": { url: "/api/v1/me", admin: true },
    "/api/v1/tokens": { url: "/api/v1/tokens", admin: true },
    "/tasks/[benchmark]/[task]/compare": { url: `${t}/compare?ids=${ids.submission}` },
    "/og/tasks/[benchmark]/[task]/compare": { url: `/og/tasks/bouncerbench/input/compare?ids=${ids.submission}` },
    "/badges/tasks/[benchmark]/[task]/submissions/[file]": {
      url: `/badges/tasks/bouncerbench/input/submissions/${ids.submission}.svg`,
    },
    "/badges/tasks/[benchmark]/[task]/teams/[file]": { url: `/badges/tasks/bouncerbench/input/teams/${ids.team}.svg` },
    "/api/v1/submissions/[id]/breakdown": { url: `/api/v1/submissions/${ids.submission}/breakdown?by=repository` },
  };
  if (special[pattern]) return special[pattern];
  if (/\[/.test(fill)) return { skip: `no URL for ${pattern} in scripts/bench-crawl.ts` };
  return { url: fill };
}

export async function crawl(
  base: string,
  ids: CrawlIds,
  staticPath: string,
  opts: { connections: number; seconds: number; compareIds: string[] },
) {
  const run = async (url: string, headers: Record<string, string> = {}) => {
    const r = await autocannon({
      url: `${base}${url}`,
      connections: opts.connections,
      duration: opts.seconds,
      headers,
    });
    return { p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, rps: r.requests.average };
  };
  const stat = await run(staticPath);
  const rows: {
    pattern: string;
    url: string;
    p50: number;
    p99: number;
    ratio: number;
    bytes: number;
    status: number;
    non2xx: number;
  }[] = [];
  const skipped: { pattern: string; why: string }[] = [];
  for (const r of listRoutes().filter((x) => x.methods.includes("GET"))) {
    const u = urlFor(r.pattern, ids);
    if ("skip" in u) {
      skipped.push({ pattern: r.pattern, why: u.skip });
      continue;
    }
    const url = u.url.replace(`ids=${ids.submission}`, `ids=${opts.compareIds.join(",")}`);
    const headers: Record<string, string> = u.admin ? { authorization: `Bearer ${ids.adminToken}` } : {};
    const one = await fetch(`${base}${url}`, { headers });
    const bytes = (await one.arrayBuffer()).byteLength;
    await run(url, headers); // warm-up: caches and compiled code
    const m = await run(url, headers);
    rows.push({ pattern: r.pattern, url, ...m, ratio: m.p50 / Math.max(stat.p50, 1), bytes, status: one.status });
    console.log(
      `[bench] crawl ${url}: ${one.status}, ${(bytes / 1024).toFixed(0)} KB, p50 ${m.p50} ms (${(m.p50 / Math.max(stat.p50, 1)).toFixed(1)}×), p99 ${m.p99} ms`,
    );
  }
  return { stat, rows, skipped };
}
