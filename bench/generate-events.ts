// npx tsx bench/generate-events.ts [count]: adds generated events (default 2,000) to the configured
// database (DATA_DIR / DATABASE_URL), to measure the home page at scale. Stop the server first when the
// database is the embedded one. Titles are unique per city, so slugs need no collision lookups.
import { events } from "../app/db/schema";
import { CITY_NAMES } from "../app/lib/cities";
import { slugify } from "../app/lib/slug";
import { nextOccurrence, WEEKDAYS } from "../app/lib/time";
import { openCliDatabase } from "../scripts/lib/cli-db";

const count = Number(process.argv[2] ?? 2000);
const words = [
  "Ankan",
  "Bryggan",
  "Kronan",
  "Lyktan",
  "Måsen",
  "Örnen",
  "Tunnan",
  "Valvet",
  "Hamnen",
  "Kajen",
];
const handle = await openCliDatabase();
try {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const city = CITY_NAMES[i % CITY_NAMES.length]!;
    const weekday = WEEKDAYS[i % 7]!;
    const title = `Benchquiz ${i + 1} på ${words[i % words.length]}`;
    const twoDays = i % 5 === 0;
    return {
      title,
      slug: slugify(title),
      description: `Genererat quiz nummer ${i + 1} med sex ronder allmänbildning och en musikrunda.`,
      locationName: `${words[(i * 7) % words.length]} ${i + 1}`,
      locationAddress: `Benchgatan ${i + 1}, ${city}`,
      city,
      startTime: nextOccurrence(weekday, "19:00"),
      tags: i % 4 === 0 ? ["Quiz", "MusikQuiz"] : ["Quiz"],
      maxPersonsPerTeam: i % 3 === 0 ? null : 6,
      recurrence: (["weekly", "biweekly", "monthly"] as const)[i % 3],
      schedules: twoDays
        ? [
            { weekday, time: "19:00" },
            { weekday: WEEKDAYS[(i + 2) % 7]!, time: "20:00" },
          ]
        : null,
      beerCounter: i % 50,
      createdAt: new Date(now - (i % 60) * 24 * 3600 * 1000),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(events).values(rows.slice(i, i + 500));
  console.log(`Inserted ${rows.length} events.`);
} finally {
  await handle.close();
}
