// Names others see (issue 16, item 9): display names must hold a visible character, a team or
// model name that looks like another team's (confusable skeleton, Unicode TS #39) is refused, and
// team names are unique. Also (item 11) an empty numeric field is absent, not 0.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillNameSkeletons, skeleton } from "@/lib/server/names";
import { createApiToken, createUserWithTeam } from "@/lib/server/auth";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { apiCall, uploadFile } from "../helpers/requests";

const ids = Object.keys(
  JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
);
const file = JSON.stringify({ [ids[0]]: { input_bounce: true } });

let db: TestDatabase;
let alice: { token: string; slug: string };
let bob: { token: string; slug: string };

async function account(email: string, name: string) {
  const { user, team } = await createUserWithTeam(db.prisma, { email, name, password: "a long passphrase here" });
  return {
    token: (await createApiToken(db.prisma, { teamId: team.id, userId: user.id })).token,
    slug: team.slug,
    team,
  };
}

const call = (method: string, url: string, json: unknown, token?: string) =>
  apiCall(method, url, { token, body: json, headers: { "x-client-address": "192.0.2.10" } });

let sent = 0;
// a different file each time (trailing spaces): a team's byte-identical re-upload is a 409 of its own
const upload = (token: string, fields: Record<string, string>) =>
  uploadFile("bouncerbench/input", file + " ".repeat(++sent), fields, token);

beforeAll(async () => {
  db = await seededTestDatabase();
  alice = await account("alice@example.org", "Alice Lab");
  bob = await account("bob@example.org", "Bob Lab");
}, 120_000);
afterAll(async () => db?.drop());

describe("display names hold a visible character", () => {
  it.each([
    ["U+3164 HANGUL FILLER", "\u3164\u3164"],
    ["a zero-width space", "\u200B"],
    ["a combining mark", "\u0301"],
    ["braille blanks", "\u2800\u2800"],
  ])("sign-up with %s as the name: 422 saying why", async (_, name) => {
    const r = await call("POST", "/api/v1/signup", {
      email: `inv-${name.codePointAt(0)}@example.org`,
      password: "a long passphrase here",
      name,
    });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toMatch(/name must contain a visible character/);
    expect(await db.prisma.user.count({ where: { email: `inv-${name.codePointAt(0)}@example.org` } })).toBe(0);
  });

  it("a model name of invisible characters: 422", async () => {
    const r = await upload(alice.token, { model: "\u3164" });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toMatch(/model must contain a visible character/);
  });
});

describe("team names are unique, look-alikes included", () => {
  it("every team has its skeleton; a personal team named like another gets a suffix", async () => {
    const carol = await account("carol@example.org", "Аlice Lab"); // Cyrillic А
    expect(carol.team.name).toBe("Аlice Lab (2)");
    const dup = await account("alice2@example.org", "Alice Lab");
    expect(dup.team.name).toBe("Alice Lab (3)");
    const team = await db.prisma.team.findUniqueOrThrow({ where: { slug: alice.slug } });
    expect(team.nameSkeleton).toBe(skeleton("Alice Lab"));
    expect(await db.prisma.team.count({ where: { nameSkeleton: null } })).toBe(0);
  });

  it("renaming to another team's exact name or a look-alike: 409 naming it; to a free name: 200", async () => {
    const exact = await call("PATCH", `/api/v1/teams/${bob.slug}`, { name: "Alice Lab" }, bob.token);
    expect(exact.status).toBe(409);
    expect(exact.body.error.message).toMatch(/"Alice Lab" is taken by team "Alice Lab"/);
    const lookalike = await call("PATCH", `/api/v1/teams/${bob.slug}`, { name: "AIice Lab" }, bob.token); // capital I for l
    expect(lookalike.status).toBe(409);
    expect(lookalike.body.error.message).toMatch(/looks like the name of team "Alice Lab"/);
    const invisible = await call("PATCH", `/api/v1/teams/${bob.slug}`, { name: "\u3164" }, bob.token);
    expect(invisible.status).toBe(422);
    const ok = await call("PATCH", `/api/v1/teams/${bob.slug}`, { name: "Bob's Lab" }, bob.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ slug: bob.slug, name: "Bob's Lab" });
    // its own look-alike is fine (a change of case)
    expect((await call("PATCH", `/api/v1/teams/${bob.slug}`, { name: "BOB'S LAB" }, bob.token)).status).toBe(200);
    expect((await db.prisma.team.findUniqueOrThrow({ where: { slug: bob.slug } })).nameSkeleton).toBe(
      skeleton("bob's lab"),
    );
  });

  it("the start-up backfill keeps the older team's name and tells the newer look-alike apart by its slug", async () => {
    await db.prisma.team.create({ data: { slug: "legacy-one", name: "Legacy" } });
    await db.prisma.team.create({
      data: { slug: "legacy-two", name: "LEGACY", createdAt: new Date(Date.now() + 1000) },
    });
    await db.prisma.submission.updateMany({ data: { modelSkeleton: null } });
    const filled = await backfillNameSkeletons(db.prisma);
    expect(filled.teams).toBe(2);
    expect(filled.submissions).toBeGreaterThan(0);
    const [one, two] = await Promise.all(
      ["legacy-one", "legacy-two"].map((slug) => db.prisma.team.findUniqueOrThrow({ where: { slug } })),
    );
    expect(one).toMatchObject({ name: "Legacy", nameSkeleton: skeleton("Legacy") });
    expect(two).toMatchObject({ name: "LEGACY (legacy-two)" });
    expect(await db.prisma.submission.count({ where: { modelSkeleton: null } })).toBe(0);
  });
});

describe("a model name belongs to the first team that used it on a task", () => {
  it("another team's look-alike or exact name: 409; the same team reuses its name and look-alikes", async () => {
    const first = await upload(alice.token, { model: "sieve-4.1", visibility: "public" });
    expect(first.status).toBe(201);
    const stored = await db.prisma.submission.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(stored.modelSkeleton).toBe(skeleton("sieve-4.1"));

    const lookalike = await upload(bob.token, { model: "sieve-4.l" });
    expect(lookalike.status).toBe(409);
    expect(lookalike.body.error.code).toBe("conflict");
    expect(lookalike.body.error.message).toMatch(
      /model name "sieve-4.l" is already used on this task by team "Alice Lab" \(it looks like "sieve-4.1"\)/,
    );
    const cyrillic = await upload(bob.token, { model: "siеve-4.1" }); // Cyrillic е
    expect(cyrillic.status).toBe(409);
    const exact = await upload(bob.token, { model: "sieve-4.1" });
    expect(exact.status).toBe(409);
    // the seed's own models are taken too
    expect((await upload(bob.token, { model: "gpt-4.l" })).status).toBe(409);

    expect((await upload(alice.token, { model: "sieve-4.1" })).status).toBe(201);
    expect((await upload(alice.token, { model: "SIEVE-4.l" })).status).toBe(201);
    // a name of its own is fine
    expect((await upload(bob.token, { model: "bob-model" })).status).toBe(201);
  });

  it("a private (or hidden) name confirms nothing: another team may use it; the first to show it publicly owns it", async () => {
    const secret = await upload(alice.token, { model: "secret-sieve", visibility: "private" });
    expect(secret.status).toBe(201);
    // bob's upload of the same name is what it would be if alice's did not exist
    const bobs = await upload(bob.token, { model: "secret-sieve", visibility: "private" });
    expect(bobs.status, JSON.stringify(bobs.body)).toBe(201);
    // bob shows it first: his
    const shown = await call("PATCH", `/api/v1/submissions/${bobs.body.id}`, { visibility: "public" }, bob.token);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    // alice making hers public is refused, naming bob's public model (public facts only)
    const late = await call("PATCH", `/api/v1/submissions/${secret.body.id}`, { visibility: "public" }, alice.token);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/already used on this task by team "BOB.S LAB"/i);
    expect((await db.prisma.submission.findUniqueOrThrow({ where: { id: secret.body.id } })).visibility).toBe(
      "private",
    );
    // a withdrawn public submission holds its name no more, and is not named
    expect((await call("PATCH", `/api/v1/submissions/${bobs.body.id}`, { withdrawn: true }, bob.token)).status).toBe(
      200,
    );
    const after = await upload(alice.token, { model: "secret-sieve" });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
  });
});

describe("an empty numeric field is absent, not 0", () => {
  it("empty cost_usd is stored as null; 'abc' is a 422 saying what it got", async () => {
    const empty = await upload(alice.token, { model: "costless", cost_usd: "", tokens: " ", runtime_sec: "" });
    expect(empty.status).toBe(201);
    const row = await db.prisma.submission.findUniqueOrThrow({ where: { id: empty.body.id } });
    expect(row).toMatchObject({ costUsd: null, tokens: null, runtimeSec: null });
    const priced = await upload(alice.token, { model: "costless", cost_usd: "1.5" });
    expect((await db.prisma.submission.findUniqueOrThrow({ where: { id: priced.body.id } })).costUsd).toBe(1.5);
    const bad = await upload(alice.token, { model: "costless", cost_usd: "abc" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/cost_usd must be a number, got 'abc'/);
  });
});
