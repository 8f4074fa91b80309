import { ActionButton } from "@/components/ui/action-button";

/** An admin's "Hide…" on a submission: asks for the reason (`prompt`), which its team sees. */
export function HideButton({ id, prompt, label = "Hide…" }: { id: string; prompt: string; label?: string }) {
  return (
    <ActionButton
      method="POST"
      url={`/api/v1/admin/submissions/${id}/hide`}
      label={label}
      prompt={prompt}
      promptKey="reason"
    />
  );
}
