import type { Metadata } from "next";
import { OG_SIZE } from "./card";

/**
 * A page's metadata with its link preview: the title and description, and the preview image at
 * `image` (1200×630) for Open Graph and Twitter cards; `ogTitle` is the card's own title when it is
 * not the page's, `url` the page's address for Open Graph.
 */
export function previewMetadata({
  title,
  ogTitle = title,
  description,
  image,
  alt,
  url,
}: {
  title: string;
  ogTitle?: string;
  description: string;
  image: string;
  alt: string;
  url?: string;
}): Metadata {
  const images = [{ url: image, ...OG_SIZE, alt }];
  return {
    title,
    description,
    openGraph: { title: ogTitle, description, images, ...(url ? { url } : {}) },
    twitter: { card: "summary_large_image", title: ogTitle, description, images: [image] },
  };
}
