import type { Page } from "playwright-core";
import { expect } from "vitest";
import { signInAsAdmin } from "./browser";

type StoredReport = {
  title: string;
  reportType: string;
  status: string;
  eventId?: string | null;
  eventTitle?: string | null;
};

/** The reports as the admins see them (newest first), read by a fresh admin page of `newPage`. */
export async function storedReports(newPage: () => Promise<Page>): Promise<StoredReport[]> {
  const admin = await newPage();
  await signInAsAdmin(admin);
  const response = await admin.request.get("/api/admin/reports");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { reports: StoredReport[] }).reports;
}
