import { Typography } from '@mui/material';

/** Stub so the router compiles; the page itself comes from another branch of issue 12. */
export const PrivacyPage = () => (
  <Typography variant="h4" component="h1">
    Privacy Policy
  </Typography>
);
