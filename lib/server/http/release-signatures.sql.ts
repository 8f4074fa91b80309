// The statements of release-signatures.ts, on its own listening connection (pg.Client).
import type pg from "pg";

/** Subscribes the connection to a channel (a fixed identifier, never user input). */
export function listen(client: pg.Client, channel: string) {
  return client.query(`LISTEN ${channel}`);
}

/** The liveness probe of a connection that may have died without a word. */
export function probe(client: pg.Client) {
  return client.query("SELECT 1");
}
