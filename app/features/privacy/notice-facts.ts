/**
 * What /integritet says that depends on the installation or on rules kept elsewhere: who is responsible,
 * which providers are configured, and every retention period as the notice words it ("7 dagar"). Built on
 * the server (notice-facts.server.ts) and rendered by privacy-notice.tsx.
 */
export type NoticeFacts = {
  controller: string;
  contact: string;
  /** The site's host name, e.g. "quizkvall.se". */
  site: string;
  /** The operator's own words on transfers outside the EU/EEA; null when there are none. */
  transfers: string | null;
  /** Mail goes through an SMTP service; without one it is written to files on the server and logged. */
  mailService: boolean;
  /** Uploads in an S3-compatible bucket; `public` when visitors' browsers load images straight from it. */
  bucket: "none" | "private" | "public";
  /** The database runs apart from the app (PostgreSQL at DATABASE_URL), so possibly at another provider. */
  separateDatabase: boolean;
  /** The host the city maps' tiles come from (MAP_TILES_URL): visitors' browsers ask it directly. */
  mapTilesHost: string;
  kept: {
    session: string;
    signInLink: string;
    expiredSignIn: string;
    idleHostAccount: string;
    beerCooldown: string;
    beerCooldownRow: string;
    beerClick: string;
    confirmation: string;
    resolvedNotHeld: string;
    playLink: string;
    rateLimit: string;
    rateLimitLongest: string;
    resolvedReport: string;
    decidedClaim: string;
    unconfirmedList: string;
    sentMail: string;
    failedMail: string;
    logs: string;
    backups: string;
  };
  /** When the notice last changed, as a long Swedish date. */
  updated: string;
};
