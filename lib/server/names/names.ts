import { AppError } from "@/lib/errors";
import { hasVisibleCharacter, stripUnsafeText } from "@/lib/validations/common";
import { CONFUSABLE_PAIRS } from "./confusables";
// db/sql.ts itself, not the db door: the migration runner (in db) calls this module's back-fill
import { sqlOf, type Sql, type SqlSource } from "@/lib/server/db/sql";
import {
  firstModelWithSkeleton,
  lockModelName,
  modelsWithoutSkeleton,
  setModelSkeleton,
  setTeamSkeleton,
  teamsWithoutSkeleton,
  teamWithSkeleton,
} from "./names.sql";

// Names others see (accounts, teams, models) must be visible and must not pass for someone
// else's: a team or model name whose confusable skeleton (Unicode TS #39) equals another team's
// is refused. Team names are unique by skeleton (teams.name_skeleton, a unique index); a model name
// on a task belongs to the first team that used it (submissions.model_skeleton).

/** Default-ignorable code points: dropped from a skeleton (UTS #39 §4), as are blanks drawn empty. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\u115F\u1160\u180E\u2800\u3164\uFFA0]/gu;

let table: Map<string, string> | null = null;

/** The confusables map (source character → prototype), parsed once. */
function confusables(): Map<string, string> {
  if (!table) {
    table = new Map();
    for (const chunk of CONFUSABLE_PAIRS) {
      for (const pair of chunk.split(",")) {
        const [src, tgt] = pair.split(":");
        table.set(
          String.fromCodePoint(parseInt(src, 16)),
          String.fromCodePoint(...tgt.split(" ").map((h) => parseInt(h, 16))),
        );
      }
    }
  }
  return table;
}

/**
 * UTS #39 `skeleton(X)`: decomposed, each character replaced by its prototype, NFD again;
 * ignorables dropped. The first step is NFKD rather than NFD, so compatibility forms the table
 * leaves to normalisation (fullwidth "ｇｐｔ", ligatures, superscripts) fold too.
 */
function uts39Skeleton(s: string): string {
  const map = confusables();
  let out = "";
  for (const ch of s.normalize("NFKD").replace(IGNORABLE, "")) out += map.get(ch) ?? ch;
  return out.normalize("NFD");
}

/**
 * The key two names collide on: UTS #39's skeleton, folded to lower case, with white space
 * collapsed. Case is folded on both sides of the confusables map, since the table maps some
 * capitals to lower-case prototypes ("I" → "l") and others to capitals ("0" → "O"); the last
 * step merges "i" with "l", which the two sides would otherwise keep apart ("Ilya" looks like
 * "llya", and "ilya" is "Ilya" in another case). So "Аlpha" (Cyrillic А), "ALPHA" and "alpha"
 * share one key, as do "gpt-4.1" and "gpt-4.l".
 * @example skeleton("Раураl") === skeleton("paypal") // true
 */
export function skeleton(s: string): string {
  const once = uts39Skeleton(s.normalize("NFC").trim()).toLowerCase();
  return uts39Skeleton(once).toLowerCase().replace(/\s+/g, " ").replace(/i/g, "l");
}

/**
 * A name as stored: NFC, trimmed, without the characters no name may hold (a GitHub profile's
 * name does not pass displayName), with at least one visible character.
 * @throws AppError validation_failed ("name must contain a visible character")
 */
export function visibleName(s: string, what = "name"): string {
  const v = stripUnsafeText(s).normalize("NFC").trim();
  if (!hasVisibleCharacter(v)) {
    throw new AppError("validation_failed", `${what} must contain a visible character`, {
      problemCount: 1,
      problems: [{ field: what, message: "must contain a visible character" }],
    });
  }
  return v;
}

/** A unique-index violation (Prisma's P2002, or PostgreSQL's 23505 through a driver adapter). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as {
    code?: string;
    cause?: { code?: string };
    meta?: { driverAdapterError?: { cause?: { originalCode?: string } } };
  } | null;
  return (
    err?.code === "P2002" ||
    err?.code === "23505" ||
    err?.cause?.code === "23505" ||
    err?.meta?.driverAdapterError?.cause?.originalCode === "23505"
  );
}

/** A Prisma client or transaction, a pg transaction's connection, or its `Sql` runner. */
type Db = Sql | SqlSource;

function rowsOf(db: Db): Sql {
  return typeof db === "function" ? db : sqlOf(db);
}

/**
 * Refuses a team name that looks like another team's (its skeleton is taken). Returns the
 * skeleton to store in `teams.name_skeleton`.
 * @throws AppError validation_failed (no visible character), conflict (409) naming the other team
 */
export async function assertTeamNameAvailable(db: Db, name: string, exceptTeamId?: string): Promise<string> {
  const rows = rowsOf(db);
  const key = skeleton(visibleName(name, "team name"));
  await backfillTeamSkeletons(rows);
  const taken = await teamWithSkeleton(rows, key, exceptTeamId ?? null);
  if (taken) {
    const how = taken.name === name ? "is taken by" : "looks like the name of";
    throw new AppError(
      "conflict",
      `team name "${name}" ${how} team "${taken.name}" (${taken.slug}): pick another name`,
      { field: "name", existing: { name: taken.name, slug: taken.slug } },
    );
  }
  return key;
}

/**
 * A free team name for a new account's own team: the account's name, else "name (2)", "name (3)", …
 * Returns the name and its skeleton.
 */
export async function freeTeamName(db: Db, base: string): Promise<{ name: string; skeleton: string }> {
  const rows = rowsOf(db);
  const name = visibleName(base, "name");
  await backfillTeamSkeletons(rows);
  for (let i = 1; i < 1000; i++) {
    const candidate = i === 1 ? name : `${name} (${i})`;
    const key = skeleton(candidate);
    const taken = await teamWithSkeleton(rows, key, null);
    if (!taken) return { name: candidate, skeleton: key };
  }
  throw new AppError("conflict", "could not find a free team name");
}

/**
 * Refuses a model name on a task when the first public submission on that task with the same
 * skeleton is another team's (or a server baseline's): a model name belongs to the first team that
 * showed it there, look-alikes included. The same team may reuse its own name and its look-alikes.
 * Private, hidden and withdrawn submissions hold no name against others (a 409 would confirm that
 * another team has a private model of that name): a private submission's name is checked again
 * when it is made public. Call it in the transaction that stores (or publishes) the submission:
 * it takes an advisory lock per (task, skeleton), so two teams racing for one name are decided
 * one after the other. Returns the skeleton to store in `submissions.model_skeleton`.
 * @throws AppError conflict (409) naming the model and its public owner
 */
export async function assertModelNameAvailable(
  db: Db,
  opts: { taskId: string; teamId: string | null; model: string; submissionId?: string },
): Promise<string> {
  const rows = rowsOf(db);
  const key = skeleton(opts.model);
  await lockModelName(rows, opts.taskId, key);
  // the first submission that used the name (or a look-alike) on the task names its owner
  const first = await firstModelWithSkeleton(rows, opts.taskId, key, opts.submissionId ?? null);
  const other = first && first.team_id !== opts.teamId ? first : null;
  if (other) {
    // the owner is public (firstModelWithSkeleton sees nothing else)
    const owner = other.baseline ? "a server baseline" : other.team_name ? `team "${other.team_name}"` : "another team";
    const what = other.model === opts.model ? "" : ` (it looks like "${other.model}")`;
    throw new AppError(
      "conflict",
      `model name "${opts.model}" is already used on this task by ${owner}${what}: name your model differently`,
      { field: "model" },
    );
  }
  return key;
}

/** Fills teams whose name_skeleton is NULL (created before it existed, or by seeding); see backfillNameSkeletons. */
async function backfillTeamSkeletons(rows: Sql): Promise<number> {
  const todo = await teamsWithoutSkeleton(rows);
  for (const t of todo) {
    let name = t.name;
    let key = skeleton(name);
    // the older team keeps its name; a newer look-alike is told apart by its slug
    for (let i = 0; await teamWithSkeleton(rows, key, t.id); i++) {
      name = i === 0 ? `${t.name} (${t.slug})` : `${t.name} (${t.slug}-${i + 1})`;
      key = skeleton(name);
    }
    await setTeamSkeleton(rows, t.id, name, key);
  }
  return todo.length;
}

/**
 * Fills the skeletons left NULL: teams' (a newer team whose name collides with an older one's is
 * renamed "name (slug)") and submissions' model names. Run at start-up after the migrations, and
 * cheap when there is nothing to do.
 */
export async function backfillNameSkeletons(db: Db): Promise<{ teams: number; submissions: number }> {
  const rows = rowsOf(db);
  const teams = await backfillTeamSkeletons(rows);
  let submissions = 0;
  for (;;) {
    const todo = await modelsWithoutSkeleton(rows, 500);
    if (!todo.length) break;
    for (const { model } of todo) submissions += await setModelSkeleton(rows, model, skeleton(model));
  }
  return { teams, submissions };
}
