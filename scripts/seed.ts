// `npm run db:seed`: migrate, then add the first-run content if it is missing.
import { provideDatabaseUrl } from "./database-url";

const stopPg = await provideDatabaseUrl();
import { closeDatabase, getDatabase } from "@/lib/server/db";
import { startUp } from "@/lib/server/setup";

const db = await getDatabase();
await startUp(db, { seed: true });
await closeDatabase();
stopPg();
