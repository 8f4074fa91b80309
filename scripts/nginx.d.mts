export const NGINX: string;
export function nginxConfig(o: { dir: string; listen: number; upstream: string }): string;
export function startNginx(upstream: string): Promise<{ url: string; stop: () => Promise<void> }>;
