import { percent } from "@/lib/format";
/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];
export const colorAt = (i: number) => PALETTE[i % PALETTE.length];
export const pctFmt = (v: number) => percent(v, 0);
