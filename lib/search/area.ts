/**
 * The search area of an organization (migration 0018_search_area): a small tsvector, kept by
 * the database in `organizations.search_area`, of its state ("st_ky"), its NTEE major group
 * ("ntee_b") and the half-degree cell of the latitude/longitude grid it lies in
 * ("cell_276_229": floor(2 x latitude) + 200, floor(2 x longitude) + 400). Its GIN index lets
 * a text search ask for the organizations whose words match AND that are in a place, a
 * radius's box or a state, reading only those rows; the exact box and distance are still
 * tested on them. The cells here must be computed as gb_organization_area computes them.
 */

/** Half-degree cells per degree. */
const CELLS_PER_DEGREE = 2;
/** Offsets that keep cell numbers non-negative (latitude -90..90, longitude -180..180). */
const LATITUDE_OFFSET = 200;
const LONGITUDE_OFFSET = 400;
/**
 * Most cells one query asks for: a box wider than this (near the poles, or a radius of
 * hundreds of miles) is left to the other conditions.
 */
export const MAX_AREA_CELLS = 240;

/** A latitude/longitude box in degrees, edges included. */
export type AreaBox = { south: number; north: number; west: number; east: number };

/** The lexeme of the cell holding a point, as gb_organization_area writes it. */
export function areaCell(latitude: number, longitude: number): string {
  return `cell_${Math.floor(latitude * CELLS_PER_DEGREE) + LATITUDE_OFFSET}_${Math.floor(longitude * CELLS_PER_DEGREE) + LONGITUDE_OFFSET}`;
}

/**
 * The distinct cells covering these boxes (every point of a box lies in one of them), or null
 * when they would be more than MAX_AREA_CELLS. Multiplying by 2 is exact in floating point,
 * so a point inside a box always falls in one of its cells.
 */
export function boxCells(boxes: readonly AreaBox[]): string[] | null {
  const cells = new Set<string>();
  for (const b of boxes) {
    const s = Math.floor(b.south * CELLS_PER_DEGREE);
    const n = Math.floor(b.north * CELLS_PER_DEGREE);
    const w = Math.floor(Math.max(-180, b.west) * CELLS_PER_DEGREE);
    const e = Math.floor(Math.min(180, b.east) * CELLS_PER_DEGREE);
    if ((n - s + 1) * (e - w + 1) > MAX_AREA_CELLS) return null;
    for (let y = s; y <= n; y++) for (let x = w; x <= e; x++) cells.add(`cell_${y + LATITUDE_OFFSET}_${x + LONGITUDE_OFFSET}`);
    if (cells.size > MAX_AREA_CELLS) return null;
  }
  return [...cells];
}

/**
 * The tiers of prominence (organizations.search_prominence, 0..1) whose organizations carry a
 * lexeme in their search area (migration 0020_search_prominent_tier writes the same numbers),
 * the highest first: about 6% of the directory is in the first. A tier holds every
 * organization at least as prominent as its `min`, so the most prominent matches of a text
 * are those of the first tier that has enough of them.
 */
export const PROMINENT_TIERS = [
  { lexeme: "prom_a", min: 0.5 },
  { lexeme: "prom_b", min: 0.33 },
] as const;

/** The lexeme of a two-letter state code. */
export function areaState(state: string): string {
  return `st_${state.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
}

/** The lexeme of an NTEE major group letter (A..Z). */
export function areaNteeGroup(letter: string): string {
  return `ntee_${letter.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
}

/**
 * tsquery text (for `::tsquery`, not to_tsquery: the lexemes are taken as written) that an
 * area matches when it has every lexeme of `all` and, if given, one of `anyOf`; null when
 * there is nothing to ask. The lexemes hold only [a-z0-9_], so quoting is plain.
 */
export function areaQueryText(all: readonly string[], anyOf?: readonly string[] | null): string | null {
  const parts = all.map((l) => `'${l}'`);
  if (anyOf?.length) parts.push(`(${anyOf.map((l) => `'${l}'`).join(" | ")})`);
  return parts.length ? parts.join(" & ") : null;
}
