// The server's judge as the operator configured it (lib/env.ts JUDGE_*; docs/operations.md).
import crypto from "node:crypto";
import { getEnv, type Env } from "@/lib/env";

export interface JudgeConfig {
  /** base URL ending in /v1, without a trailing slash */
  url: string;
  apiKey: string | null;
  model: string;
  /** requests in flight at once across every worker (the number of lanes) */
  concurrency: number;
  rpm: number;
  timeoutMs: number;
  /** per UTC day; 0: no cap */
  dailyTokens: number;
  dailyRequests: number;
  /** new prompts one team's uploads may queue per UTC day (0: no limit) */
  teamDailyPrompts: number;
}

/** The configured judge, or null when JUDGE_URL or JUDGE_MODEL is unset (no server judging). */
export function judgeConfig(env: Env = getEnv()): JudgeConfig | null {
  if (!env.JUDGE_URL || !env.JUDGE_MODEL) return null;
  return {
    url: env.JUDGE_URL.replace(/\/+$/, ""),
    apiKey: env.JUDGE_API_KEY || null,
    model: env.JUDGE_MODEL,
    concurrency: env.JUDGE_CONCURRENCY,
    rpm: env.JUDGE_RPM,
    timeoutMs: Math.round(env.JUDGE_TIMEOUT_SEC * 1000),
    dailyTokens: env.JUDGE_DAILY_TOKENS,
    dailyRequests: env.JUDGE_DAILY_REQUESTS,
    teamDailyPrompts: env.JUDGE_TEAM_DAILY_COMMENTS,
  };
}

export const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/**
 * A verdict's cache key: the SHA-256 of (instance, judge model, template's SHA-256, filled prompt).
 * The filled prompt holds the bug, the fix's files and the comment's file, line and text, so an
 * identical comment on the same bug is judged once, whoever sends it; a new release that changes
 * the bug's description, a new model or a new template is a new key.
 */
export function verdictKey(instanceId: string, model: string, templateSha: string, prompt: string, scope = ""): string {
  return sha256(`${instanceId}\u0000${model}\u0000${templateSha}\u0000${prompt}${scope ? `\u0000${scope}` : ""}`);
}

/**
 * Whose verdict cache a submission's comments share: everyone's on a public release (an identical
 * comment is judged once); on a hidden release only its own team's (or uploader's), so that how fast
 * an upload is scored never says that another team sent the same comment.
 */
export function verdictScope(hidden: boolean, teamId: string | null, userId: string | null): string {
  return hidden ? (teamId ? `team:${teamId}` : `user:${userId ?? ""}`) : "";
}

/** The next 00:00 UTC: when the judge's daily caps (everyone's, a team's) open again. */
export function nextUtcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
