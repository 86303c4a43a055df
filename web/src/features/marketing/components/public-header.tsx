import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { scrollToSection } from '../utils/scroll-to-section.ts';
import { LogoLink } from './logo.tsx';

export interface HeaderSection {
  id: string;
  label: string;
}

/**
 * The public top bar: the logo (home), on the landing page the buttons that scroll to its sections (in a
 * menu on narrow screens), and the links to sign in and to register.
 */
export const PublicHeader = ({ sections = [] }: { sections?: readonly HeaderSection[] }) => (
  <AppBar
    position="sticky"
    color="inherit"
    elevation={0}
    sx={{
      borderBottom: 1,
      borderColor: 'divider',
      bgcolor: 'rgba(255, 255, 255, 0.92)',
      backdropFilter: 'saturate(180%) blur(8px)',
    }}
  >
    <Container maxWidth="lg">
      <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 60, sm: 68 } }}>
        <LogoLink />
        {sections.length > 0 && (
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
                sx={{ color: 'text.secondary', '&:hover': { color: 'text.primary' } }}
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
          sx={sections.length > 0 ? { display: { xs: 'none', sm: 'inline-flex' } } : undefined}
        >
          Register
        </Button>
        {sections.length > 0 && <SectionMenu sections={sections} />}
      </Toolbar>
    </Container>
  </AppBar>
);

/** Below the md breakpoint the section buttons live in a menu (and Register too, where the bar is narrowest). */
const SectionMenu = ({ sections }: { sections: readonly HeaderSection[] }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const go = (id: string) => {
    close();
    // Let the menu give the focus back before the scroll moves it into the section.
    window.setTimeout(() => scrollToSection(id), 0);
  };
  return (
    <Box sx={{ display: { xs: 'block', md: 'none' } }}>
      <IconButton
        aria-label="Open the page menu"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        edge="end"
      >
        <MenuIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {sections.map((section) => (
          <MenuItem key={section.id} onClick={() => go(section.id)}>
            {section.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component={RouterLink} to={paths.register.build()} onClick={close}>
          Register
        </MenuItem>
      </Menu>
    </Box>
  );
};
