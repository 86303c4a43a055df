import Link, { type LinkProps } from '@mui/material/Link';

/**
 * Values of the runtime configuration on the public pages. These pages are prerendered at build time and
 * load no React; web/src/public-page.ts fills the marked elements from /config.json when the page loads, so
 * one build serves every stage. Until then (or without JavaScript) they read as these placeholders.
 */
export type ConfigField = 'contactName' | 'contactEmail' | 'region';

const placeholders: Record<ConfigField, string> = {
  contactName: 'the SiteWalk team',
  contactEmail: 'our contact address',
  region: 'chosen for your company',
};

export const ConfigText = ({ field }: { field: ConfigField }) => (
  <span data-config={field}>{placeholders[field]}</span>
);

/** A link whose href becomes `mailto:` the contact address. */
export const mailtoAttribute = { 'data-config-mailto': '' } as const;

/** The contact address as a mailto link. */
export const ContactEmailLink = (props: Omit<LinkProps, 'href' | 'children'>) => (
  <Link {...props} {...mailtoAttribute} href="#contact">
    <ConfigText field="contactEmail" />
  </Link>
);
