// The one runner type for raw SQL. Prisma does the CRUD; the statements Prisma cannot say (COPY,
// advisory locks, bulk `unnest`, aggregates, upserts with arithmetic) take an `Sql` — made from
// whatever transaction the caller holds, a Prisma one (`db.$transaction(tx => …)`) or a pg one
// (`openDatabase().transaction(conn => …)`), so a statement never has to know which, and the
// transaction is always passed in, never looked up.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { Database, RawConnection } from "./client";

/** Runs one statement with $1… parameters and returns its rows ([] for statements without RETURNING). */
export type Sql = <T = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * What an `Sql` can be made from: the Prisma client, a Prisma transaction, a pg transaction's
 * connection, or the database itself (pool queries, each its own transaction).
 */
export type SqlSource = PrismaClient | Prisma.TransactionClient | RawConnection | Database;

function isRaw(x: SqlSource): x is RawConnection | Database {
  return typeof (x as RawConnection).query === "function" && !("$queryRawUnsafe" in x);
}

/** The statements of this transaction (or of the client outside one). */
export function sqlOf(source: SqlSource): Sql {
  if (isRaw(source)) return <T>(sql: string, params: unknown[] = []) => source.query(sql, params) as Promise<T[]>;
  return <T>(sql: string, params: unknown[] = []) => source.$queryRawUnsafe<T[]>(sql, ...params);
}
