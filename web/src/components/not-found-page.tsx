import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export const NotFoundPage = () => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
    <div>
      <Typography variant="h3" component="h1" gutterBottom>
        404 Page Not Found
      </Typography>
      <Button component={Link} to={paths.home.build()} variant="contained">
        Back to SiteWalk
      </Button>
    </div>
  </Box>
);
