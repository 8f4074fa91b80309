export function envFiles(mode: string): string[];
export function defaultMode(env?: NodeJS.ProcessEnv): "test" | "development" | "production";
export function parseDotenvFallback(text: string): Record<string, string>;
export function parseDotenv(text: string, opts?: { builtin?: boolean }): Record<string, string>;
export function expandValue(
  value: string,
  fromEnv: (name: string) => string | undefined,
  fromFile?: (name: string) => string | undefined,
): string;
export function loadEnv(opts?: { dir?: string; mode?: string; env?: Record<string, string | undefined> }): {
  files: string[];
  set: string[];
  named: Record<string, number>;
};
export function envForNext(
  env: Record<string, string | undefined>,
  named: Record<string, number>,
): Record<string, string | undefined>;
