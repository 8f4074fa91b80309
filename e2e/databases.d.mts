export function databaseUrl(url: string, name: string): string;
export function freshDatabase(url: string, name: string): Promise<string>;
export function dropDatabase(url: string, name: string): Promise<void>;
