import { ConfigText, ContactEmailLink } from './components/config-text.tsx';
import { LegalDocument } from './components/legal-document.tsx';

/** /privacy-policy: what SiteWalk stores about people, where, for how long, and who decides. */
export const PrivacyPage = () => {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="SiteWalk stores names, e-mail addresses, positions and photos of the people who walk storage facilities. This page says what we keep, why, where, for how long, and what you can ask of us."
    >
      <h2>1. Who decides about your data</h2>
      <p>
        SiteWalk is used by companies that run storage facilities (our <strong>customers</strong>, usually a
        management company). Your company decides what is recorded and why: it is the controller of your data.
        We store and process the data on its behalf and only on its instructions. If you use SiteWalk at work,
        your company is the first place to ask about your data; you can also write to us, and we will help or
        pass your request on.
      </p>

      <h2>2. What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> first and last name, e-mail address, role, the areas and locations
          you belong to and, if entered, a phone number, a profile picture and a PIN (kept encrypted).
        </li>
        <li>
          <strong>Walks:</strong> who walked, when the walk started and finished, which checkpoints were
          reached and when, and the notes and photos added on the way.
        </li>
        <li>
          <strong>Positions:</strong> the map position of each facility and of the checkpoints of its walks.
          While you record a walk, the position of your phone (and its accuracy) when you reach each
          checkpoint. SiteWalk does not follow your position between checkpoints or outside a walk.
        </li>
        <li>
          <strong>Incidents:</strong> what was found, its priority and type, notes with their authors, photos,
          and when it was reported and resolved.
        </li>
        <li>
          <strong>Your company:</strong> the names of its management company, areas and locations, their
          addresses and logos.
        </li>
        <li>
          <strong>Technical records:</strong> for security and troubleshooting, our servers log each request
          with its time, the network (IP) address it came from and the result.
        </li>
      </ul>
      <p>
        Photos are of the facility. Avoid photographing people, vehicle plates or documents unless the report
        truly needs it.
      </p>

      <h2>3. Why we use it</h2>
      <p>
        Only to provide SiteWalk to your company: to sign you in, show each person what their role allows,
        keep the record of walks and incidents, send the e-mails the service needs (such as a password reset
        link), and keep the service secure. We do not sell data, show advertising, or build profiles of you.
      </p>

      <h2>4. Cookies and tracking</h2>
      <p>
        SiteWalk sets one cookie, only after you sign in: it keeps your session for up to 30 days, cannot be
        read by scripts, and is sent only to SiteWalk’s sign-in service. There are no analytics, advertising
        or tracking cookies, and the app loads no scripts, fonts or images from other websites.
      </p>

      <h2>5. Where it is kept</h2>
      <p>
        On Amazon Web Services (AWS), in the region <ConfigText field="region" />. Each customer has its own
        SiteWalk: its own database, file storage and user directory, apart from every other customer’s. We use
        these AWS services, which process data only for us:
      </p>
      <ul>
        <li>
          Amazon Cognito for accounts and passwords (we never see or store your password in readable form);
        </li>
        <li>Amazon DynamoDB for records and Amazon S3 for photos and logos;</li>
        <li>Amazon Simple Email Service to send e-mails;</li>
        <li>Amazon Location Service to turn a facility’s address into a position on the map;</li>
        <li>Amazon CloudFront and API Gateway to deliver the app and its data.</li>
      </ul>

      <h2>6. Security</h2>
      <ul>
        <li>Every connection is encrypted (HTTPS), and the data is encrypted where it is stored.</li>
        <li>
          Every request is checked on the server against your role and the facilities you belong to; people
          see only the data of their own company and facilities.
        </li>
        <li>Photos are shown through links that expire after a few minutes.</li>
        <li>
          Passwords need at least 8 characters with upper- and lower-case letters and a digit. A password
          reset link works once, for one hour.
        </li>
      </ul>

      <h2>7. How long we keep it</h2>
      <ul>
        <li>
          Records stay for as long as your company uses SiteWalk, unless a manager deletes them sooner. What a
          manager deletes (a user, a location, an incident) disappears from SiteWalk at once.
        </li>
        <li>
          Backups of the database keep earlier states for up to 35 days, and replaced or deleted photos are
          kept for up to 90 days, so that mistakes can be undone; after that they are gone.
        </li>
        <li>Server logs are kept for one year.</li>
        <li>
          When your company stops using SiteWalk, we hand it its data on request and delete everything within
          90 days, backups included.
        </li>
      </ul>

      <h2>8. Your rights</h2>
      <p>
        You may ask to see the data about you, to have it corrected or deleted, to receive a copy, or to
        object to its use. Ask your company’s manager, who can correct or remove most of it directly, or write
        to us and we will handle your request with your company, within one month. You may also complain to
        your data protection authority.
      </p>

      <h2>9. Children</h2>
      <p>SiteWalk is a tool for work and is not meant for anyone under 16.</p>

      <h2>10. Changes to this policy</h2>
      <p>
        When we change this policy, we update the date at the top of this page and tell our customers about a
        change that matters at least 30 days before it applies.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions or requests about your data: e-mail <ConfigText field="contactName" /> at{' '}
        <ContactEmailLink />.
      </p>
    </LegalDocument>
  );
};
