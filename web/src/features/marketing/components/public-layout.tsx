import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader, type HeaderSection } from './public-header.tsx';

/** The sticky top bar's height: an anchor scrolls its target below it. */
const HEADER_OFFSET_PX = 76;

/**
 * The frame of every public page: a skip link, the top bar, the page's main content and the footer. Pages
 * render their own <main> content; the layout gives it the landmark and the skip target. Anchors scroll
 * smoothly (unless the visitor asks for reduced motion) and stop below the sticky bar.
 */
export const PublicLayout = ({
  sections,
  children,
}: {
  sections?: readonly HeaderSection[];
  children: ReactNode;
}) => (
  <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
    <GlobalStyles
      styles={{
        '@media (prefers-reduced-motion: no-preference)': { html: { scrollBehavior: 'smooth' } },
        '[id]': { scrollMarginTop: HEADER_OFFSET_PX },
      }}
    />
    <Box
      component="a"
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
    <PublicHeader sections={sections} />
    <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
      {children}
    </Box>
    <PublicFooter />
  </Box>
);
