import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { useId } from 'react';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';

/**
 * The 'Get Started Today' pop-up of the landing, pricing and register pages: it tells the visitor whom to
 * e-mail (name and address from the runtime configuration). A click outside, Escape or Close closes it;
 * MUI's Dialog keeps the focus inside while it is open and gives it back to the button that opened it.
 */
export const ContactDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { contactName, contactEmail } = useRuntimeConfig();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        Get Started Today
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ color: 'text.primary' }}>
          For more information, please e-mail {contactName} at{' '}
          <Link href={`mailto:${contactEmail}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {contactEmail}
          </Link>
          .
        </DialogContentText>
        <DialogContentText sx={{ mt: 2 }}>
          Tell us how many facilities you run and we will set up your company, answer your questions and send
          you a quote.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" href={`mailto:${contactEmail}`} startIcon={<MailOutlinedIcon />}>
          Write an e-mail
        </Button>
      </DialogActions>
    </Dialog>
  );
};
