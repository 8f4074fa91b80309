import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/ui/action-form";
import { getDb } from "@/lib/server/db";
import { getSessionActor } from "@/lib/server/auth";
import { findInvitation } from "@/lib/server/teams";
import { orNotFound } from "@/lib/server/pages";

export const dynamic = "force-dynamic";

export const metadata = { title: "Team invitation", robots: { index: false } };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!/^lbi_[\w-]{10,100}$/.test(token)) notFound();
  const inv = await orNotFound(findInvitation(await getDb(), token));
  const actor = await getSessionActor();
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">Join {inv.team.name}</h1>
      {inv.used ? (
        <p>This invitation has been used. Ask the team&apos;s owner for a new link.</p>
      ) : inv.expired ? (
        <p>This invitation expired on {inv.expiresAt.slice(0, 10)}. Ask the team&apos;s owner for a new link.</p>
      ) : actor ? (
        <>
          <p>
            You are signed in as {actor.email}. Accepting makes you a member of <strong>{inv.team.name}</strong>: you
            can upload for the team and see its private submissions.
          </p>
          <ActionForm
            op="invitation-accept"
            fields={{ token }}
            label="Accept the invitation"
            className="rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800"
            testId="accept"
          />
        </>
      ) : (
        <p>
          <Link href={`/signin?callbackUrl=${encodeURIComponent(`/invitations/${token}`)}`}>Sign in</Link> or{" "}
          <Link href={`/signup?callbackUrl=${encodeURIComponent(`/invitations/${token}`)}`}>create an account</Link> to
          accept.
        </p>
      )}
    </div>
  );
}
