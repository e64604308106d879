/** A Stockholm calendar date (YYYY-MM-DD) moved by whole days. */
export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
