import { ActionForm } from "@/components/ui/action-form";

/** An admin's "Hide…" on a submission: a small form asking for the reason, which its team sees. */
export function HideButton({ id, prompt, label = "Hide…" }: { id: string; prompt: string; label?: string }) {
  return <ActionForm op="submission-hide" fields={{ id }} label={label} reason={prompt} testId="hide" />;
}
