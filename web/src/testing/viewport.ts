import { vi } from 'vitest';

/**
 * jsdom has no `matchMedia` (so MUI's `useMediaQuery` answers false: a wide screen). This answers media
 * queries of min-width and max-width as a screen `width` px wide would; undo with `vi.unstubAllGlobals()`.
 */
export const stubScreenWidth = (width: number) => {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, px]) =>
      bound === 'min' ? width >= Number(px) : width <= Number(px),
    );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
};
