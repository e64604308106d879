import { BEER_JOB_NAME, incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import {
  FRESHNESS_JOB_CRON,
  FRESHNESS_JOB_NAME,
  runFreshnessChecks,
} from "~/features/confirmations/freshness.server";
import {
  runTonightChecks,
  TONIGHT_JOB_CRON,
  TONIGHT_JOB_NAME,
} from "~/features/confirmations/tonight.server";
import { LIST_MAIL_CRON, LIST_MAIL_JOB_NAME, runListMail } from "~/features/follows/public.server";
import type { JobDefinition } from "~/features/jobs/job-runner.server";
import { MAIL_PRUNE_CRON, MAIL_PRUNE_JOB_NAME, pruneMailOutbox } from "~/features/mail/public.server";
import { RETENTION_CRON, RETENTION_JOB_NAME, runRetention } from "~/features/privacy/retention.server";
import { NUTIDSQUIZ_JOB_NAME } from "~/features/quiz-generation/generate.server";
import { runWeeklyNutidsQuiz } from "~/features/quiz-generation/weekly.server";
import type { Env } from "~/lib/env.server";
import { pruneRateLimits, RATE_LIMIT_PRUNE_CRON, RATE_LIMIT_PRUNE_JOB_NAME } from "~/lib/rate-limit.server";

export function getJobDefinitions(env: Env): JobDefinition[] {
  return [
    // The daily beer increment (BEER_JOB_CRON, default 17:00 Europe/Stockholm).
    { name: BEER_JOB_NAME, cron: env.BEER_JOB_CRON, run: (db) => incrementEventBeers(db) },
    // A NutidsQuiz draft every Sunday, mailed to the admins for review (QUIZ_JOB_CRON, default 08:00 Stockholm).
    { name: NUTIDSQUIZ_JOB_NAME, cron: env.QUIZ_JOB_CRON, run: (db) => runWeeklyNutidsQuiz(db, env) },
    {
      name: RATE_LIMIT_PRUNE_JOB_NAME,
      cron: RATE_LIMIT_PRUNE_CRON,
      run: async (db) => ({ removed: await pruneRateLimits(db) }),
    },
    {
      name: MAIL_PRUNE_JOB_NAME,
      cron: MAIL_PRUNE_CRON,
      run: async (db) => ({ removed: await pruneMailOutbox(db) }),
    },
    // Followers' reminders on a night's day, the published NutidsQuiz to its subscribers, every 5 minutes.
    { name: LIST_MAIL_JOB_NAME, cron: LIST_MAIL_CRON, run: (db) => runListMail(db) },
    // "Stämmer ert quiz fortfarande?" to the hosts of listings unconfirmed for 60 days, daily at 10:00 Stockholm.
    { name: FRESHNESS_JOB_NAME, cron: FRESHNESS_JOB_CRON, run: (db) => runFreshnessChecks(db) },
    // "Blir det quiz ikväll?" to the hosts who chose it, on each night's day at 09:00 Stockholm.
    { name: TONIGHT_JOB_NAME, cron: TONIGHT_JOB_CRON, run: (db) => runTonightChecks(db) },
    // Personal data past the periods /integritet states, daily at 03:41 Stockholm (decision 054).
    { name: RETENTION_JOB_NAME, cron: RETENTION_CRON, run: (db) => runRetention(db) },
  ];
}
