import { wirePageMenu, fillRuntimeConfig } from './features/marketing/enhance.ts';

// The public pages' only script (public-page.html): they are prerendered (web/src/prerender.tsx).
fillRuntimeConfig(document).catch((error: unknown) =>
  console.error('The contact details could not be loaded', error),
);
wirePageMenu(document);
