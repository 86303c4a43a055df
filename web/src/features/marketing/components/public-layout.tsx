import Box from '@mui/material/Box';
import { useEffect, type ReactNode } from 'react';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader, type HeaderSection } from './public-header.tsx';

/**
 * The frame of every public page: a skip link, the top bar, the page's main content and the footer. Pages
 * render their own <main> content; the layout gives it the landmark and the skip target. A public page
 * opens at its top (a link from the footer of a long page would otherwise land mid-page), unless the URL
 * names an anchor.
 */
export const PublicLayout = ({
  sections,
  children,
}: {
  sections?: readonly HeaderSection[];
  children: ReactNode;
}) => {
  useEffect(() => {
    if (!window.location.hash && window.scrollY > 0) window.scrollTo({ top: 0 });
  }, []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
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
};
