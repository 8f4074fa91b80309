import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, getEnv } from "@/lib/env";

/** Signing secret for sessions: NEXTAUTH_SECRET, else one generated once into .data/auth-secret. */
export function getAuthSecret(): string {
  const fromEnv = getEnv().NEXTAUTH_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir(), "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir(), { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
