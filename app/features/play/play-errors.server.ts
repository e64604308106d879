// The refusals a play answers as 4xx (play-api.server.ts turns them into responses).

/** An expected refusal: the route answers it as a 4xx with this Swedish message. */
export class PlayError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409,
  ) {
    super(message);
  }
}

/** A play request over the address's budget: answered 429 with Retry-After. */
export class PlayRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("För många förfrågningar. Försök igen om en stund.");
  }
}
