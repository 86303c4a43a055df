import { RUNTIME_CONFIG_PATH } from '@sitewalk/shared/web-pages';

/**
 * What the public pages do in the browser (public-page.ts runs it): they are prerendered HTML and CSS, and
 * this fills in what comes from the runtime configuration (the contact name and address, the AWS region),
 * which one build cannot know. Only strings are taken from the file, as text: no schema library is loaded
 * for three fields (the app validates the whole file with the shared schema).
 */
type Filled = 'contactName' | 'contactEmail' | 'region';

export const fillRuntimeConfig = async (root: ParentNode, fetchFn: typeof fetch = fetch): Promise<void> => {
  const response = await fetchFn(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  const config = (await response.json()) as Partial<Record<Filled, unknown>>;
  const text = (field: Filled) => {
    const value = config[field];
    return typeof value === 'string' ? value : null;
  };
  for (const element of root.querySelectorAll<HTMLElement>('[data-config]')) {
    const value = text(element.dataset.config as Filled);
    if (value !== null) element.textContent = value;
  }
  const email = text('contactEmail');
  if (email === null) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-config-mailto]')) {
    link.href = `mailto:${email}`;
  }
};

/** Marks the page menu of the public top bar (components/public-header.tsx). */
export const PAGE_MENU_ATTRIBUTE = 'data-page-menu';

/**
 * The page menu (a native <details> on narrow screens) closes once one of its links is followed, and on
 * Escape, giving the focus back to its toggle.
 */
export const wirePageMenu = (document: Document): void => {
  const menus = () => [...document.querySelectorAll<HTMLDetailsElement>(`details[${PAGE_MENU_ATTRIBUTE}]`)];
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest(`[${PAGE_MENU_ATTRIBUTE}] a`);
    link?.closest('details')?.removeAttribute('open');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menus().filter((details) => details.open)) {
      menu.removeAttribute('open');
      menu.querySelector('summary')?.focus();
    }
  });
};
