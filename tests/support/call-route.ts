/** What React Router hands a loader or an action; the tests pass no context. */
type RouteArgs = { request: Request; params: Record<string, string>; context: object };

/** A response React Router sends when a loader or an action throws it: a Response, or `data(…)` with an init. */
function isThrownResponse(thrown: unknown): boolean {
  return (
    thrown instanceof Response ||
    (typeof thrown === "object" &&
      thrown !== null &&
      "type" in thrown &&
      thrown.type === "DataWithResponseInit")
  );
}

/**
 * Runs a route module's loader or action the way React Router would for `request`, and resolves with what
 * it returned or with the response it threw (a redirect, a refusal); any other error rejects. The result is
 * typed as a Response unless the caller names what the route returns.
 */
export async function callRoute<T = Response>(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<T> {
  try {
    return (await (fn as (args: RouteArgs) => unknown)({ request, params, context: {} })) as T;
  } catch (thrown) {
    if (isThrownResponse(thrown)) return thrown as T;
    throw thrown;
  }
}
