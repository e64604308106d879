import { like, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verification } from "~/db/schema";
import { RESET_CODE_ATTEMPTS } from "~/features/auth/reset-tokens.server";
import { getDb } from "~/lib/db.server";
import { authRequest } from "../support/auth-sessions";
import { mailsTo } from "../support/delivered-mail";
import { type OutboxMail, resetCodeIn, resetLinkIn } from "../support/outbox";

/**
 * Parallel requests against one account's reset mails, as the site's visitors (and a guesser) can send
 * them. On PostgreSQL they run on separate connections at once.
 */
const signIn = (email: string, password: string) =>
  authRequest("/sign-in/email", { email, password }, { ip: "192.0.2.200" });
const requestReset = (email: string) =>
  authRequest("/request-password-reset", { email, redirectTo: "/admin" });
const useLink = (token: string, newPassword: string) =>
  authRequest("/reset-password", { token, newPassword });
const useCode = (email: string, otp: string, password: string) =>
  authRequest("/email-otp/reset-password", { email, otp, password });
const checkCode = (email: string, otp: string) =>
  authRequest("/email-otp/check-verification-otp", { email, otp, type: "forget-password" });

async function signUp(email: string) {
  expect((await authRequest("/sign-up/email", { email, password: "gammalt1", name: "T" })).status).toBe(200);
}

function partsOf(mail: OutboxMail) {
  return { token: new URL(resetLinkIn(mail)).searchParams.get("token_hash")!, code: resetCodeIn(mail) };
}

async function resetMails(email: string) {
  return (await mailsTo(email)).filter((m) => m.text.includes("token_hash"));
}

/** The pending links and codes of an address, as stored. */
async function pendingOf(userEmail: string) {
  const rows = await getDb()
    .select({ identifier: verification.identifier, value: verification.value })
    .from(verification)
    .where(
      or(
        like(verification.identifier, "reset-password:%"),
        sql`${verification.identifier} = ${`forget-password-otp-${userEmail}`}`,
      ),
    );
  return {
    links: rows.filter((r) => r.identifier.startsWith("reset-password:")),
    codes: rows.filter((r) => r.identifier.startsWith("forget-password-otp-")),
  };
}

const aWrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

describe("parallel reset requests", () => {
  it("leave only the newest mail's link and code valid", async () => {
    const email = "atta@example.se";
    await signUp(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestReset(email)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const mails = await resetMails(email);
    // The welcome and two reset mails fill the hour's three account mails.
    expect(mails).toHaveLength(2);
    const pending = await pendingOf(email);
    expect(pending.links).toHaveLength(1);
    expect(pending.codes).toHaveLength(1);

    const older = partsOf(mails[0]!);
    const newer = partsOf(mails[1]!);
    expect(pending.links[0]?.identifier).toBe(`reset-password:${newer.token}`);
    expect((await useLink(older.token, "aldre111")).status).toBe(400);
    if (older.code !== newer.code) expect((await checkCode(email, older.code)).status).toBe(400);
    expect((await checkCode(email, newer.code)).status).toBe(200);
    expect((await useLink(newer.token, "nyare111")).status).toBe(200);
    expect((await signIn(email, "nyare111")).status).toBe(200);
  });

  it("a request whose mail the cap drops leaves the last mail working", async () => {
    const email = "tak@example.se";
    await signUp(email);
    await requestReset(email);
    await requestReset(email);
    const [, last] = await resetMails(email);
    expect((await requestReset(email)).status).toBe(200);
    expect(await resetMails(email)).toHaveLength(2);
    const { token, code } = partsOf(last!);
    expect((await checkCode(email, code)).status).toBe(200);
    expect((await useLink(token, "senaste1")).status).toBe(200);
  });
});

describe("parallel uses of one mail", () => {
  it("one link used 6 times at once succeeds once, and takes the mail's code with it", async () => {
    const email = "sex@example.se";
    await signUp(email);
    await requestReset(email);
    const { token, code } = partsOf((await resetMails(email))[0]!);
    const passwords = Array.from({ length: 6 }, (_, i) => `parallell${i}`);
    const answers = await Promise.all(passwords.map((p) => useLink(token, p)));
    const won = answers.flatMap((a, i) => (a.status === 200 ? [passwords[i]!] : []));
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(400);
      expect((await lost.json()).code).toBe("INVALID_TOKEN");
    }
    expect((await signIn(email, won[0]!)).status).toBe(200);
    for (const other of passwords.filter((p) => p !== won[0]))
      expect((await signIn(email, other)).status).toBe(401);
    expect((await useCode(email, code, "koden111")).status).toBe(400);
    expect(await pendingOf(email)).toEqual({ links: [], codes: [] });
  });

  it("the link and the code used at the same moment: exactly one of them sets the password", async () => {
    const email = "bada@example.se";
    await signUp(email);
    await requestReset(email);
    const { token, code } = partsOf((await resetMails(email))[0]!);
    const [byLink, byCode] = await Promise.all([
      useLink(token, "medlank1"),
      useCode(email, code, "medkod11"),
    ]);
    expect([byLink.status, byCode.status].sort()).toEqual([200, 400]);
    const winner = byLink.status === 200 ? "medlank1" : "medkod11";
    expect((await signIn(email, winner)).status).toBe(200);
  });

  it("the right code sent 5 times at once sets the password once", async () => {
    const email = "femkod@example.se";
    await signUp(email);
    await requestReset(email);
    const { code } = partsOf((await resetMails(email))[0]!);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => useCode(email, code, `femkod${i}1`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });
});

describe("parallel guesses at a code", () => {
  it("each wrong guess counts: two at once leave one try, and the right code still works", async () => {
    const email = "tva-gissningar@example.se";
    await signUp(email);
    await requestReset(email);
    const { code } = partsOf((await resetMails(email))[0]!);
    const wrong = await Promise.all([checkCode(email, aWrongCode(code)), checkCode(email, aWrongCode(code))]);
    expect(wrong.map((a) => a.status)).toEqual([400, 400]);
    expect((await pendingOf(email)).codes[0]?.value).toBe(`${code}:2`);
    expect((await useCode(email, code, "tredje11")).status).toBe(200);
  });

  it(`of 8 wrong guesses at once, ${RESET_CODE_ATTEMPTS} are counted and the rest refused; then the code is dead`, async () => {
    const email = "atta-gissningar@example.se";
    await signUp(email);
    await requestReset(email);
    const { code } = partsOf((await resetMails(email))[0]!);
    const guesses = Array.from({ length: 8 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(guesses.map((guess) => checkCode(email, guess)));
    const codes = await Promise.all(answers.map(async (a) => `${a.status} ${(await a.json()).code}`));
    expect(codes.filter((c) => c === "400 INVALID_OTP")).toHaveLength(RESET_CODE_ATTEMPTS);
    expect(codes.filter((c) => c === "403 TOO_MANY_ATTEMPTS")).toHaveLength(8 - RESET_CODE_ATTEMPTS);
    expect((await pendingOf(email)).codes[0]?.value).toBe(`${code}:${RESET_CODE_ATTEMPTS}`);
    const right = await checkCode(email, code);
    expect(right.status).toBe(403);
    expect((await useCode(email, code, "forsent11")).status).toBe(403);
    expect((await signIn(email, "gammalt1")).status).toBe(200);
  });
});
