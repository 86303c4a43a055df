import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { ConfigText, ContactEmailLink, mailtoAttribute } from './config-text.tsx';

/** The id of the contact pop-up: a button opens it with `popoverTarget={CONTACT_DIALOG_ID}`. */
export const CONTACT_DIALOG_ID = 'contact';

/**
 * The 'Get Started Today' pop-up of the landing, pricing and register pages: it tells the visitor whom to
 * e-mail (name and address from the runtime configuration). A native popover, so it works on a page that
 * loads no React: a click outside or Escape closes it (light dismiss), as does Close.
 */
export const ContactDialog = () => (
  <Box
    id={CONTACT_DIALOG_ID}
    popover="auto"
    role="dialog"
    aria-labelledby="contact-title"
    aria-describedby="contact-text"
    sx={{
      m: 'auto',
      p: 3,
      width: 'calc(100% - 32px)',
      maxWidth: 444,
      border: 0,
      borderRadius: 2,
      bgcolor: 'background.paper',
      color: 'text.primary',
      boxShadow: 24,
      '&::backdrop': { bgcolor: 'rgba(0, 0, 0, 0.5)' },
    }}
  >
    <Typography id="contact-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
      Get Started Today
    </Typography>
    <Typography id="contact-text">
      For more information, please e-mail <ConfigText field="contactName" /> at{' '}
      <ContactEmailLink sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} />.
    </Typography>
    <Typography sx={{ mt: 2, color: 'text.secondary' }}>
      Tell us how many facilities you run and we will set up your company, answer your questions and send you
      a quote.
    </Typography>
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 3 }}>
      <Button popoverTarget={CONTACT_DIALOG_ID} popoverTargetAction="hide">
        Close
      </Button>
      <Button variant="contained" href="#contact" {...mailtoAttribute} startIcon={<MailOutlinedIcon />}>
        Write an e-mail
      </Button>
    </Box>
  </Box>
);
