/** What /integritet says that depends on the installation or on rules kept elsewhere. */
export type NoticeFacts = {
  controller: string;
  contact: string;
  site: string;
  transfers: string | null;
  /** Without one, mail is written to files on the server and logged. */
  mailService: boolean;
  /** `public`: browsers load images straight from the bucket. */
  bucket: "none" | "private" | "public";
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
  updated: string;
};
