import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { paths } from '../../../config/paths.ts';
import { PAGE_MENU_ATTRIBUTE } from '../enhance.ts';
import { LogoLink } from './logo.tsx';

export interface HeaderSection {
  id: string;
  label: string;
}

/**
 * The public top bar: the logo (home), on the landing page the links that scroll to its sections, and the
 * links to sign in and to register. Below the md breakpoint the section links fold into a native disclosure
 * (<details>) under the bar: it works on a page that loads no React.
 */
export const PublicHeader = ({ sections = [] }: { sections?: readonly HeaderSection[] }) => {
  const hasSections = sections.length > 0;
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'rgba(255, 255, 255, 0.94)',
        backdropFilter: 'saturate(180%) blur(8px)',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 60, sm: 68 } }}>
          <LogoLink />
          {hasSections && (
            <Box
              component="nav"
              aria-label="Page sections"
              sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: { md: 2, lg: 4 } }}
            >
              {sections.map((section) => (
                <Button
                  key={section.id}
                  color="inherit"
                  href={`#${section.id}`}
                  sx={{ color: 'text.secondary', minWidth: 0, px: 1.5, '&:hover': { color: 'text.primary' } }}
                >
                  {section.label}
                </Button>
              ))}
            </Box>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button href={paths.login.build()} color="primary">
            Log in
          </Button>
          <Button
            href={paths.register.build()}
            variant="contained"
            disableElevation
            sx={hasSections ? { display: { xs: 'none', sm: 'inline-flex' } } : undefined}
          >
            Register
          </Button>
          {hasSections && (
            <Box
              component="details"
              {...{ [PAGE_MENU_ATTRIBUTE]: '' }}
              sx={{
                display: { xs: 'block', md: 'none' },
                '& .menu-close': { display: 'none' },
                '&[open] .menu-close': { display: 'block' },
                '&[open] .menu-open': { display: 'none' },
              }}
            >
              <Box
                component="summary"
                aria-label="Page menu"
                sx={{
                  listStyle: 'none',
                  '&::-webkit-details-marker': { display: 'none' },
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                  width: 44,
                  height: 44,
                  mr: -1,
                  borderRadius: '50%',
                  color: 'text.secondary',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
                }}
              >
                <MenuIcon className="menu-open" aria-hidden="true" />
                <CloseIcon className="menu-close" aria-hidden="true" />
              </Box>
              <Box
                component="nav"
                aria-label="Page menu"
                sx={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  top: '100%',
                  borderTop: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                }}
              >
                <Container maxWidth="lg" sx={{ py: 1, display: 'flex', flexDirection: 'column' }}>
                  {sections.map((section) => (
                    <Button
                      key={section.id}
                      color="inherit"
                      href={`#${section.id}`}
                      sx={{ justifyContent: 'flex-start', py: 1.25 }}
                    >
                      {section.label}
                    </Button>
                  ))}
                  <Button
                    href={paths.register.build()}
                    color="primary"
                    sx={{ justifyContent: 'flex-start', py: 1.25, display: { sm: 'none' } }}
                  >
                    Register
                  </Button>
                </Container>
              </Box>
            </Box>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
};
