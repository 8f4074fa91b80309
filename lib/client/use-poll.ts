"use client";

import useSWR from "swr";

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { cache: "no-store" });
  if (!res.ok) throw Object.assign(new Error(`${res.status} ${res.statusText}`), { status: res.status });
  return (await res.json()) as T;
}

/**
 * The one way a page follows something the server is doing (a job, a queued upload): polls
 * `url` every `intervalMs` until `done(data)`; a failed request is retried (with backoff) and
 * reported as `lost` meanwhile, never ends the polling for good. `url` null polls nothing.
 */
export function usePoll<T>(
  url: string | null,
  opts: { intervalMs: number; done: (data: T) => boolean; /** what the server rendered with */ initial?: T },
) {
  const { data, error } = useSWR<T>(url, getJson, {
    fallbackData: opts.initial,
    refreshInterval: (latest) => (latest && opts.done(latest) ? 0 : opts.intervalMs),
    revalidateOnFocus: false,
    dedupingInterval: 0,
    errorRetryInterval: opts.intervalMs,
    errorRetryCount: Infinity,
  });
  return { data, lost: Boolean(error) };
}
