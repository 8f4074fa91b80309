import { ActionButton } from "@/components/ui/action-button";

/** An admin's "Hide…" on a submission: asks for the reason (`prompt`), which its team sees. */
export function HideButton({ id, prompt }: { id: string; prompt: string }) {
  return (
    <ActionButton
      method="POST"
      url={`/api/v1/admin/submissions/${id}/hide`}
      label="Hide…"
      prompt={prompt}
      promptKey="reason"
    />
  );
}
