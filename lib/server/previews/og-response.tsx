import { ImageResponse } from "next/og";
import { OG_SIZE } from "@/components/og/card";
import { ogImages } from "./og";

/**
 * A PNG for a preview, rendered once per (what, version) in this process. With `?v=` naming the
 * current version the response is immutable (pages link to that URL, so a changed board gets a
 * new URL); without it, caches keep it 5 minutes. An image of something private is `private, no-store`.
 */
export async function ogPng(
  key: string,
  version: string,
  requested: string | null,
  draw: () => React.ReactElement,
  opts: { private?: boolean } = {},
): Promise<Response> {
  const k = `${key}@${version}`;
  let png = ogImages.get(k);
  if (!png) {
    png = new ImageResponse(draw(), OG_SIZE).arrayBuffer();
    png.catch(() => ogImages.delete(k));
    ogImages.set(k, png, 200_000);
    png.then((b) => ogImages.weigh(k, b.byteLength)).catch(() => undefined);
  }
  const body = await png;
  return new Response(body, {
    headers: {
      "content-type": "image/png",
      // an image about a private submission is for the one who asked only
      "cache-control": opts.private
        ? "private, no-store"
        : requested === version
          ? "public, max-age=31536000, immutable"
          : "public, max-age=300",
    },
  });
}

/** The version a page puts in its preview's URL (short and URL-safe). */
export function versionTag(version: string): string {
  let h = 0;
  for (let i = 0; i < version.length; i++) h = (Math.imul(31, h) + version.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}
