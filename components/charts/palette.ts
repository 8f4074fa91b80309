import { percent } from "@/lib/format";
/**
 * Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. Its black is a
 * mid grey here: a black line or swatch vanished on the dark background (grey keeps ≥ 3:1 on both).
 */
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#808080"];
export const colorAt = (i: number) => PALETTE[i % PALETTE.length];
export const pctFmt = (v: number) => percent(v, 0);
/**
 * Chart text and ink (axis labels, ticks, legends, error bars): CSS variables set in
 * app/globals.css for light and dark mode, ≥ 4.5:1 on either page background. Use in `style`.
 */
export const CHART_TEXT = "var(--chart-text)";
export const CHART_INK = "var(--chart-ink)";
