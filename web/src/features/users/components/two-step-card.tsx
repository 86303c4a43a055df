import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { messages } from '@sitewalk/shared/messages';
import { mfaCode } from '@sitewalk/shared/schemas/auth';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../components/error-panel.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { groupedKey, QrCode } from '../../../components/qr-code.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useMfaStatus, useResetMfa, useStartMfaSetup, useVerifyMfa } from '../../../api/mfa.ts';

/** What a failed call says to people: the API's own message where it gave one. */
const reasonOf = (error: unknown) =>
  (error instanceof ApiError && error.body?.message) || errorMessageOf(error) || messages.shell.noMessage;

const StatusChip = ({ enabled }: { enabled: boolean }) => (
  <Chip
    size="small"
    label={enabled ? 'On' : 'Off'}
    color={enabled ? 'success' : 'default'}
    variant={enabled ? 'filled' : 'outlined'}
  />
);

/**
 * The card of two-step verification: its heading with whether it is on, loading, a failure to load, then
 * what the card does (the dialogs it opens render elsewhere).
 */
const TwoStepFrame = ({
  titleId,
  status,
  children,
}: {
  titleId: string;
  status: ReturnType<typeof useMfaStatus>;
  children: ReactNode;
}) => (
  <Card variant="outlined" component="section" aria-labelledby={titleId}>
    <CardContent>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PhonelinkLockIcon color="action" aria-hidden />
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
            Two-step verification
          </Typography>
          {status.data && <StatusChip enabled={status.data.enabled} />}
        </Stack>
        {status.isPending && <Spinner label="Loading two-step verification" />}
        {status.isError && <Alert severity="error">{reasonOf(status.error)}</Alert>}
        {children}
      </Stack>
    </CardContent>
  </Card>
);

/**
 * On one's own profile: whether sign-in asks for a code from an authenticator app, and its set-up (a QR
 * code, the key as text, and a code of it).
 */
export const TwoStepCard = ({ userId }: { userId: number }) => {
  const status = useMfaStatus(userId);
  const start = useStartMfaSetup();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  return (
    <TwoStepFrame titleId="two-step-title" status={status}>
      {status.data && (
        <>
          <Typography color="text.secondary">
            {status.data.enabled
              ? 'Each sign-in asks for your password and a code from your authenticator app.'
              : 'Protect your account with a code from an authenticator app on your phone, asked after your password.'}
          </Typography>
          {status.data.required && !status.data.enabled && (
            <Alert severity="warning">Your role must use two-step verification: set it up now.</Alert>
          )}
          {done && (
            <Alert severity="success" role="status">
              Two-step verification is on. Keep your phone with you when you sign in.
            </Alert>
          )}
          {status.data.enabled ? (
            <Typography variant="body2" color="text.secondary">
              Lost your phone or got a new one? Ask your manager or an administrator to reset two-step
              verification, then set it up again.
            </Typography>
          ) : (
            <Box>
              <Button
                variant="contained"
                onClick={() => {
                  start.mutate(); // one new key per set-up, asked for here (not on each render)
                  setOpen(true);
                }}
              >
                Set up two-step verification
              </Button>
            </Box>
          )}
        </>
      )}
      {open && (
        <SetUpDialog
          userId={userId}
          start={start}
          onClose={(turnedOn) => {
            setOpen(false);
            setDone(turnedOn);
          }}
        />
      )}
    </TwoStepFrame>
  );
};

/** The set-up: a new key from the API, shown as a QR code and as text, then a code of it. */
const SetUpDialog = ({
  userId,
  start,
  onClose,
}: {
  userId: number;
  start: ReturnType<typeof useStartMfaSetup>;
  onClose: (turnedOn: boolean) => void;
}) => {
  const verify = useVerifyMfa(userId);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = mfaCode.safeParse(code);
    if (!parsed.success) {
      setFieldError(messages.auth.mfaCodeFormat);
      return;
    }
    setFieldError(null);
    const answer = await verify.mutateAsync(parsed.data).catch((error: unknown) => {
      setFieldError(reasonOf(error));
      setCode('');
      return null;
    });
    if (answer) onClose(true);
  };

  return (
    <Dialog
      open
      onClose={() => (verify.isPending ? undefined : onClose(false))}
      aria-labelledby="two-step-setup"
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="two-step-setup">Set up two-step verification</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography component="ol" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 1 } }}>
              <li>
                Install an authenticator app on your phone, such as Google Authenticator, Microsoft
                Authenticator or 1Password.
              </li>
              <li>In the app, add an account and scan this QR code.</li>
              <li>Enter the 6-digit code the app now shows.</li>
            </Typography>
            {start.isPending && <Spinner label="Preparing your key" />}
            {start.isError && <Alert severity="error">{reasonOf(start.error)}</Alert>}
            {start.data && (
              <Stack
                spacing={1}
                sx={{ alignItems: 'center', p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
              >
                <QrCode
                  text={start.data.otpauthUri}
                  label="QR code to add SiteWalk to your authenticator app"
                />
                <Typography variant="body2" color="text.secondary">
                  Can’t scan it? Enter this key instead:
                </Typography>
                <Typography
                  component="code"
                  aria-label="Setup key"
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: '1rem',
                    overflowWrap: 'anywhere',
                    userSelect: 'all',
                  }}
                >
                  {groupedKey(start.data.secretCode)}
                </Typography>
              </Stack>
            )}
            <TextField
              label="Code from your app"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
              disabled={!start.data}
              error={fieldError !== null}
              helperText={fieldError ?? 'The 6-digit code your authenticator app shows for SiteWalk'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={verify.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!start.data || verify.isPending}>
            {verify.isPending ? 'Verifying…' : 'Turn on'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

/**
 * On the edit screen of a user one may reset (a superior): whether they use two-step verification, and
 * turning it off after a lost phone. Recorded in the audit log; they set it up again afterwards.
 */
export const TwoStepResetCard = ({ userId, name }: { userId: number; name: string }) => {
  const status = useMfaStatus(userId);
  const reset = useResetMfa(userId);
  const [confirming, setConfirming] = useState(false);
  return (
    <TwoStepFrame titleId="two-step-reset-title" status={status}>
      {reset.isSuccess && (
        <Alert severity="success" role="status">
          {messages.auth.mfaReset}. {name} sets it up again
          {status.data?.required ? ' at the next sign-in' : ''}.
        </Alert>
      )}
      {reset.isError && <Alert severity="error">{reasonOf(reset.error)}</Alert>}
      {status.data && !status.data.enabled && !reset.isSuccess && (
        <Typography color="text.secondary">
          {name} does not use two-step verification
          {status.data.required ? '; their role must, so the next sign-in sets it up.' : '.'}
        </Typography>
      )}
      {status.data?.enabled && (
        <>
          <Typography color="text.secondary">
            If {name} lost the phone with their authenticator app, reset two-step verification: they sign in
            with their password and set it up again.
          </Typography>
          <Box>
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
              Reset two-step verification
            </Button>
          </Box>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset two-step verification?"
        message={`${name}'s authenticator app will no longer work for SiteWalk. They sign in with their password and set up two-step verification again. The reset is recorded in the activity log.`}
        confirmLabel="Reset"
        busy={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void reset
            .mutateAsync()
            .finally(() => setConfirming(false))
            .catch(() => undefined)
        }
      />
    </TwoStepFrame>
  );
};
