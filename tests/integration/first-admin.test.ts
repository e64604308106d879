import { assert, describe, expect, it } from "vitest";
import { getAuth } from "~/features/auth/auth.server";
import { ensureFirstAdmin } from "~/features/auth/first-admin.server";
import { grantAdmin, isAdmin, revokeAdmin } from "~/features/auth/roles.server";
import { getDb } from "~/lib/db.server";
import { mailsTo } from "../support/delivered-mail";

describe("first-run admin", () => {
  it("creates one admin with a random password that signs in, once", async () => {
    const db = getDb();
    const admin = await ensureFirstAdmin(db);
    expect(admin).not.toBeNull();
    expect(admin!.password.length).toBeGreaterThanOrEqual(12);
    const signedIn = await getAuth().api.signInEmail({
      body: { email: admin!.email, password: admin!.password },
    });
    expect(await isAdmin(db, signedIn.user.id)).toBe(true);
    expect(await ensureFirstAdmin(db)).toBeNull();
    // Its welcome mail does not send it off to ask for the rights it already has.
    const [welcome] = await mailsTo(admin!.email);
    assert(welcome);
    expect(welcome.text).toContain("Kontot är administratör");
    expect(welcome.text).not.toContain("adminrättigheter");
    await getAuth().api.signUpEmail({
      body: { email: "ny-spelare@example.se", password: "hemligt123", name: "Ny" },
    });
    expect((await mailsTo("ny-spelare@example.se"))[0]?.text).toContain("Kontakta administratören");
  });

  it("grants and revokes the admin role by e-mail", async () => {
    const db = getDb();
    const { user } = await getAuth().api.signUpEmail({
      body: { email: "vanlig@example.se", password: "hemligt123", name: "Vanlig" },
    });
    expect(await isAdmin(db, user.id)).toBe(false);
    await grantAdmin(db, "vanlig@example.se");
    await grantAdmin(db, "vanlig@example.se");
    expect(await isAdmin(db, user.id)).toBe(true);
    await revokeAdmin(db, "vanlig@example.se");
    expect(await isAdmin(db, user.id)).toBe(false);
    await expect(grantAdmin(db, "saknas@example.se")).rejects.toThrow("no account");
  });
});

describe("first-run admin, instances racing", () => {
  it("creates exactly one admin when several instances start together", async () => {
    const { user } = await import("~/db/schema");
    const db = getDb();
    await db.delete(user);
    const results = await Promise.all([ensureFirstAdmin(db), ensureFirstAdmin(db), ensureFirstAdmin(db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const signedIn = await getAuth().api.signInEmail({
      body: { email: results.find(Boolean)!.email, password: results.find(Boolean)!.password },
    });
    expect(await isAdmin(db, signedIn.user.id)).toBe(true);
  });
});
