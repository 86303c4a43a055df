import { createTheme } from '@mui/material/styles';
import { BRAND_AMBER, BRAND_BLUE } from './brand.ts';

export const theme = createTheme({
  palette: {
    primary: { main: BRAND_BLUE },
    secondary: { main: BRAND_AMBER },
    // White on MUI's default orange and light blue fails WCAG AA: dark text on orange, a darker blue.
    warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' },
    info: { main: '#01579b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    // Sentence-case buttons read more easily than MUI's default capitals, as in most field-service products.
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // On a phone MUI's 32 px around a dialog leaves a 320 px screen 256 px of dialog, where 'Save incident'
    // and a field's helper text wrap; 16 px is enough to see (and tap) the page behind it.
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme: { breakpoints } }) => ({
          [breakpoints.down('sm')]: {
            margin: 16,
            maxHeight: 'calc(100% - 32px)',
            maxWidth: 'calc(100% - 32px)',
          },
        }),
        paperFullWidth: ({ theme: { breakpoints } }) => ({
          [breakpoints.down('sm')]: { width: 'calc(100% - 32px)' },
        }),
      },
    },
    // A keyboard focus that shows on every button, not only MUI's faint pulsating ripple. On a dark
    // background, override the colour locally ('&.Mui-focusVisible': { outlineColor: … }).
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme: { palette } }) => ({
          '&.Mui-focusVisible': { outline: `3px solid ${palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
  },
});
