// npm run seed [-- --replace]: writes the demo content. Refuses a database that already has content unless
// --replace is given, which deletes every event, report and quiz first (accounts are kept).
import { sql } from "drizzle-orm";
import { isDatabaseEmpty, seedDemoContent } from "../app/demo/seed.server";
import { getStorage } from "../app/lib/storage.server";
import { fail, openCliDatabase } from "./lib/cli-db";

const replace = process.argv.includes("--replace");
const handle = await openCliDatabase();
try {
  if (!(await isDatabaseEmpty(handle.db))) {
    if (!replace) {
      await handle.close();
      fail(
        "The database already has content. Run `npm run seed -- --replace` to delete events, reports and quizzes and seed the demo content again.",
      );
    }
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`delete from reports`);
      await tx.execute(sql`delete from events`);
      await tx.execute(sql`delete from quizzes`);
      await tx.execute(sql`delete from job_runs`);
    });
    console.log("Deleted events, reports and quizzes.");
  }
  const seeded = await seedDemoContent(handle.db, getStorage());
  console.log(`Seeded ${seeded.events} events and ${seeded.quizzes} quizzes.`);
} finally {
  await handle.close();
}
