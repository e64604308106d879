// npm run seed [-- --replace]: writes the demo content. Refuses a database that already has content (events,
// quizzes or reports; accounts do not count, so the first start's admin is no obstacle) unless --replace is
// given, which deletes every event, report and quiz first (accounts are kept).
import { type SeedResult, seedOnRequest } from "../app/demo/seed.server";
import { getStorage } from "../app/lib/storage.server";
import { fail, openCliDatabase } from "./lib/cli-db";

const replace = process.argv.includes("--replace");
const handle = await openCliDatabase();
let result: SeedResult;
try {
  result = await seedOnRequest(handle.db, getStorage(), { replace });
} finally {
  await handle.close();
}
if (!result.seeded) {
  fail(
    "The database already has content. Run `npm run seed -- --replace` to delete events, reports and quizzes and seed the demo content again.",
  );
}
if (result.replaced) console.log("Deleted events, reports and quizzes.");
console.log(`Seeded ${result.events} events and ${result.quizzes} quizzes.`);
