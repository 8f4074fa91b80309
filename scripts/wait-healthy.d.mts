export function waitHealthy(url: string, ms?: number): Promise<void>;
