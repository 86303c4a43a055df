import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../config/paths.ts';

/** /error: 'An Error has occured'. */
export const ErrorPage = () => (
  <Box
    component="main"
    sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}
  >
    <div>
      <Typography variant="h3" component="h1" gutterBottom>
        {messages.shell.generic}
      </Typography>
      <Button component={Link} to={paths.home.build()} variant="contained">
        Back to SiteWalk
      </Button>
    </div>
  </Box>
);
