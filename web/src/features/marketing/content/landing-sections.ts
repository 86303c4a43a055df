/** The landing page's sections that the top bar scrolls to, in page order. */
export const landingSections = [
  { id: 'why', label: 'Why SiteWalk' },
  { id: 'demo', label: 'Demo' },
  { id: 'about', label: 'About' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'faq', label: 'FAQ' },
] as const;

export type LandingSectionId = (typeof landingSections)[number]['id'];
