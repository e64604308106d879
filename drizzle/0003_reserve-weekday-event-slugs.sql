-- Weekday slugs belong to the city-and-weekday listings (/quiz/{city}/fredag), so an event that has one can
-- never be opened. Give each such event the first free -2, -3 … suffix in its city, as a new event gets.
-- No redirect is kept: the old address always showed the weekday listing, never the event.
UPDATE "events" AS e
SET "slug" = e."slug" || '-' || (
  SELECT min(n)
  FROM generate_series(2, 10000) AS n
  WHERE NOT EXISTS (
    SELECT 1 FROM "events" AS o WHERE o."city" = e."city" AND o."slug" = e."slug" || '-' || n
  )
)
WHERE e."slug" IN ('mandag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lordag', 'sondag');
