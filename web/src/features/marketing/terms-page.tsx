import Link from '@mui/material/Link';
import { paths } from '../../config/paths.ts';
import { ConfigText, ContactEmailLink } from './components/config-text.tsx';
import { LegalDocument } from './components/legal-document.tsx';

/** /terms-of-service: the terms of use, in plain words. */
export const TermsPage = () => {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These terms govern the use of SiteWalk, the site-walk app for storage facilities. They are written to be read: if anything is unclear, ask us."
    >
      <h2>1. Who these terms apply to</h2>
      <p>
        The <strong>customer</strong> is the company that subscribes to SiteWalk, usually the management
        company of one or more storage facilities. <strong>Users</strong> are the people the customer gives an
        account to: owners, managers and staff. By signing in, a user accepts these terms. The customer’s own
        agreement with us (its order or quote) takes precedence over these terms where the two differ.
      </p>

      <h2>2. The service</h2>
      <p>
        SiteWalk lets a customer set up walks of its facilities, record walk reports with notes and photos,
        log and resolve incidents, and follow all of it on a dashboard. It runs in a web browser. Features
        that we describe as coming are not part of the service until we release them, and we may change how a
        feature works as long as we do not take away what the customer relies on without notice.
      </p>

      <h2>3. Accounts</h2>
      <ul>
        <li>
          There is no public sign-up. The customer’s managers create and remove the accounts of their users
          and decide which facilities each one may see.
        </li>
        <li>One account is for one person. Do not share your password or let anyone sign in as you.</li>
        <li>
          The customer removes the account of anyone who leaves, and tells us at once if it thinks an account
          has been misused.
        </li>
      </ul>

      <h2>4. Acceptable use</h2>
      <p>Use SiteWalk only for the customer’s own facilities and business. Do not:</p>
      <ul>
        <li>upload anything unlawful, or photos of people beyond what the report needs;</li>
        <li>try to reach data you were not given access to, including other customers’ data;</li>
        <li>probe, scan or overload the service, or get around its security or limits;</li>
        <li>copy, resell or reverse-engineer the service, except where the law allows it.</li>
      </ul>

      <h2>5. Your data</h2>
      <p>
        The data the customer and its users put into SiteWalk (names, e-mail addresses, walk reports,
        positions, notes, photos and incidents) belongs to the customer. We store and process it only to
        provide the service, on the customer’s instructions, as the{' '}
        <Link href={paths.privacy.build()}>Privacy Policy</Link> describes. We never sell it and never use it
        for advertising.
      </p>
      <p>
        SiteWalk records who walked, when, and where the phone was at each checkpoint. The customer, as the
        employer, tells its staff what is recorded and why before they use SiteWalk.
      </p>

      <h2>6. Availability and support</h2>
      <p>
        We work to keep SiteWalk available and fast, and we fix problems as quickly as we can. We may pause
        the service briefly for maintenance, at quiet hours when we can. We cannot promise that it will never
        be interrupted. Our support team answers questions at the address below.
      </p>

      <h2>7. Fees</h2>
      <p>
        Fees are those agreed in the customer’s order or quote. Contact us for pricing. Fees do not include
        taxes, which are added where the law requires.
      </p>

      <h2>8. Ending the service</h2>
      <p>
        The customer may stop using SiteWalk as its agreement allows. We may suspend an account that breaks
        these terms, and we tell the customer why. When the service ends, we hand the customer its data on
        request and then delete it as the Privacy Policy describes.
      </p>

      <h2>9. Responsibility</h2>
      <p>
        SiteWalk keeps records; it does not replace security staff, alarms, inspections or insurance. As far
        as the law allows, we are not liable for indirect or consequential losses, and our total liability for
        a claim is limited to the fees the customer paid for the twelve months before it. Nothing in these
        terms limits liability that the law does not allow to be limited.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms. We tell customers about a change that matters by e-mail at least 30 days
        before it applies, and the date at the top of this page always shows the latest version.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms: e-mail <ConfigText field="contactName" /> at <ContactEmailLink />.
      </p>
    </LegalDocument>
  );
};
