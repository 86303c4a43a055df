import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { scrollToSection } from '../utils/scroll-to-section.ts';
import { LogoLink } from './logo.tsx';

export interface HeaderSection {
  id: string;
  label: string;
}

/**
 * The public top bar: the logo (home), on the landing page the buttons that scroll to its sections, and the
 * links to sign in and to register. Below the md breakpoint the section buttons fold into a disclosure
 * panel under the bar (a plain toggle: no popover code on the public pages).
 */
export const PublicHeader = ({ sections = [] }: { sections?: readonly HeaderSection[] }) => {
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const hasSections = sections.length > 0;
  const go = (id: string) => {
    setMenuOpen(false);
    scrollToSection(id);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      document.getElementById(`${panelId}-toggle`)?.focus();
    }
  };
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      onKeyDown={closeOnEscape}
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
                  onClick={() => scrollToSection(section.id)}
                  sx={{ color: 'text.secondary', minWidth: 0, px: 1.5, '&:hover': { color: 'text.primary' } }}
                >
                  {section.label}
                </Button>
              ))}
            </Box>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button component={RouterLink} to={paths.login.build()} color="primary">
            Log in
          </Button>
          <Button
            component={RouterLink}
            to={paths.register.build()}
            variant="contained"
            disableElevation
            sx={hasSections ? { display: { xs: 'none', sm: 'inline-flex' } } : undefined}
          >
            Register
          </Button>
          {hasSections && (
            <IconButton
              id={`${panelId}-toggle`}
              aria-label="Page menu"
              aria-controls={panelId}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
              edge="end"
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </IconButton>
          )}
        </Toolbar>
      </Container>
      {hasSections && menuOpen && (
        <Box
          component="nav"
          id={panelId}
          aria-label="Page menu"
          sx={{ display: { md: 'none' }, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Container maxWidth="lg" sx={{ py: 1, display: 'flex', flexDirection: 'column' }}>
            {sections.map((section) => (
              <Button
                key={section.id}
                color="inherit"
                onClick={() => go(section.id)}
                sx={{ justifyContent: 'flex-start', py: 1.25 }}
              >
                {section.label}
              </Button>
            ))}
            <Button
              component={RouterLink}
              to={paths.register.build()}
              color="primary"
              sx={{ justifyContent: 'flex-start', py: 1.25, display: { sm: 'none' } }}
            >
              Register
            </Button>
          </Container>
        </Box>
      )}
    </AppBar>
  );
};
