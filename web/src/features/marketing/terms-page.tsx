import { Typography } from '@mui/material';

/** Stub so the router compiles; the page itself comes from another branch of issue 12. */
export const TermsPage = () => (
  <Typography variant="h4" component="h1">
    Terms of Service
  </Typography>
);
