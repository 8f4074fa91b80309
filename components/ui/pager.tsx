import Link from "next/link";

/** Previous / next links over a list shown `limit` rows at a time (the offset lives in the URL). */
export function Pager({
  offset,
  limit,
  matched,
  href,
  noun = "rows",
}: {
  offset: number;
  limit: number;
  matched: number;
  href: (offset: number) => string;
  /** what is counted ("rows 1–50 of 1,070") */
  noun?: string;
}) {
  if (matched <= limit && offset === 0) return null;
  const from = Math.min(matched, offset + 1);
  const to = Math.min(matched, offset + limit);
  const prev = offset > 0 ? Math.max(0, offset - limit) : null;
  const next = offset + limit < matched ? offset + limit : null;
  const cls = "rounded border border-slate-300 px-2 py-1 dark:border-slate-700";
  return (
    <nav aria-label="Pages" className="flex items-center gap-2" data-testid="pager">
      {prev !== null ? (
        <Link href={href(prev)} className={cls} rel="prev" prefetch={false}>
          ← Previous
        </Link>
      ) : null}
      <span>
        {noun} {from}–{to} of {matched}
      </span>
      {next !== null ? (
        <Link href={href(next)} className={cls} rel="next" prefetch={false}>
          Next →
        </Link>
      ) : null}
    </nav>
  );
}

/** Where a paged list stands: its page (the first is 1), rows a page, and rows in all. */
export interface PageOf {
  page: number;
  pageSize: number;
  total: number;
}

/** The same over numbered pages (`?page=`): `of` is the list's page, `href` builds a page's permalink. */
export function PagePager({
  of: { page, pageSize, total },
  href,
  noun,
}: {
  of: PageOf;
  href: (page: number) => string;
  noun?: string;
}) {
  return (
    <Pager
      offset={(page - 1) * pageSize}
      limit={pageSize}
      matched={total}
      href={(offset) => href(Math.floor(offset / pageSize) + 1)}
      noun={noun}
    />
  );
}
