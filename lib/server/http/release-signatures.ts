// Release signatures known without a query per request: each web process LISTENs on
// `release_changed` (a trigger on releases notifies at commit, migration 20261128000000) and
// keeps the signatures it has read until a notification says a release changed. While the
// listening connection is down (starting, or PostgreSQL restarting) nothing is kept and every
// request reads the signature, as before. Staleness is bounded by the notification's delivery
// after commit (docs/performance.md gives the measured figure). A connection that dies without a
// word (a half-open socket, a failover) is found by a probe every PROBE_MS, and no signature is
// kept longer than KEEP_MS whatever happens, so a silent failure costs at most KEEP_MS of
// staleness. LISTEN needs a session: the listening connection goes to the database's direct URL
// (DATABASE_DIRECT_URL when DATABASE_URL is a transaction-mode PgBouncer, which delivers none).
import pg from "pg";
import { sessionUrl } from "@/lib/server/db";
import { log } from "@/lib/server/observability";
import { listen, probe } from "./release-signatures.sql";

export const RELEASE_CHANNEL = "release_changed";
/** How often the listening connection is probed. */
const PROBE_MS = 5_000;
/** The longest a signature is kept without being read again (a backstop for silent failures). */
export const KEEP_MS = 15_000;
/** The most signatures kept at once (tasks, teams); past it the map starts afresh. */
const MAX_KEPT = 10_000;

interface Listener {
  url: string;
  ready: boolean;
  /** bumped by every notification: a signature read before one is not kept */
  gen: number;
  sigs: Map<string, { sig: string; at: number }>;
  client: pg.Client | null;
  notified: number;
  /** replaced by a listener for another database (tests): never reconnects */
  stopped: boolean;
  probe: NodeJS.Timeout | null;
}

const g = globalThis as unknown as { __releaseSignatures?: Listener };

function connect(l: Listener): void {
  if (l.stopped) return;
  const client = new pg.Client({ connectionString: sessionUrl(l.url), keepAlive: true });
  l.client = client;
  const down = (why: unknown) => {
    if (l.client !== client) return;
    l.ready = false;
    l.sigs.clear();
    l.gen++;
    l.client = null;
    if (l.probe) clearInterval(l.probe);
    l.probe = null;
    client.removeAllListeners();
    client.on("error", () => undefined); // what pg still reports while ending is not news
    client.end().catch(() => undefined);
    if (l.stopped) return;
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
    .then(() => listen(client, RELEASE_CHANNEL))
    .then(() => {
      if (l.client !== client) return;
      l.sigs.clear();
      l.gen++;
      l.ready = true;
      // a socket that died silently answers no probe
      l.probe = setInterval(() => {
        const timeout = setTimeout(() => down(new Error("probe unanswered")), PROBE_MS);
        timeout.unref();
        probe(client).then(
          () => clearTimeout(timeout),
          (e) => {
            clearTimeout(timeout);
            down(e);
          },
        );
      }, PROBE_MS);
      l.probe.unref();
    })
    .catch(down);
  // the listening connection must not keep a process alive
  (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
}

function stop(l: Listener): void {
  l.stopped = true;
  l.ready = false;
  if (l.probe) clearInterval(l.probe);
  const c = l.client;
  l.client = null;
  if (c) {
    c.removeAllListeners();
    c.on("error", () => undefined);
    c.end().catch(() => undefined);
  }
}

function listener(url: string): Listener {
  let l = g.__releaseSignatures;
  if (!l || l.url !== url) {
    if (l) stop(l);
    l = g.__releaseSignatures = {
      url,
      ready: false,
      gen: 0,
      sigs: new Map(),
      client: null,
      notified: 0,
      stopped: false,
      probe: null,
    };
    connect(l);
  }
  return l;
}

/** Stops listening (tests that drop their database; a process that shuts down). */
export function stopReleaseSignatures(): void {
  const l = g.__releaseSignatures;
  if (l) stop(l);
  g.__releaseSignatures = undefined;
}

/**
 * A task's release signature: kept while this process listens and no release changed since it
 * was read; else read with `read` (and kept when no notification arrived meanwhile).
 */
export async function knownSignature(url: string, fullSlug: string, read: () => Promise<string>): Promise<string> {
  const l = listener(url);
  if (l.ready) {
    const hit = l.sigs.get(fullSlug);
    if (hit && Date.now() - hit.at < KEEP_MS) return hit.sig;
  }
  const gen = l.gen;
  const ready = l.ready;
  const at = Date.now();
  const sig = await read();
  if (ready && l.ready && l.gen === gen) {
    // keys come from paths (team slugs among them): a crawler's made-up ones must not grow this without end
    if (l.sigs.size >= MAX_KEPT) l.sigs.clear();
    l.sigs.set(fullSlug, { sig, at });
  }
  return sig;
}

/** For tests and the health of the mechanism: whether this process listens, and notifications seen. */
export function releaseSignatureState(): { ready: boolean; kept: number; notified: number } {
  const l = g.__releaseSignatures;
  return { ready: Boolean(l?.ready), kept: l?.sigs.size ?? 0, notified: l?.notified ?? 0 };
}
