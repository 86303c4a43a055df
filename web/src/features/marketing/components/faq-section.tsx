import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import { paths } from '../../../config/paths.ts';
import { ConfigText, ContactEmailLink } from './config-text.tsx';
import { LandingSection } from './landing-section.tsx';

interface Question {
  question: string;
  answer: ReactNode;
}

const questions: Question[] = [
  {
    question: 'How do my staff get an account?',
    answer: (
      <>
        There is no public sign-up: a manager creates each account, for the locations that person works at.
        The new user signs in with the temporary password the manager gives them and chooses their own
        password at the first sign-in. If your company does not use SiteWalk yet, we set up your company and
        its first manager for you.
      </>
    ),
  },
  {
    question: 'Does it work on phones?',
    answer: (
      <>
        Yes. SiteWalk runs in the browser of any phone, tablet or computer, so there is nothing to install.
        The walk recorder, which uses the phone’s GPS and camera during a walk, is coming.
      </>
    ),
  },
  {
    question: 'Where is our data kept, and who can see it?',
    answer: (
      <>
        On Amazon Web Services (AWS). Each customer has its own SiteWalk, with its own database, file storage
        and user accounts, encrypted in transit and at rest. Inside your company, people see only the
        facilities they are responsible for. Your company stays in control of its data; the{' '}
        <Link href={paths.privacy.build()}>privacy policy</Link> says what we keep and for how long.
      </>
    ),
  },
  {
    question: 'Does it work without a connection?',
    answer: (
      <>
        Not yet: today SiteWalk needs a mobile or Wi-Fi connection. Recording a walk offline and sending it
        when the phone is back online comes with the walk recorder.
      </>
    ),
  },
  {
    question: 'We run several facilities. Can we see them all in one place?',
    answer: (
      <>
        Yes. The dashboard shows one card per facility with its recent walks and open incidents. Group your
        facilities into areas under your management company, and give area managers the areas they run.
      </>
    ),
  },
  {
    question: 'Can we get our data out?',
    answer: (
      <>
        Exports to spreadsheets and PDF are coming. Until then, our support team hands you your data on
        request, and when you leave we return it to you before we delete it.
      </>
    ),
  },
  {
    question: 'What does it cost?',
    answer: (
      <>
        Pricing depends on the number of facilities you run: contact us for pricing. Please e-mail{' '}
        <ConfigText field="contactName" /> at <ContactEmailLink />.
      </>
    ),
  },
];

/**
 * FAQ: what a storage facility owner asks before signing up. Native <details> disclosures: keyboard and
 * screen-reader support come with the browser, and no accordion code is loaded.
 */
export const FaqSection = () => {
  return (
    <LandingSection id="faq" title="FAQ" headline="Questions facility owners ask us">
      <Box
        sx={{
          maxWidth: 860,
          border: 1,
          borderColor: 'divider',
          borderRadius: '14px',
          bgcolor: 'background.paper',
          overflow: 'hidden',
        }}
      >
        {questions.map((item) => (
          <Box
            component="details"
            key={item.question}
            sx={{
              '& + &': { borderTop: 1, borderColor: 'divider' },
              '&[open] .faq-chevron': { transform: 'rotate(180deg)' },
            }}
          >
            <Box
              component="summary"
              sx={{
                listStyle: 'none',
                '&::-webkit-details-marker': { display: 'none' },
                cursor: 'pointer',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 2,
                px: { xs: 2, sm: 3 },
                py: 2,
                fontWeight: 700,
                '&:hover': { bgcolor: 'action.hover' },
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
              }}
            >
              {item.question}
              <ExpandMoreIcon
                className="faq-chevron"
                aria-hidden="true"
                sx={{ color: 'text.secondary', transition: 'transform 150ms', flexShrink: 0 }}
              />
            </Box>
            <Typography sx={{ color: 'text.secondary', px: { xs: 2, sm: 3 }, pb: 2.5 }}>
              {item.answer}
            </Typography>
          </Box>
        ))}
      </Box>
    </LandingSection>
  );
};
