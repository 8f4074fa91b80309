export const root: string;
export const SERVER_ENTRIES: Record<string, string>;
export function newest(paths: string[]): number;
export function ensureBundle(opts?: {
  outDir?: string;
  entries?: Record<string, string>;
  extra?: Record<string, string>;
  force?: boolean;
}): Promise<string>;
