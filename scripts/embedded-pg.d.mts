export function embeddedPgBin(): string | null;
export function hydrateEmbeddedPg(): number;
export function freePort(): Promise<number>;
export function runningEmbeddedPg(dataDir: string): { pid: number; port: number } | null;
export function ensureEmbeddedPostgres(
  dataDir: string,
  opts?: { log?: (m: string) => void },
): Promise<{ url: string; port: number; owned: boolean; stop: () => void }>;
export function serverInfoPath(dataDir: string): string;
export interface ServerInfo {
  pid: number;
  appPid: number;
  url: string;
  port: number;
  embeddedDatabase: { port: number } | null;
  startedAt: string;
}
export function readServerInfo(dataDir: string): ServerInfo | null;
