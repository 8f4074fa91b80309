// Promise rejections nobody handled, collected while a test file runs (a body stream that failed
// long before its request ended must not leave one behind).
import { afterAll, beforeAll } from "vitest";

/** The unhandled rejections of this file's tests, in order: a test expects it empty. */
export function unhandledRejections(): unknown[] {
  const seen: unknown[] = [];
  const onRejection = (e: unknown) => seen.push(e);
  beforeAll(() => void process.on("unhandledRejection", onRejection));
  afterAll(() => void process.off("unhandledRejection", onRejection));
  return seen;
}
