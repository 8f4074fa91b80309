import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TraceViewer } from "@/components/traces/trace-viewer";
import { getSessionActor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { orNotFound } from "@/lib/server/pages";
import { predictionTraceView } from "@/lib/server/submissions";
import { parseTraceQuery } from "@/lib/validations/traces";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string; instance: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { instance } = await params;
  return { title: `Trace of ${decodeURIComponent(instance)}`, robots: { index: false } };
}

/**
 * The trace viewer: one prediction of a submission, its trace in collapsible steps, searched and
 * paged through the URL (lib/server/submissions/trace-view.ts), for whoever may see the submission.
 */
export default async function TracePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { id, instance } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const q = parseTraceQuery(await searchParams);
  const v = await orNotFound(
    predictionTraceView(await getDb(), id, decodeURIComponent(instance), await getSessionActor(), q),
  );
  return <TraceViewer v={v} />;
}
