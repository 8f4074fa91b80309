import { describe, expect, it } from "vitest";
import {
  SEQUENTIAL,
  quantileOf,
  rankScale,
  axisNote,
  contrastRatio,
  dateTicks,
  niceStep,
  niceTicks,
  relativeLuminance,
  sequentialColor,
  stepDecimals,
  textColorOn,
  tickLabel,
  ticksWithin,
  valueAxis,
} from "./chart-ticks";

/** Whether `x` is a whole multiple of 1, 2, 2.5 or 5 × 10^k. */
const isNice = (step: number) => {
  const mag = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5, 10].some((m) => Math.abs(step / mag - m) < 1e-9);
};
const isMultiple = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9;

describe("nice ticks", () => {
  it("steps are 1, 2, 2.5 or 5 × 10^k", () => {
    expect(niceStep(0.13)).toBe(0.2);
    expect(niceStep(0.021)).toBe(0.025);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(45)).toBe(50);
    expect(niceStep(1)).toBe(1);
    for (const raw of [0.0007, 0.003, 0.018, 0.09, 0.33, 7, 160, 4321]) expect(isNice(niceStep(raw))).toBe(true);
  });

  it("the compare page's Δ axis: round ticks, no 0.101 / −0.114 / −0.264", () => {
    const t = niceTicks(-0.264, 0.101);
    expect(t).toEqual([-0.3, -0.2, -0.1, 0, 0.1, 0.2]);
    const t2 = niceTicks(-0.032, 0.037);
    expect(t2).toEqual([-0.04, -0.02, 0, 0.02, 0.04]);
  });

  it("cover the range with evenly spaced multiples of a nice step, without float noise", () => {
    for (const [lo, hi] of [
      [0, 1],
      [0.477, 0.555],
      [-1, 1],
      [0, 174],
      [0.0003, 0.0011],
      [12, 12],
      [0, 0],
    ]) {
      const t = niceTicks(lo, hi);
      const step = t[1] - t[0];
      expect(t[0]).toBeLessThanOrEqual(lo);
      expect(t[t.length - 1]).toBeGreaterThanOrEqual(hi);
      expect(t.length).toBeGreaterThanOrEqual(3);
      expect(t.length).toBeLessThanOrEqual(7);
      expect(isNice(Number(step.toPrecision(10)))).toBe(true);
      for (const v of t) {
        expect(isMultiple(v, step)).toBe(true);
        expect(String(v).length).toBeLessThan(10);
      }
    }
    expect(niceTicks(0, 174)).toEqual([0, 50, 100, 150, 200]);
  });

  it("inside a fixed domain keep its start", () => {
    expect(ticksWithin(1, 20)).toEqual([1, 5, 10, 15, 20]);
    expect(ticksWithin(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(ticksWithin(0, 1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it("labels print the step's decimals, trailing zeros trimmed (percent in points)", () => {
    expect(stepDecimals(0.025)).toBe(3);
    expect(stepDecimals(0.5)).toBe(1);
    expect(stepDecimals(50)).toBe(0);
    expect(tickLabel(0.5, 0.025)).toBe("0.5");
    expect(tickLabel(0.475, 0.025)).toBe("0.475");
    expect(tickLabel(40, 10)).toBe("40");
    expect(tickLabel(0.0001, 0.0001)).toBe("0.0001");
    expect(tickLabel(0.525, 0.025, true)).toBe("52.5%");
    expect(tickLabel(0.5, 0.1, true)).toBe("50%");
    expect(tickLabel(-0.02, 0.02)).toBe("-0.02");
  });
});

describe("value axis", () => {
  it("starts near the data when they are a narrow band far from 0, and says so", () => {
    // the top 24 of a 1,000-system board: F_m 0.50–0.53, intervals 0.477–0.555
    const a = valueAxis([0.477, 0.503, 0.529, 0.555]);
    expect(a.hasZero).toBe(false);
    expect(a.domain[0]).toBeGreaterThan(0.4);
    expect(a.domain[0]).toBeLessThanOrEqual(0.477);
    expect(a.domain[1]).toBeGreaterThanOrEqual(0.555);
    expect(a.domain[1]).toBeLessThan(0.65);
    // a little padding: no value on the axis' end
    expect(a.domain[0]).toBeLessThan(0.477);
    expect(a.domain[1]).toBeGreaterThan(0.555);
    expect(a.ticks.every((t) => isMultiple(t, a.step))).toBe(true);
    expect(axisNote(a, (v) => tickLabel(v, a.step))).toBe(`axis starts at ${tickLabel(a.domain[0], a.step)}, not 0`);
  });

  it("starts at 0 when the data fill at least half the way from it (and has no note)", () => {
    const a = valueAxis([0.2, 0.35, 0.6]);
    expect(a.hasZero).toBe(true);
    expect(a.domain[0]).toBe(0);
    expect(a.domain[1]).toBeGreaterThanOrEqual(0.6);
    expect(axisNote(a, String)).toBeNull();
  });

  it("reaches 0 when asked (bars, differences) and when the data straddle it", () => {
    const bars = valueAxis([0.5, 0.53], { zero: "always" });
    expect(bars.domain[0]).toBe(0);
    const delta = valueAxis([-0.032, 0.004, 0.037]);
    expect(delta.hasZero).toBe(true);
    expect(delta.ticks).toContain(0);
    expect(delta.domain[0]).toBeLessThanOrEqual(-0.032);
    expect(delta.domain[1]).toBeGreaterThanOrEqual(0.037);
  });

  it("never pads shares past 0 or 1", () => {
    const a = valueAxis([0.9, 0.97, 1]);
    expect(a.domain[1]).toBe(1);
    const b = valueAxis([0, 0.02, 0.05]);
    expect(b.domain[0]).toBe(0);
  });

  it("notes an axis of negative values that stops short of 0", () => {
    const a = valueAxis([-0.55, -0.5]);
    expect(a.hasZero).toBe(false);
    expect(axisNote(a, String)).toMatch(/^axis ends at -0\.\d+, not 0$/);
  });

  it("survives no values, one value and non-finite ones", () => {
    expect(valueAxis([]).domain).toEqual([0, 1]);
    expect(valueAxis([Number.NaN, 0.4]).hasZero).toBe(false);
    expect(valueAxis([0.4]).domain[0]).toBeLessThan(0.4);
  });
});

describe("date ticks", () => {
  const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
  const distinct = (l: string[]) => new Set(l).size === l.length;

  it("months: one per round month, 'Nov 2026', never a label twice", () => {
    const d = dateTicks(day("2026-03-14"), day("2026-11-26"));
    expect(d.unit).toBe("month");
    expect(distinct(d.labels)).toBe(true);
    expect(d.labels).toContain("Nov 2026");
    for (const t of d.ticks) expect(new Date(t).getUTCDate()).toBe(1);
    expect(d.ticks.length).toBeLessThanOrEqual(6);
    expect(d.ticks.length).toBeGreaterThanOrEqual(2);
  });

  it("days within a month: 'Nov 3'", () => {
    const d = dateTicks(day("2026-11-02"), day("2026-11-26"));
    expect(d.unit).toBe("day");
    expect(distinct(d.labels)).toBe(true);
    expect(d.labels.every((l) => /^Nov \d{1,2}$/.test(l))).toBe(true);
    for (const t of d.ticks) expect(t % 86_400_000).toBe(0);
    expect(d.context).toBe("2026");
  });

  it("years across a decade", () => {
    const d = dateTicks(day("2019-05-01"), day("2026-11-26"));
    expect(d.unit).toBe("year");
    expect(d.labels.every((l) => /^\d{4}$/.test(l))).toBe(true);
    expect(distinct(d.labels)).toBe(true);
  });

  it("hours and minutes within a day: 'HH:MM', the day said once", () => {
    const from = Date.parse("2026-11-26T09:46:03Z");
    const d = dateTicks(from, Date.parse("2026-11-26T10:17:23Z"), 4);
    expect(d.unit).toBe("minute");
    expect(d.labels).toEqual(["09:50", "10:00", "10:10"]);
    expect(dateTicks(from, Date.parse("2026-11-26T10:17:23Z")).labels).toEqual([
      "09:50",
      "09:55",
      "10:00",
      "10:05",
      "10:10",
      "10:15",
    ]);
    expect(d.context).toBe("Nov 26, 2026 (UTC)");
    const across = dateTicks(Date.parse("2026-11-26T20:00:00Z"), Date.parse("2026-11-27T08:00:00Z"));
    expect(distinct(across.labels)).toBe(true);
    expect(across.labels[0]).toMatch(/^Nov 26 \d\d:00$/);
  });

  it("are distinct and round at any span and tick budget", () => {
    const start = Date.parse("2025-12-30T13:17:00Z");
    for (const span of [90_000, 3.6e6, 8.64e7, 2.6e9, 3.2e10, 1.6e11, 4e11])
      for (const max of [3, 4, 6, 8]) {
        const d = dateTicks(start, start + span, max);
        expect(distinct(d.labels)).toBe(true);
        expect(d.ticks.length).toBeLessThanOrEqual(max);
        expect(d.ticks.length).toBeGreaterThanOrEqual(1);
        for (const t of d.ticks) {
          expect(t).toBeGreaterThanOrEqual(start);
          expect(t).toBeLessThanOrEqual(start + span);
          expect(t % 60_000).toBe(0);
        }
      }
  });

  it("a single moment gets one tick", () => {
    const t = Date.parse("2026-11-26T09:46:03Z");
    expect(dateTicks(t, t).ticks).toEqual([t]);
  });
});

describe("contrast", () => {
  it("computes WCAG luminance and contrast", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 6);
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 6);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("picks a text colour with ≥ 4.5:1 on any cell colour", () => {
    const samples = [...SEQUENTIAL];
    for (let i = 0; i <= 100; i++) samples.push(sequentialColor(i / 100));
    for (let g = 0; g < 256; g += 5) samples.push(`#${g.toString(16).padStart(2, "0").repeat(3)}`);
    samples.push("#0072b2", "#e69f00", "#009e73", "#56b4e9", "#cc79a7", "#d55e00", "#f0e442");
    for (const bg of samples) expect(contrastRatio(textColorOn(bg), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it("the sequential scale darkens monotonically from its first to its last stop", () => {
    let last = Infinity;
    for (let i = 0; i <= 20; i++) {
      const l = relativeLuminance(sequentialColor(i / 20));
      expect(l).toBeLessThan(last);
      last = l;
    }
    expect(sequentialColor(0)).toBe(SEQUENTIAL[0]);
    expect(sequentialColor(1)).toBe(SEQUENTIAL[SEQUENTIAL.length - 1]);
  });
});

describe("date ticks on a narrow axis", () => {
  const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
  it("fit the width with at least two round ticks where a coarser interval allows", () => {
    for (const [from, to] of [
      ["2026-11-05", "2026-11-26"],
      ["2026-02-01", "2026-11-26"],
      ["2020-11-26", "2026-11-26"],
    ]) {
      const d = dateTicks(day(from), day(to), 8, 260);
      expect(d.ticks.length).toBeGreaterThanOrEqual(2);
      expect(d.ticks.length * (Math.max(...d.labels.map((l) => l.length)) * 7 + 16)).toBeLessThanOrEqual(260);
      expect(new Set(d.labels).size).toBe(d.labels.length);
    }
  });
});

describe("rankScale", () => {
  it("spreads a narrow band evenly whatever the outliers", () => {
    const values = [0, 0.5, 0.51, 0.52, 0.53, 1];
    const t = rankScale(values);
    expect(values.map(t)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    // a range scale would put the four middle values within 0.03 of each other
  });
  it("gives ties their mean position and clamps values outside", () => {
    const t = rankScale([1, 2, 2, 3]);
    expect(t(2)).toBeCloseTo(0.5);
    expect(t(1)).toBe(0);
    expect(t(3)).toBe(1);
    expect(t(0)).toBe(0);
    expect(t(9)).toBe(1);
    expect(t(2.5)).toBeCloseTo(2.5 / 3);
    expect(rankScale([4])(4)).toBe(0.5);
  });
});

describe("quantileOf", () => {
  it("interpolates as numpy.quantile does", () => {
    // numpy.quantile([1, 2, 3, 10], [0, 0.5, 0.25, 1]) → 1, 2.5, 1.75, 10
    expect(quantileOf([10, 1, 3, 2], 0)).toBe(1);
    expect(quantileOf([10, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantileOf([10, 1, 3, 2], 0.25)).toBe(1.75);
    expect(quantileOf([10, 1, 3, 2], 1)).toBe(10);
  });
});
