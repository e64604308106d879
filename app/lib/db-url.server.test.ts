import { afterEach, describe, expect, it } from "vitest";
import { postgresClient } from "./db.server";

const clients: ReturnType<typeof postgresClient>[] = [];
const client = (url: string) => {
  const made = postgresClient(url, { max: 1 });
  clients.push(made);
  return made;
};

afterEach(async () => {
  // Nothing was connected: ending only drops the pools.
  await Promise.all(clients.splice(0).map((c) => c.end({ timeout: 0 })));
});

describe("the PostgreSQL address", () => {
  it("reads libpq's ?host=/directory as the Unix-domain socket in that directory, on the URL's port", () => {
    const options = client("postgresql://quiz:hemligt@localhost:5433/quizkvall?host=/run/postgresql").options;
    expect(options.path).toBe("/run/postgresql/.s.PGSQL.5433");
    expect(options.database).toBe("quizkvall");
    expect(options.user).toBe("quiz");
  });

  it("leaves a TCP address as it is", () => {
    const options = client("postgres://quiz@db.example.se:5432/quizkvall?sslmode=require").options;
    expect(options.path).toBeFalsy();
    expect(options.host).toEqual(["db.example.se"]);
  });
});
