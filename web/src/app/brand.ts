/** The brand's colours: the theme's primary and secondary, the logo's tile and last marker, the web app manifest's. */
export const BRAND_BLUE = '#1d4e89';
export const BRAND_AMBER = '#f2a541';
