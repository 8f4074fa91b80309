// GET /sitemap.xml – boards, releases, changelogs, teams and public scored submissions, for crawlers
import type { MetadataRoute } from "next";
import { getDatabase } from "@/lib/server/db";
import { publicUrl } from "@/lib/server/http";
import { sitemapEntries } from "@/lib/server/sitemap";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = publicUrl();
  return (await sitemapEntries(await getDatabase())).map((e) => ({
    url: `${base}${e.path}`,
    ...(e.lastModified ? { lastModified: e.lastModified } : {}),
  }));
}
