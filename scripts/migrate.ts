// `npm run db:migrate`: apply pending migrations to DATABASE_URL (or the embedded PostgreSQL).
import { provideDatabaseUrl } from "./database-url";

const stopPg = await provideDatabaseUrl();
import { closeDatabase, getDatabase, applyMigrations } from "@/lib/server/db";

const db = await getDatabase();
const applied = await applyMigrations(db);
console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
await closeDatabase();
stopPg();
