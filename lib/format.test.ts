import { describe, expect, it } from "vitest";
import {
  ciText,
  fixed,
  formatBytes,
  formatInterval,
  formatMetric,
  halfWidth,
  percent,
  plural,
  possessive,
  pValue,
  signedDiff,
  usd,
} from "./format";

describe("number formatting (one place)", () => {
  it("formats metrics as METRICS.md asks, rounding the exact binary value as Python does", () => {
    expect(formatMetric(0.59213, "score3")).toBe("0.592");
    expect(formatMetric(0.4127, "percent1")).toBe("41.3%");
    expect(formatMetric(12345.6, "number3")).toBe("12345.600");
    expect(formatMetric(3.456, "ratio")).toBe("3.46");
    expect(formatMetric(null, "ratio")).toBe("∞");
    expect(formatMetric(undefined, "score3")).toBe("—");
    expect(formatMetric(41.6, "count")).toBe("42");
    expect(formatMetric(0.1235, "score3")).toBe("0.123"); // Python: format(0.1235, ".3f")
  });
  it("agrees with toFixed on the values the app shows", () => {
    for (const x of [0, 1, 0.5, 0.0005, 0.1235, 0.9995, 0.3333333, 2 / 3, 1e-9, 123.4565]) {
      expect(fixed(x, 3)).toBe(x.toFixed(3));
      expect(percent(x, 1)).toBe(`${(x * 100).toFixed(1)}%`);
    }
  });
  it("signs, p-values, dollars and bytes", () => {
    expect(signedDiff(0.012, "percent1")).toBe("+1.2 pts");
    expect(signedDiff(-0.0123, "score3")).toBe("-0.012");
    expect(signedDiff(0, "score3")).toBe("0.000");
    expect(pValue(0.0004)).toBe("4.0e-4");
    expect(pValue(0.0312)).toBe("0.031");
    expect(usd(1.5)).toBe("$1.50");
    expect(usd(null)).toBe("—");
    expect(formatBytes(2048)).toBe("2.0 KB");
  });

  it("prints an interval in its metric's unit: percent beside a percent, never fractions (issue 49)", () => {
    // the cases: CR-Bench F1 15.0%, A&V 56.4%, CI-Bench 41.0%
    expect(ciText({ low: 0.115, high: 0.189 }, "percent1")).toBe("95% CI 11.5–18.9%");
    expect(ciText({ low: 0.463, high: 0.667 }, "percent1")).toBe("95% CI 46.3–66.7%");
    expect(formatInterval({ low: 0.32, high: 0.5 }, "percent1")).toBe("32.0–50.0%");
    expect(ciText({ low: 0.47712, high: 0.52388 }, "score3")).toBe("95% CI 0.477–0.524");
    expect(formatInterval(null, "score3")).toBe("—");
    // the board's ±: half the interval, in percent for a percent metric
    expect(halfWidth({ low: 0.113, high: 0.187 }, "percent1")).toBe("±3.7%");
    expect(halfWidth({ low: 0.477, high: 0.523 }, "score3")).toBe("±0.023");
  });
  it("counts with the noun's number, and possessives of names ending in s", () => {
    expect(plural(1, "row")).toBe("1 row");
    expect(plural(0, "row")).toBe("0 rows");
    expect(plural(1015, "system")).toBe("1,015 systems");
    expect(plural(2, "body", "bodies")).toBe("2 bodies");
    expect(possessive("BouncerBench authors")).toBe("BouncerBench authors'");
    expect(possessive("Ana")).toBe("Ana's");
  });
});
