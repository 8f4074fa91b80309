export function findPgBin(): string | null;
export function startThrowawayPostgres(): Promise<{ url: string; stop: () => void } | null>;
