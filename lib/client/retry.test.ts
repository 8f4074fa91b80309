import { describe, expect, it } from "vitest";
import { MAX_TRIES, retryDelaySeconds } from "./retry";

describe("retryDelaySeconds", () => {
  it("waits what a 503 busy or a 429 rate limit names, up to a minute", () => {
    expect(retryDelaySeconds(503, "5", "busy", 1)).toBe(5);
    expect(retryDelaySeconds(429, "12", "rate_limited", 2)).toBe(12);
    expect(retryDelaySeconds(503, null, "busy", 1)).toBe(5);
    expect(retryDelaySeconds(503, "0", "busy", 1)).toBe(1);
    expect(retryDelaySeconds(429, "60", "rate_limited", 1)).toBe(60);
  });
  it("stops after MAX_TRIES, on a wait over a minute, a quota used up, or any other answer", () => {
    expect(retryDelaySeconds(503, "5", "busy", MAX_TRIES)).toBeNull();
    expect(retryDelaySeconds(429, "61", "rate_limited", 1)).toBeNull();
    expect(retryDelaySeconds(429, "30", "quota_exceeded", 1)).toBeNull();
    expect(retryDelaySeconds(429, "Wed, 21 Oct 2026 07:28:00 GMT", "rate_limited", 1)).toBeNull();
    for (const s of [200, 201, 400, 408, 413, 422, 500]) expect(retryDelaySeconds(s, "5", undefined, 1)).toBeNull();
  });
});
