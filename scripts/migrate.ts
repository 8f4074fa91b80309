// `npm run db:migrate`: apply pending migrations to DATABASE_URL (or the embedded PostgreSQL).
import { provideDatabaseUrl } from "./database-url";

const stopPg = await provideDatabaseUrl();
import { closeDatabase, getDatabase } from "@/lib/server/db";
// after the database's URL is known: what setup loads may read the environment
const { migrateDatabase } = await import("@/lib/server/setup");

const db = await getDatabase();
const applied = await migrateDatabase(db);
console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
await closeDatabase();
stopPg();
