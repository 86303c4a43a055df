import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthCard } from './components/auth-card.tsx';

/** /reset-password/email-sent and /app/resetPassword/emailSent. */
export const ResetEmailSentPage = () => (
  <AuthCard title="Email Sent">
    <Stack spacing={2.5}>
      <Typography>
        If an account exists for that address, we have sent it a link to reset your password. The link works
        once, for a limited time.
      </Typography>
      <Typography color="text.secondary">
        Nothing there after a few minutes? Check your spam or junk folder.
      </Typography>
      <Button component={RouterLink} to={paths.login.build()} variant="contained">
        Back to sign in
      </Button>
    </Stack>
  </AuthCard>
);
