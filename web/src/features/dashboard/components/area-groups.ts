/** A run of locations of one area along the sorted list; `area` is null where the list is not grouped. */
export interface AreaGroup<L> {
  key: string;
  area: { id: number; name: string } | null;
  locations: L[];
}

/**
 * The locations in runs of one area, a new run each time the area changes along the list (the server
 * sorts by area first, so each area is one run; a later page may continue the last run).
 */
export const groupByArea = <L extends { organization: { id: number; name: string } }>(
  locations: readonly L[],
): AreaGroup<L>[] => {
  const groups: AreaGroup<L>[] = [];
  for (const location of locations) {
    const last = groups.at(-1);
    if (last?.area?.id === location.organization.id) last.locations.push(location);
    else
      groups.push({
        key: `${location.organization.id}-${groups.length}`,
        area: location.organization,
        locations: [location],
      });
  }
  return groups;
};

/** The locations as one run without an area heading (the user's own order, which areas do not split). */
export const ungrouped = <L>(locations: L[]): AreaGroup<L>[] => [{ key: 'all', area: null, locations }];

/** The dashboard's cards: one column on a phone, two on a laptop, three on a wide screen. */
export const CARD_GRID = {
  display: 'grid',
  gap: 2,
  // minmax(0, …): no card's content may widen the column past the screen.
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'repeat(2, minmax(0, 1fr))',
    xl: 'repeat(3, minmax(0, 1fr))',
  },
} as const;
