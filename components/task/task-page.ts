import type { Metadata } from "next";
import { fullSlugOf } from "@/lib/tasks/catalog";

/** The route parameters of a task's pages (/tasks/[benchmark]/[task]/…). */
export type TaskParams = Promise<{ benchmark: string; task: string }>;

/** A page's query string, as Next.js hands it to the page. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A task page's `generateMetadata` that gives the page a title made from the task's full slug. */
export function taskPageTitle(title: (fullSlug: string) => string) {
  return async function generateMetadata({ params }: { params: TaskParams }): Promise<Metadata> {
    return { title: title(fullSlugOf(await params)) };
  };
}

/** The props Next.js gives a task's page (and its `generateMetadata`). */
export type TaskPageProps = { params: TaskParams; searchParams: SearchParams };
