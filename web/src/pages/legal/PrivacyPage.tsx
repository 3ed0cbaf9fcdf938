import { Link } from 'react-router';
import { PAGE_TITLES } from '../titles';
import { LegalPage, type LegalSection } from './LegalPage';
import { OperatorName } from './Operator';

const sections: LegalSection[] = [
  {
    id: 'who',
    heading: 'Who we are',
    body: (
      <p>
        Mapnest is operated by <OperatorName withAddress />. We are the controller of the personal data described in
        this policy. For the content of maps you build, you are the controller and we process it on your behalf as
        described in the <Link to="/agreement">Service Agreement</Link>.
      </p>
    ),
  },
  {
    id: 'data',
    heading: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account data:</strong> your email address, name, password (stored only as a salted hash by our
          authentication provider), profile photo if you upload one, and sign-in times.
        </li>
        <li>
          <strong>Map content:</strong> the maps, images, files and location details you upload or enter.
        </li>
        <li>
          <strong>Billing data:</strong> your subscription status, plan and quantities. Card details are collected and
          stored by our payment processor, Stripe; we never see or store full card numbers.
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact and estimate forms.
        </li>
        <li>
          <strong>Technical data:</strong> server logs with IP addresses, browser type and request times, kept for
          security and troubleshooting.
        </li>
        <li>
          <strong>Map analytics (Professional plan):</strong> daily counts for each Professional map: views, the
          locations visitors open, searches (the search words, lowercased and shortened, and whether they found
          anything), filter uses and route requests. Embedded maps set no cookies and send no visitor identifier; we do
          not store visitors' IP addresses or browser types with these counts, and we do not build profiles of the
          people who view your maps. Daily counts are deleted after 400 days.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    heading: 'How we use it',
    body: (
      <>
        <p>We use personal data to:</p>
        <ul>
          <li>
            provide the service: host, save and publish your maps, and keep your account secure (performance of our
            contract with you);
          </li>
          <li>bill subscriptions and keep the records tax law requires (contract and legal obligation);</li>
          <li>answer your messages and support requests (contract or legitimate interest);</li>
          <li>send service emails such as address verification, password resets and important changes (contract);</li>
          <li>detect abuse and keep the service running (legitimate interest).</li>
        </ul>
        <p>We do not sell personal data and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and local storage',
    body: (
      <>
        <p>
          The app stores sign-in tokens in your browser so you stay signed in. These are strictly necessary and need no
          consent. We do not use advertising cookies. Embedded maps do not set cookies on your visitors&apos; devices.
        </p>
        <p>
          A location description may hold a YouTube or Vimeo video that the map&apos;s author added. When a visitor
          opens such a location, their browser loads the video player from YouTube (through its privacy-enhanced
          youtube-nocookie.com address) or Vimeo (asked not to track the visitor), which then learn the visitor&apos;s
          IP address and the address of the site showing the map. YouTube stores no cookie before the visitor plays the
          video, and may once they do. These players are run by YouTube and Vimeo under their own privacy policies.
        </p>
      </>
    ),
  },
  {
    id: 'processors',
    heading: 'Who processes it for us',
    body: (
      <ul>
        <li>Amazon Web Services: hosting, storage, authentication and email delivery.</li>
        <li>Stripe: payments and invoices.</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        Account data and map content are kept while your account exists. When you delete your account (Settings,
        Security, Delete account) we delete your profile and maps, and remove them from backups within 35 days. Billing
        records are kept as long as tax law requires. Server logs are kept for up to 90 days. Messages sent through the
        contact and estimate forms are kept for one year; when you delete your account, the messages you sent while
        signed in to it and those that give its verified email address are deleted with it.
      </p>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights',
    body: (
      <p>
        You can access, correct, export or delete your personal data, object to or restrict its processing, and complain
        to your data protection authority. Most of this is available in the app: your profile and account deletion in
        Settings, each map&apos;s data through File › Export in its editor; for anything else,{' '}
        <Link to="/contact">contact us</Link> and we will answer within one month.
      </p>
    ),
  },
  {
    id: 'transfers',
    heading: 'International transfers',
    body: (
      <p>
        Our providers may process data outside your country. Where they do, transfers are covered by the European
        Commission&apos;s standard contractual clauses or an equivalent safeguard.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        We will post any change on this page and, for significant changes, email account holders before they take
        effect.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title={PAGE_TITLES.privacy}
      intro={
        <p>
          This policy explains what personal data Mapnest collects when you use the website and the app, why, and what
          you can do about it.
        </p>
      }
      sections={sections}
    />
  );
}
