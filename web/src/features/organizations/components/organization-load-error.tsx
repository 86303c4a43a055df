import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../../../config/paths.ts';

/** The spec's failure panel: 'Error Loading Area' with 'Return to Areas'. */
export const OrganizationLoadError = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', py: 6, px: 2 }}>
    <Alert severity="error" sx={{ maxWidth: 560, width: '100%' }}>
      <AlertTitle>{messages.fetch.organizationTitle}</AlertTitle>
      {messages.fetch.area}
      <Box sx={{ mt: 1.5 }}>
        <Button
          component={RouterLink}
          to={paths.app.organizations.build()}
          color="inherit"
          variant="outlined"
          size="small"
        >
          Return to Areas
        </Button>
      </Box>
    </Alert>
  </Box>
);
