// BouncerBench Input as the integration tests use it: the paper's gpt-4.1 predictions (their
// instance ids and labels), files made from them, accounts to upload them with, and releases
// imported through the admin route.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { createApiToken, createUserWithTeam } from "@/lib/server/auth";
import type { Database } from "@/lib/server/db";
import { postFile, uploadFile, type Answer } from "./requests";

/** The paper's gpt-4.1 file for BouncerBench Input, by instance id (each with the label it gave). */
export const GPT = JSON.parse(
  fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8"),
) as Record<string, { label: string }>;
/** BouncerBench Input's instance ids, in the order of the gpt-4.1 file. */
export const INPUT_IDS = Object.keys(GPT);

/** gpt-4.1's decisions with every k-th (from offset o) flipped: a complete file, a different one per (k, o). */
export function gptVariant(k: number, o = 0): string {
  return JSON.stringify(
    Object.fromEntries(
      INPUT_IDS.map((id, i) => {
        const bounce = GPT[id].label === "VAGUE" || GPT[id].label === "IMPOSSIBLE_TO_SOLVE";
        return [id, { input_bounce: (i + o) % k === 0 ? !bounce : bounce }];
      }),
    ),
  );
}

/** Uploads a predictions file to BouncerBench Input with a token, as the form and the CLI do. */
export const uploadInput = (token: string, text: string, fields: Record<string, string>) =>
  uploadFile("bouncerbench/input", text, fields, token);

/** A new account with a team of its own, and an API token of theirs. */
export async function signedUpMember(db: Database, email: string, name: string) {
  const { user, team } = await createUserWithTeam(db.prisma, { email, name, password: "a long passphrase here" });
  return { user, team, token: (await createApiToken(db.prisma, { teamId: team.id, userId: user.id })).token };
}

/**
 * Imports a BouncerBench Input release through the admin route: instances `ids`, instance i with
 * the underspecified label `label(i)` (0..3); `fields` any other form field (`HIDDEN_PUBLISHED`).
 * A 201 expected.
 */
export async function importInputRelease(
  admin: string,
  version: string,
  fields: Record<string, string>,
  ids: string[],
  label: (i: number) => number,
): Promise<Answer> {
  const csv = ["instance_id,underspecified", ...ids.map((id, i) => `${id},${label(i)}`)].join("\n");
  const res = await postFile(
    "/api/v1/admin/releases",
    { task: "bouncerbench/input", version, ...fields },
    { name: "release.csv", text: csv },
    admin,
  );
  expect(res.status, res.text).toBe(201);
  return res;
}

/** The form fields of a hidden release, published at once. */
export const HIDDEN_PUBLISHED = { hidden: "true", publish: "true" };
