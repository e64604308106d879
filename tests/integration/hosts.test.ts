import { describe, expect, it } from "vitest";
import { eventHosts, user } from "~/db/schema";
import { hostsOfEvent, isHostOfEvent } from "~/features/hosts/public.server";
import { getDb } from "~/lib/db.server";
import { insertEvent } from "../support/factories";

async function insertUser(id: string, email: string) {
  await getDb()
    .insert(user)
    .values({ id, name: id, email, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
}

describe("event hosts", () => {
  it("grants access per event: a host of one event is not a host of another", async () => {
    const db = getDb();
    const first = await insertEvent(db, { title: "Värdens quiz" });
    const second = await insertEvent(db, { title: "Någon annans quiz" });
    await insertUser("host-a", "a@example.se");
    await insertUser("host-b", "b@example.se");
    await db.insert(eventHosts).values({ eventId: first.id, userId: "host-a" });

    expect(await isHostOfEvent(db, "host-a", first.id)).toBe(true);
    expect(await isHostOfEvent(db, "host-a", second.id)).toBe(false);
    expect(await isHostOfEvent(db, "host-b", first.id)).toBe(false);
    expect(await hostsOfEvent(db, first.id)).toEqual([
      { userId: "host-a", name: "host-a", email: "a@example.se" },
    ]);
    expect(await hostsOfEvent(db, second.id)).toEqual([]);
  });
});
