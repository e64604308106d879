import { eq } from "drizzle-orm";
import { user, userRoles } from "~/db/schema";
import { enqueueMail } from "~/features/mail/public.server";
import type { Db } from "~/lib/db.server";
import { escapeHtml } from "~/lib/html";
import { logger } from "~/lib/logger.server";
import { type GenerationDeps, type GenerationEnv, generateDailyQuiz } from "./generate.server";

function reviewMail(
  title: string,
  link: string,
): { subject: string; text: string; html: string; link: string } {
  const html = `<!doctype html>
<html lang="sv">
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
    <p style="margin:0 0 16px;font-weight:700;color:#b45309">Quizkväll</p>
    <h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)} väntar på granskning</h1>
    <p style="margin:0 0 16px;line-height:1.5">Kontrollera frågorna och deras källor, rätta det som behövs och markera quizet som aktivt för att publicera det.</p>
    <p style="margin:0"><a href="${escapeHtml(link)}" style="color:#b45309;font-weight:600">Granska quizet</a></p>
  </div>
</body>
</html>`;
  return {
    html,
    subject: `${title} väntar på granskning`,
    text: [
      "Hej!",
      "",
      `Veckans quiz, ${title}, är genererat och väntar på granskning. Kontrollera frågorna och deras källor,`,
      "rätta det som behövs och markera quizet som aktivt för att publicera det:",
      "",
      link,
      "",
      "Hälsningar,",
      "Quizkväll",
    ].join("\n"),
    link,
  };
}

/** Mails are queued in the outbox; one that cannot be queued is logged, and the draft stays. */
export async function runWeeklyNutidsQuiz(
  db: Db,
  env: GenerationEnv & { publicUrl: string },
  deps: GenerationDeps = {},
): Promise<{ quizId: string; title: string; mailed: number }> {
  const generated = await generateDailyQuiz(db, env, deps);
  // A reused draft was announced when it was made.
  if (env.QUIZ_AUTO_PUBLISH || generated.reused)
    return { quizId: generated.quizId, title: generated.title, mailed: 0 };
  const admins = await db
    .select({ email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"));
  const link = `${env.publicUrl}/admin/quizzes/${generated.quizId}/edit`;
  let mailed = 0;
  for (const admin of admins) {
    try {
      const queued = await enqueueMail(db, {
        kind: "nutidsquiz-review",
        to: admin.email,
        ...reviewMail(generated.title, link),
      });
      if (queued.accepted) mailed++;
    } catch (error) {
      logger.error({ err: error, to: admin.email }, "review mail for the weekly quiz could not be queued");
    }
  }
  return { quizId: generated.quizId, title: generated.title, mailed };
}
