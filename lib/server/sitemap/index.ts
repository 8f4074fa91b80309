import { sqlOf, type Database } from "@/lib/server/db";
import { liveSnapshots, publicSubmissions, publishedTasks, teamsWithPublicSubmissions } from "./sitemap.sql";

/** A sitemap holds at most 50,000 URLs (sitemaps.org); boards, snapshots (5,000 newest) and teams first, then the newest submissions. */
const MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** What crawlers are pointed at: the home page, every board, its releases and changelog, snapshots (frozen boards), teams, public submissions. */
export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const sql = sqlOf(db);
  const tasks = await publishedTasks(sql);
  const out: SitemapEntry[] = [{ path: "/" }];
  for (const t of tasks) {
    out.push({ path: `/tasks/${t.slug}`, lastModified: t.at });
    out.push({ path: `/tasks/${t.slug}/releases` }, { path: `/tasks/${t.slug}/changelog` });
  }
  for (const s of await liveSnapshots(sql, 5_000))
    out.push({ path: `/tasks/${s.slug}?snapshot=${s.id}`, lastModified: s.at });
  for (const t of await teamsWithPublicSubmissions(sql)) out.push({ path: `/teams/${t.slug}` });
  for (const s of await publicSubmissions(sql, Math.max(0, MAX_URLS - out.length)))
    out.push({ path: `/submissions/${s.id}`, lastModified: s.at });
  return out;
}
