// Release signatures known without a query per request: each web process LISTENs on
// `release_changed` (a trigger on releases notifies at commit, migration 20261128000000) and
// keeps the signatures it has read until a notification says a release changed. While the
// listening connection is down (starting, or PostgreSQL restarting) nothing is kept and every
// request reads the signature, as before. Staleness is bounded by the notification's delivery
// after commit (docs/performance.md gives the measured figure) — the same order as the time a
// board's refresh takes to become visible anyway.
import pg from "pg";
import { log } from "@/lib/server/observability";

export const RELEASE_CHANNEL = "release_changed";

interface Listener {
  url: string;
  ready: boolean;
  /** bumped by every notification: a signature read before one is not kept */
  gen: number;
  sigs: Map<string, string>;
  client: pg.Client | null;
  notified: number;
}

const g = globalThis as unknown as { __releaseSignatures?: Listener };

function connect(l: Listener): void {
  const client = new pg.Client({ connectionString: l.url });
  l.client = client;
  const down = (why: unknown) => {
    if (l.client !== client) return;
    l.ready = false;
    l.sigs.clear();
    l.gen++;
    l.client = null;
    client.removeAllListeners();
    client.end().catch(() => undefined);
    log.warn({ err: why }, "release signature listener down: reading signatures per request until it reconnects");
    setTimeout(() => connect(l), 1000).unref();
  };
  client.on("error", down);
  client.on("end", () => down(new Error("connection ended")));
  client.on("notification", () => {
    // any release of any task: drop every kept signature (changes are rare next to reads)
    l.gen++;
    l.notified++;
    l.sigs.clear();
  });
  client
    .connect()
    .then(() => client.query(`LISTEN ${RELEASE_CHANNEL}`))
    .then(() => {
      if (l.client !== client) return;
      l.sigs.clear();
      l.gen++;
      l.ready = true;
    })
    .catch(down);
  // the listening connection must not keep a process alive
  (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
}

function listener(url: string): Listener {
  let l = g.__releaseSignatures;
  if (!l || l.url !== url) {
    if (l?.client) l.client.end().catch(() => undefined);
    l = g.__releaseSignatures = { url, ready: false, gen: 0, sigs: new Map(), client: null, notified: 0 };
    connect(l);
  }
  return l;
}

/**
 * A task's release signature: kept while this process listens and no release changed since it
 * was read; else read with `read` (and kept when no notification arrived meanwhile).
 */
export async function knownSignature(url: string, fullSlug: string, read: () => Promise<string>): Promise<string> {
  const l = listener(url);
  if (l.ready) {
    const hit = l.sigs.get(fullSlug);
    if (hit !== undefined) return hit;
  }
  const gen = l.gen;
  const ready = l.ready;
  const sig = await read();
  if (ready && l.ready && l.gen === gen) l.sigs.set(fullSlug, sig);
  return sig;
}

/** For tests and the health of the mechanism: whether this process listens, and notifications seen. */
export function releaseSignatureState(): { ready: boolean; kept: number; notified: number } {
  const l = g.__releaseSignatures;
  return { ready: Boolean(l?.ready), kept: l?.sigs.size ?? 0, notified: l?.notified ?? 0 };
}
