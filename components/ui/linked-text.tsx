import Link from "next/link";
import { SUBMISSION_PATH } from "@/lib/submission-ref";

/**
 * A server message with the submissions it names as links: "gpt-4.1 by BouncerBench authors
 * (/submissions/{id})" reads "gpt-4.1 by BouncerBench authors (open it)" — the name, a link, no id.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(SUBMISSION_PATH)) {
    parts.push(text.slice(last, m.index));
    parts.push(
      <Link key={m.index} href={m[0]} className="underline" data-testid="named-submission">
        open it
      </Link>,
    );
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
