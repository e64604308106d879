/**
 * Whether a point is in Sweden: a coarse outline of the country and its coastal waters, about 50 points,
 * drawn so that the neighbours' nearest towns fall outside (Copenhagen and Helsingør across Öresund,
 * Bornholm, Halden, Trysil, Narvik, Mariehamn on Åland, Muonio) and Sweden's own edges inside (Falsterbo, Smygehuk,
 * Helsingborg, Ven, Strömstad, Treriksröset, Haparanda, Gotland, Öland). Near the mountain border it is
 * within a few kilometres, which is all a pubquiz listing asks of it: a geocoder's answer or a visitor's
 * position across the border is refused, not measured.
 */

/** [longitude, latitude], clockwise from the south-west corner in Öresund. */
const OUTLINE: readonly (readonly [number, number])[] = [
  [12.72, 55.3],
  [12.8, 55.5],
  [12.86, 55.62],
  [12.8, 55.78],
  [12.64, 55.9],
  [12.655, 56.04],
  [12.4, 56.2],
  [12.0, 56.6],
  [11.6, 57.1],
  [11.45, 57.6],
  [11.05, 58.2],
  [10.85, 58.8],
  [11.1, 59.0],
  [11.45, 59.07],
  [11.62, 59.3],
  [11.75, 59.55],
  [12.2, 59.85],
  [12.5, 60.1],
  [12.55, 60.5],
  [12.45, 61.0],
  [12.6, 61.35],
  [12.35, 61.7],
  [12.25, 62.1],
  [12.05, 62.6],
  [12.0, 63.3],
  [12.4, 63.8],
  [13.6, 64.2],
  [14.1, 64.5],
  [14.3, 65.1],
  [14.55, 65.8],
  [15.4, 66.3],
  [16.3, 67.0],
  [16.6, 67.5],
  [17.3, 67.95],
  [17.95, 68.3],
  [18.1, 68.5],
  [19.9, 68.4],
  [20.55, 69.07],
  [21.3, 68.75],
  [22.3, 68.5],
  [22.6, 68.42],
  [23.3, 67.95],
  [23.7, 67.3],
  [23.75, 66.6],
  [24.17, 65.82],
  [23.5, 65.2],
  [21.8, 64.1],
  [21.0, 63.75],
  [20.4, 63.2],
  [19.6, 62.2],
  [19.5, 61.0],
  [19.15, 60.3],
  [19.3, 60.05],
  [19.75, 59.5],
  [19.6, 58.6],
  [19.9, 57.6],
  [19.1, 56.9],
  [17.8, 56.0],
  [16.6, 55.9],
  [15.9, 55.6],
  [14.3, 55.33],
  [13.3, 55.3],
];

/** Ray casting over the outline. */
export function isInSweden(latitude: number, longitude: number): boolean {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  let inside = false;
  for (let i = 0, j = OUTLINE.length - 1; i < OUTLINE.length; j = i++) {
    const [xi, yi] = OUTLINE[i]!;
    const [xj, yj] = OUTLINE[j]!;
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}
