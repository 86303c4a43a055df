import { Box, Button, Typography } from '@mui/material';
import { paths } from '../config/paths.ts';

/** A page that says one thing and leads back home: /error and the 404. */
export const MessagePage = ({ text }: { text: string }) => (
  <Box
    component="main"
    sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}
  >
    <div>
      <Typography variant="h3" component="h1" gutterBottom>
        {text}
      </Typography>
      <Button href={paths.home.build()} variant="contained">
        Back to SiteWalk
      </Button>
    </div>
  </Box>
);
