// npm run admin:grant -- someone@example.se   |   npm run admin:revoke -- someone@example.se
import { grantAdmin, revokeAdmin, UnknownUserError } from "../app/features/auth/roles.server";
import { fail, openCliDatabase } from "./lib/cli-db";

const [verb, email] = process.argv.slice(2);
if ((verb !== "grant" && verb !== "revoke") || !email) {
  fail("Usage: npm run admin:grant -- <e-mail>  |  npm run admin:revoke -- <e-mail>");
}

const handle = await openCliDatabase();
try {
  if (verb === "grant") await grantAdmin(handle.db, email);
  else await revokeAdmin(handle.db, email);
  console.log(verb === "grant" ? `${email} is now an admin.` : `${email} is no longer an admin.`);
} catch (error) {
  await handle.close();
  if (error instanceof UnknownUserError) fail(`${error.message}: the person must sign up at /admin first.`);
  throw error;
}
await handle.close();
