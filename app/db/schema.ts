import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** The single source of truth for the database. Migrations in ./drizzle are generated from this file. */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export type ScheduleEntry = { weekday: string; time: string };

// ---------------------------------------------------------------- better-auth core tables

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Made by a mailed sign-in link: a host's session, which never acts as an admin. */
    viaLink: boolean("via_link").notNull().default(false),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's database-backed rate limiter (shared by every app instance). */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- roles

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('admin')`),
  ],
);

/**
 * A password the account was given rather than chose: the first admin's, printed once at the first start.
 * While the account's password hash is still this one, the account may only choose a new password (the
 * admin guard refuses everything else). Any change of password, by any path, ends it: the hashes differ.
 */
export const oneTimePasswords = pgTable("one_time_passwords", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- events

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    locationName: text("location_name"),
    locationAddress: text("location_address"),
    city: text("city").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    eventType: text("event_type").notNull().default("quiz"),
    tags: text("tags").array().notNull().default(sql`ARRAY['Quiz']::text[]`),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    maxAttendees: integer("max_attendees"),
    phone: text("phone"),
    email: text("email"),
    /** The listing's e-mail was last set by a host: a claim with it then waits for an admin. */
    emailSetByHost: boolean("email_set_by_host").notNull().default(false),
    website: text("website"),
    instagram: text("instagram"),
    maxPersonsPerTeam: integer("max_persons_per_team"),
    recurrence: text("recurrence").notNull().default("weekly"),
    schedules: jsonb("schedules").$type<ScheduleEntry[] | null>(),
    /** The date the rule starts from, in Stockholm; for every second week it picks the weeks (decision 011). */
    recurrenceAnchor: date("recurrence_anchor", { mode: "string" }).notNull().default(sql`current_date`),
    /** Monthly rules only: the 1st–4th weekday of the month, or -1 for the last. */
    recurrenceWeek: smallint("recurrence_week"),
    /** The street address shown with a map link, e.g. 'Kompassrosgatan 12'. */
    streetAddress: text("street_address"),
    beerCounter: integer("beer_counter").notNull().default(0),
    /** When the listing was last confirmed true: an admin saved or confirmed it, or a visitor who was there. */
    lastConfirmedAt: timestamp("last_confirmed_at", { withTimezone: true }),
    // The facts a visitor decides by (decision 041). Null means unknown: nothing is shown or claimed.
    /** Entry fee in whole kronor per person; 0 is free. */
    entryFee: integer("entry_fee"),
    /** 'none' (not needed), 'recommended' or 'required'. */
    booking: text("booking"),
    /** Where to book: an https address. */
    bookingUrl: text("booking_url"),
    /** What the winners get, in a few words. */
    prize: text("prize"),
    /** 'easy', 'medium' or 'hard'. */
    difficulty: text("difficulty"),
    /** The language the quiz is held in: 'sv' or 'en'. */
    language: text("language"),
    wheelchairAccessible: boolean("wheelchair_accessible"),
    /**
     * Where the venue is (WGS84), from the street address through the geocoder (features/places); null while
     * unknown. Both or neither, and inside Sweden's bounding box (the app checks the border itself).
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** The Stockholm date a host answered "Ja, det blir quiz" to the morning mail: "Bekräftad idag" that day only. */
    tonightConfirmedOn: date("tonight_confirmed_on", { mode: "string" }),
    /** When a host said "Quizet har upphört": off every listing until an admin restores or deletes it. */
    endedReportedAt: timestamp("ended_reported_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("events_city_slug_key").on(t.city, t.slug),
    index("events_created_at_idx").on(t.createdAt.desc()),
    index("events_beer_counter_idx").on(t.beerCounter.desc()),
    check("events_city_check", sql`${t.city} in ('Göteborg', 'Stockholm', 'Malmö')`),
    check("events_event_type_check", sql`${t.eventType} in ('quiz')`),
    check("events_recurrence_check", sql`${t.recurrence} in ('weekly', 'biweekly', 'monthly')`),
    check(
      "events_recurrence_week_check",
      sql`${t.recurrenceWeek} is null or ${t.recurrenceWeek} in (1, 2, 3, 4, -1)`,
    ),
    check(
      "events_monthly_week_check",
      sql`(${t.recurrence} = 'monthly') = (${t.recurrenceWeek} is not null)`,
    ),
    check("events_beer_counter_check", sql`${t.beerCounter} >= 0`),
    check("events_team_size_check", sql`${t.maxPersonsPerTeam} is null or ${t.maxPersonsPerTeam} > 0`),
    check("events_entry_fee_check", sql`${t.entryFee} is null or ${t.entryFee} between 0 and 10000`),
    check(
      "events_booking_check",
      sql`${t.booking} is null or ${t.booking} in ('none', 'recommended', 'required')`,
    ),
    check(
      "events_booking_url_check",
      sql`${t.bookingUrl} is null or (${t.bookingUrl} like 'https://%' and length(${t.bookingUrl}) <= 500)`,
    ),
    check("events_prize_check", sql`${t.prize} is null or length(${t.prize}) between 1 and 200`),
    check(
      "events_difficulty_check",
      sql`${t.difficulty} is null or ${t.difficulty} in ('easy', 'medium', 'hard')`,
    ),
    check("events_language_check", sql`${t.language} is null or ${t.language} in ('sv', 'en')`),
    check(
      "events_position_check",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between 55 and 69.1 and ${t.longitude} between 10.5 and 24.2))`,
    ),
  ],
);

/**
 * Dates that differ from an event's rule: a cancelled night ('Inställt'), a one-off extra night, or a break
 * ('Uppehåll') from `date` to `end_date` (inclusive) in which no night takes place.
 */
export const eventExceptions = pgTable(
  "event_exceptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    /** HH:MM for an extra night; a cancellation covers the whole date. */
    time: text("time"),
    note: text("note"),
    /** A break's last date; set exactly for breaks. */
    endDate: date("end_date", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("event_exceptions_event_date_kind_key").on(t.eventId, t.date, t.kind),
    check("event_exceptions_kind_check", sql`${t.kind} in ('cancelled', 'extra', 'break')`),
    check("event_exceptions_time_check", sql`(${t.kind} = 'extra') = (${t.time} is not null)`),
    check("event_exceptions_end_date_check", sql`(${t.kind} = 'break') = (${t.endDate} is not null)`),
    check(
      "event_exceptions_break_length_check",
      sql`${t.endDate} is null or (${t.endDate} >= ${t.date} and ${t.endDate} - ${t.date} <= 366)`,
    ),
  ],
);

export const eventBeerInteractions = pgTable(
  "event_beer_interactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userIdentifier: text("user_identifier").notNull(),
    lastBeerTime: timestamp("last_beer_time", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("event_beer_interactions_event_user_key").on(t.eventId, t.userIdentifier),
    index("event_beer_interactions_last_beer_time_idx").on(t.lastBeerTime.desc()),
  ],
);

/** One visitor's "Jag var där – det stämmer" for one night of an event (decision 015). */
export const eventConfirmations = pgTable(
  "event_confirmations",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The night's Stockholm date. */
    occurrenceDate: date("occurrence_date", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceDate, t.visitorId] })],
);

/** Every accepted beer click, kept so the admin activity report can count clicks over a period. */
export const beerClicks = pgTable(
  "beer_clicks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userIdentifier: text("user_identifier").notNull(),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // Covers the activity report without touching the heap: the newest clicks in (clicked_at, id) order for
    // the detailed list (scanned backwards, which is `desc` with PostgreSQL's default nulls order), and the
    // clicks of a period's partial hours per event.
    index("beer_clicks_clicked_at_idx").on(t.clickedAt, t.id, t.eventId, t.userIdentifier),
    index("beer_clicks_event_id_idx").on(t.eventId),
  ],
);

/**
 * Accepted clicks not yet added to their event's counter and the roll-ups: recordBeers inserts one row here
 * with the click (the same statement), and the flusher (beer-flush.server.ts) deletes a batch of them and
 * adds them to events.beer_counter, beer_click_hours and beer_click_days in one statement. A click is in
 * exactly one of the two places at any snapshot, so counter + pending and roll-ups + pending are exact.
 */
export const beerClickPending = pgTable(
  "beer_click_pending",
  {
    clickId: bigint("click_id", { mode: "number" }).primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("beer_click_pending_event_id_idx").on(t.eventId, t.clickedAt)],
);

/**
 * The activity report's roll-ups: accepted beer clicks per event and UTC hour, and per event and UTC day,
 * kept by the beer flusher from beer_click_pending (decision 046). A week's report sums whole days, the hours at
 * its ends and only the partial hours' raw clicks, instead of every click. `start` is the start of the
 * hour or day; first_at and last_at are its first and last click.
 */
function beerClickRollup(name: "beer_click_hours" | "beer_click_days") {
  const hourly = name === "beer_click_hours";
  return pgTable(
    name,
    {
      eventId: uuid("event_id")
        .notNull()
        .references(() => events.id, { onDelete: "cascade" }),
      start: timestamp("start", { withTimezone: true }).notNull(),
      clicks: integer("clicks").notNull(),
      firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
      lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    },
    (t) => [
      // The upsert's key; also finds an event's rows when the event is deleted.
      primaryKey({ columns: [t.eventId, t.start] }),
      // Covers the report's scan of a period, so it reads no table rows (index-only scan).
      index(`${name}_start_idx`).on(t.start, t.eventId, t.clicks, t.firstAt, t.lastAt),
      // The chart sums the hours of a period: a much smaller index (equal keys are deduplicated) to scan.
      ...(hourly ? [index(`${name}_start_clicks_idx`).on(t.start, t.clicks)] : []),
      check(`${name}_clicks_check`, sql`${t.clicks} > 0`),
    ],
  );
}

export const beerClickHours = beerClickRollup("beer_click_hours");
export const beerClickDays = beerClickRollup("beer_click_days");

// ---------------------------------------------------------------- reports

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    reportType: text("report_type").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    reporterName: text("reporter_name"),
    contactEmail: text("contact_email"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    index("reports_created_at_idx").on(t.createdAt.desc()),
    index("reports_event_id_idx").on(t.eventId),
    check("reports_type_check", sql`${t.reportType} in ('incorrect_info', 'other', 'missing_quiz')`),
    check("reports_status_check", sql`${t.status} in ('pending', 'resolved')`),
  ],
);

// ---------------------------------------------------------------- hosts and history

/**
 * A quiz host ('Quizvärd'): a person with access to one event. Granted when an admin approves a claim, or at
 * once when the claim's address is the listing's own. A host is not a role: access is per event.
 */
export const eventHosts = pgTable(
  "event_hosts",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** "Morgonmejl på quizdagar": the host gets "Blir det quiz ikväll?" on each night's morning. */
    morningMail: boolean("morning_mail").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_hosts_user_id_idx").on(t.userId)],
);

/** A request to host an event ('Är det här ditt quiz?'), decided by an admin unless approved at once. */
export const hostClaims = pgTable(
  "host_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The claimant's role at the venue, in their own words. */
    venueRole: text("venue_role").notNull(),
    message: text("message"),
    status: text("status").notNull().default("pending"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("host_claims_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("host_claims_event_id_idx").on(t.eventId),
    check("host_claims_status_check", sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

/**
 * One field of one event changed by a host, an admin or the system ('Ändringshistorik'): who, when, the field,
 * and its value before and after as JSON. An undo is itself a change, pointing at the change it reverts.
 */
export const eventChanges = pgTable(
  "event_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorRole: text("actor_role").notNull(),
    field: text("field").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /** Set on the change an undo reverted. */
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /** Set on an undo: the change it reverts. */
    undoOf: uuid("undo_of"),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_changes_event_id_created_at_idx").on(t.eventId, t.createdAt.desc()),
    index("event_changes_created_at_idx").on(t.createdAt.desc()),
    check("event_changes_actor_role_check", sql`${t.actorRole} in ('admin', 'host', 'system')`),
  ],
);

// ---------------------------------------------------------------- freshness

/**
 * "Stämmer ert quiz fortfarande?" asked once per freshness cycle of an event: `cycle` is the confirmation
 * (last_confirmed_at, or created_at if never) the question is about; a new confirmation starts a new cycle.
 * The mail's links answer it once: `answer` and `answered_at` are set by the first link used.
 */
export const freshnessChecks = pgTable(
  "freshness_checks",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    cycle: timestamp("cycle", { withTimezone: true }).notNull(),
    /** How many hosts the question was queued to (0: no host, the admin's "Att bekräfta" has it). */
    mailed: integer("mailed").notNull().default(0),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.cycle] }),
    check("freshness_checks_answer_check", sql`${t.answer} is null or ${t.answer} in ('confirmed', 'ended')`),
    check("freshness_checks_answered_check", sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
  ],
);

/**
 * "Blir det quiz ikväll?" queued to one host about one event's night: the key makes it once per host, event
 * and quiz day, whichever instance runs the morning job.
 */
export const tonightChecks = pgTable(
  "tonight_checks",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The night's Stockholm date. */
    nightDate: date("night_date", { mode: "string" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.nightDate, t.userId] }),
    index("tonight_checks_night_date_idx").on(t.nightDate),
  ],
);

/** A visitor's "Det blev inget": the night of `occurrence_date` did not happen. Once per visitor and night. */
export const nightNotHeldReports = pgTable(
  "night_not_held_reports",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The night's Stockholm date. */
    occurrenceDate: date("occurrence_date", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull(),
    /** Set when an admin confirmed the listing after it, or dealt with it otherwise. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrenceDate, t.visitorId] }),
    index("night_not_held_reports_open_idx").on(t.eventId).where(sql`${t.resolvedAt} is null`),
  ],
);

// ---------------------------------------------------------------- quizzes

export const quizzes = pgTable(
  "quizzes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    titleSlug: text("title_slug").notNull().unique(),
    description: text("description"),
    imageUrl: text("image_url"),
    category: text("category").notNull(),
    difficulty: text("difficulty").notNull().default("medium"),
    isActive: boolean("is_active").notNull().default(false),
    /** The ISO 8601 week a NutidsQuiz belongs to ("NutidsQuiz vecka 48"); null for other categories. */
    weekYear: integer("week_year"),
    week: integer("week"),
    /** From when visitors see an active quiz; null until it is first published (then: the moment it was). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quizzes_active_created_at_idx").on(t.isActive, t.createdAt.desc()),
    index("quizzes_category_idx").on(t.category),
    // The archive and "Veckans NutidsQuiz" read weekly quizzes newest week first.
    index("quizzes_week_idx")
      .on(t.weekYear.desc(), t.week.desc())
      .where(sql`${t.week} is not null and ${t.isActive}`),
    check(
      "quizzes_week_check",
      sql`(${t.weekYear} is null) = (${t.week} is null) and ${t.week} between 1 and 53`,
    ),
    check("quizzes_difficulty_check", sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check(
      "quizzes_category_check",
      sql`${t.category} in ('AllmänQuiz', 'NutidsQuiz', 'BildQuiz', 'MusikQuiz', 'FilmQuiz', 'SportQuiz', 'GeografiQuiz', 'HistorieQuiz', 'KulturQuiz', 'Mat & Dryck-Quiz', 'VetenskapsQuiz', 'TeknikQuiz', 'TemaQuiz', 'BarnQuiz', 'SpråkQuiz', 'TV-serieQuiz', 'PubQuiz')`,
    ),
  ],
);

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    questionText: text("question_text").notNull(),
    imageUrl: text("image_url"),
    /** The image's text alternative for screen readers (BildQuiz images carry the question). */
    imageAlt: text("image_alt"),
    questionOrder: integer("question_order").notNull(),
    /** Where a generated question came from (news article or bank entry); null for hand-written ones. */
    sourceUrl: text("source_url"),
    /** The outlet (feed title) and publication time of a generated question's news item. */
    sourceOutlet: text("source_outlet"),
    sourcePublishedAt: timestamp("source_published_at", { withTimezone: true }),
    bankId: text("bank_id"),
    createdAt: createdAt(),
  },
  (t) => [index("quiz_questions_quiz_order_idx").on(t.quizId, t.questionOrder)],
);

export const quizOptions = pgTable(
  "quiz_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    optionText: text("option_text").notNull(),
    isCorrect: boolean("is_correct").notNull().default(false),
    optionOrder: integer("option_order").notNull(),
  },
  (t) => [
    uniqueIndex("quiz_options_question_order_key").on(t.questionId, t.optionOrder),
    check("quiz_options_order_check", sql`${t.optionOrder} >= 1`),
  ],
);

export const quizPlays = pgTable(
  "quiz_plays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    score: integer("score").notNull().default(0),
    questionCount: integer("question_count").notNull(),
    /**
     * Answers stored so far, raised in the statement that stores one: the play row's lock orders a play's
     * concurrent answers, so exactly one of them sees the last answer counted and finishes the play.
     */
    answered: integer("answered").notNull().default(0),
    counted: boolean("counted").notNull().default(false),
  },
  (t) => [
    index("quiz_plays_quiz_finished_idx").on(t.quizId, t.finishedAt),
    index("quiz_plays_quiz_visitor_idx").on(t.quizId, t.visitorId),
    // At most one counted play per visitor and quiz: the first finished one.
    uniqueIndex("quiz_plays_counted_key").on(t.quizId, t.visitorId).where(sql`${t.counted}`),
    check("quiz_plays_score_check", sql`${t.score} >= 0 and ${t.score} <= ${t.questionCount}`),
  ],
);

export const quizAnswers = pgTable(
  "quiz_answers",
  {
    playId: uuid("play_id")
      .notNull()
      .references(() => quizPlays.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => quizOptions.id, { onDelete: "cascade" }),
    isCorrect: boolean("is_correct").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playId, t.questionId] }),
    index("quiz_answers_question_idx").on(t.questionId, t.optionId),
  ],
);

/**
 * "Kompisligor": private weekly leagues without accounts. A league is reached by its unguessable `code` (its
 * join link); a member is a browser (its play `visitor_id`, so the member's plays count) under a nickname.
 * The browser proves membership with a random key whose SHA-256 is `key_hash`; the creator's member row may
 * remove others.
 */
export const leagues = pgTable(
  "leagues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    code: text("code").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check("leagues_name_check", sql`char_length(${t.name}) between 1 and 40`)],
);

export const leagueMembers = pgTable(
  "league_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leagueId: uuid("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    nickname: text("nickname").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    isCreator: boolean("is_creator").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("league_members_visitor_key").on(t.leagueId, t.visitorId),
    unique("league_members_nickname_key").on(t.leagueId, t.nickname),
    index("league_members_visitor_idx").on(t.visitorId),
    check("league_members_nickname_check", sql`char_length(${t.nickname}) between 1 and 30`),
  ],
);

/**
 * How many counted plays (a visitor's first finished play) chose each option: kept by the statement that
 * finishes a play, so the shares a player sees and the admin results read one row per option instead of
 * joining every answer to its play. Re-scoring leaves it as it is (the options chosen do not change).
 */
export const quizOptionTallies = pgTable(
  "quiz_option_tallies",
  {
    optionId: uuid("option_id")
      .primaryKey()
      .references(() => quizOptions.id, { onDelete: "cascade" }),
    answers: integer("answers").notNull().default(0),
  },
  (t) => [check("quiz_option_tallies_answers_check", sql`${t.answers} >= 0`)],
);

/**
 * How many counted plays of a quiz have each score: kept by the statement that finishes a play (beside
 * quiz_option_tallies) and made again when a question is re-scored, so a player's result (players,
 * average, "Bättre än X %") and the quiz page read a row per score instead of every counted play.
 */
export const quizScoreCounts = pgTable(
  "quiz_score_counts",
  {
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    plays: integer("plays").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.score] }),
    check("quiz_score_counts_plays_check", sql`${t.plays} >= 0`),
  ],
);

/** A player's report of a question after answering it; one per visitor and question (a new one replaces it). */
export const quizQuestionReports = pgTable(
  "quiz_question_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quiz_question_reports_question_visitor_key").on(t.questionId, t.visitorId),
    check("quiz_question_reports_reason_check", sql`${t.reason} in ('wrong_answer', 'unclear', 'outdated')`),
  ],
);

export const quizVotes = pgTable(
  "quiz_votes",
  {
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    vote: text("vote").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.visitorId] }),
    check("quiz_votes_vote_check", sql`${t.vote} in ('up', 'down')`),
  ],
);

// ---------------------------------------------------------------- operations

/** One row per (job, slot): inserting it is the claim, so a slot runs once across every app instance. */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    slot: text("slot").notNull(),
    claimedBy: text("claimed_by").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    status: text("status").notNull().default("running"),
    result: jsonb("result"),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.slot] }),
    check("job_runs_status_check", sql`${t.status} in ('running', 'succeeded', 'failed')`),
  ],
);

/** Fixed-window counters for the app's own rate limits (visitor endpoints), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

/**
 * Generations of data that app instances cache in memory (decision 020). Triggers in the migration bump a
 * scope's version in the same transaction as any write to its tables, so an instance compares one number
 * per request and rebuilds its cache only when another instance (or a script) has changed the data.
 */
export const cacheVersions = pgTable("cache_versions", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// ---------------------------------------------------------------- mail

export type MailOutboxStatus = "pending" | "sending" | "sent" | "failed";

/**
 * Every mail is first a row here, written in the transaction of what caused it (decision 024); the delivery
 * worker sends it. While a row is 'sending', next_attempt_at is its claim's lease: a claimer that died
 * leaves a row that becomes due again when the lease runs out. Sent rows are pruned after two days, which
 * is also what the per-recipient caps count (their windows are at most a day).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    /** The address, trimmed and in lower case: it is sent to and counted by the caps in this form. */
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers (List-Unsubscribe for list mail). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** The one link the mail is about, repeated in the log line when mail goes to the outbox directory. */
    link: text("link"),
    /** Set once at enqueue time and sent with every attempt, so a retry after a lost reply is recognisable. */
    messageId: text("message_id").notNull().unique(),
    status: text("status").$type<MailOutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** The instance and claim that is sending the row (null while it waits). */
    claim: text("claim"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When the row was sent or given up. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index("mail_outbox_recipient_idx").on(t.recipient, t.createdAt),
    index("mail_outbox_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    check("mail_outbox_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

// ---------------------------------------------------------------- list mail (follows and subscriptions)

/**
 * One e-mail address that has asked for list mail: its key opens "Mina utskick" (unguessable, random). The
 * row goes when the address's last list does, so an address that unsubscribed from everything is gone.
 */
export const listRecipients = pgTable("list_recipients", {
  /** Trimmed and in lower case, the form mail is sent to. */
  email: text("email").primaryKey(),
  manageToken: text("manage_token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * One list one address is on: an event's nights ("Påminn mig") or the weekly NutidsQuiz. Unconfirmed until
 * the link of the confirmation mail is opened (double opt-in); nothing else is mailed before. The confirm
 * token is spent on use; the unsubscribe token is in every list mail of this row.
 */
export const listSubscriptions = pgTable(
  "list_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email")
      .notNull()
      .references(() => listRecipients.email, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    confirmToken: text("confirm_token").unique(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    /** When the latest confirmation mail was asked for: its link expires a week later. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * The "Mina quiz" key (personal_feeds.key) of the browser that asked to follow: ending the follow takes
     * the event out of that list too.
     */
    feedKey: text("feed_key"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("list_subscriptions_email_topic_event_key").on(t.email, t.topic, t.eventId).nullsNotDistinct(),
    index("list_subscriptions_event_idx").on(t.eventId).where(sql`${t.confirmedAt} is not null`),
    index("list_subscriptions_topic_idx").on(t.topic).where(sql`${t.confirmedAt} is not null`),
    check("list_subscriptions_topic_check", sql`${t.topic} in ('event', 'nutidsquiz')`),
    check("list_subscriptions_event_check", sql`(${t.topic} = 'event') = (${t.eventId} is not null)`),
  ],
);

/**
 * The Kompisligor a NutidsQuiz subscriber chose to see in the weekly mail (added by pasting the league's link
 * on "Mina utskick"): each mail links their tables. Goes with the subscription or the league.
 */
export const listSubscriptionLeagues = pgTable(
  "list_subscription_leagues",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => listSubscriptions.id, { onDelete: "cascade" }),
    leagueId: uuid("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.leagueId] }),
    index("list_subscription_leagues_league_idx").on(t.leagueId),
  ],
);

/** A day's reminder of one follow, once: inserting the row is the claim, so no night is reminded twice. */
export const listReminders = pgTable(
  "list_reminders",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => listSubscriptions.id, { onDelete: "cascade" }),
    /** The night's Stockholm date. */
    occurrenceDate: date("occurrence_date", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.occurrenceDate] })],
);

/** A NutidsQuiz mailed to its subscribers, once. */
export const listQuizIssues = pgTable("list_quiz_issues", {
  quizId: uuid("quiz_id")
    .primaryKey()
    .references(() => quizzes.id, { onDelete: "cascade" }),
  mailedAt: timestamp("mailed_at", { withTimezone: true }).notNull(),
  recipients: integer("recipients").notNull(),
});

/**
 * "Mina quiz": the events one browser follows or stars, behind an unguessable key the browser made, so one
 * calendar subscription combines them without an account. The browser keeps the list and writes it here
 * whenever it changes; nothing ties the key to a person. The key in the feed's address only reads: a write
 * needs the browser's second key, kept here as its SHA-256 (null for a list saved before write keys: the
 * first write that brings one claims the list).
 */
export const personalFeeds = pgTable(
  "personal_feeds",
  {
    key: text("key").primaryKey(),
    eventIds: uuid("event_ids").array().notNull(),
    writeKeyHash: text("write_key_hash"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("personal_feeds_size_check", sql`cardinality(${t.eventIds}) <= 100`)],
);
