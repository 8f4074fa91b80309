import type { IncomingMessage } from "node:http";

// The address of the client as this server can vouch for it, stamped on every request in
// `x-client-address` (any such header a client sent is overwritten). Without a proxy in front
// (TRUSTED_PROXY_HOPS=0, the default) it is the socket's peer; behind N trusted proxies that each
// append to X-Forwarded-For, it is the address the outermost of them saw: the N-th entry from the
// right of X-Forwarded-For + the peer. Rate limits per client (lib/server/limits/rate-limits.ts)
// key on it. docs/operations.md.

export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** The client's address behind `hops` trusted proxies. */
export function clientAddress(req: Pick<IncomingMessage, "headers" | "socket">, hops: number): string {
  const chain = hops
    ? String(req.headers["x-forwarded-for"] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  chain.push(req.socket?.remoteAddress ?? "unknown");
  return chain[Math.max(0, chain.length - 1 - hops)];
}

/** TRUSTED_PROXY_HOPS as a count (0 when unset or not a number). */
export function trustedHops(env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(0, Number.parseInt(env.TRUSTED_PROXY_HOPS ?? "0", 10) || 0);
}
