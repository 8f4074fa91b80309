export function findPgBin(): string | null;
export function startThrowawayPostgres(): Promise<{
  url: string;
  stop: () => void;
  pause: () => void;
  resume: () => void;
} | null>;
