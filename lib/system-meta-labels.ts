// How the system metadata fields (lib/validations/common.ts SystemMeta) and the pivot's dimensions
// are named on pages: one list for the submission page's card, the board's filters and the pivot.
export const SYSTEM_META_LABELS: Record<string, string> = {
  agent: "Agent / tool",
  base_model: "Base model",
  policy_model: "Policy model",
  judge_model: "Judge model",
  judge_prompt: "Judge prompt",
  temperature: "Temperature",
  reasoning_effort: "Reasoning effort",
  agentic: "Agentic",
  tokens_in: "Tokens in",
  tokens_out: "Tokens out",
  code_url: "Code",
  run: "Run",
  team: "Team",
};

/** A label in running text ("agent / tool × base model"). */
export const metaLabel = (key: string) => (SYSTEM_META_LABELS[key] ?? key).toLowerCase();
