import { Link } from 'react-router';
import { LICENSE_STORY } from '@mapnest/shared/billing-texts';
import { FREE_TEST_MAPS, TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import { PAGE_TITLES } from '../titles';
import { LegalPage, type LegalSection } from './LegalPage';
import { OperatorJurisdiction, OperatorName } from './Operator';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    heading: 'Acceptance',
    body: (
      <p>
        These terms govern your use of the Mapnest website and service, provided by <OperatorName />. By creating an
        account you accept them. If you use Mapnest for an organisation, you accept them on its behalf. Paid plans are
        also governed by the <Link to="/agreement">Service Agreement</Link>.
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <p>
        Give accurate details, verify your email address and keep your password to yourself. You are responsible for
        what happens under your account. Tell us straight away if you think someone else has access to it.
      </p>
    ),
  },
  {
    id: 'free',
    heading: 'Free test maps',
    body: (
      <p>
        Free accounts may hold up to {FREE_TEST_MAPS} test maps. Each test map stays active for {TEST_MAP_ACTIVE_DAYS}{' '}
        days; after that it stops being shown on embedding sites until it is covered by a subscription or a registered
        license. Test maps are for evaluation and carry no availability commitment.
      </p>
    ),
  },
  {
    id: 'plans',
    heading: 'Subscriptions and licenses',
    body: (
      <>
        <p>
          Plans are priced per map, monthly or annually, as shown on the <Link to="/pricing">pricing page</Link>.
          Subscriptions renew automatically at the end of each billing period until cancelled. When you cancel, the
          subscription stays active until the end of the paid period and is not charged again. Subscriptions are not
          refunded once active, except a second subscription of a plan the account already has: it is cancelled at once,
          and what it charged is credited to the account, or refunded on request.
        </p>
        {LICENSE_STORY.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </>
    ),
  },
  {
    id: 'content',
    heading: 'Your content',
    body: (
      <p>
        You keep all rights to the maps, images and data you upload. You give us the permission we need to host, copy,
        process and display them to provide the service, including on the websites where you embed them. You confirm
        that you have the rights to everything you upload.
      </p>
    ),
  },
  {
    id: 'use',
    heading: 'Acceptable use',
    body: (
      <ul>
        <li>No unlawful, infringing, deceptive or harmful content, and no malware.</li>
        <li>No attempts to break, overload or probe the service, or to reach other customers&apos; data.</li>
        <li>No reselling of the service as such without our written agreement.</li>
      </ul>
    ),
  },
  {
    id: 'availability',
    heading: 'Availability and changes',
    body: (
      <p>
        We work to keep Mapnest available and your data safe, but the free service is provided as is. We may improve and
        change features; we will not remove a core feature of a paid plan during a paid period without offering a fair
        alternative or a pro-rata refund.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: 'Ending the service',
    body: (
      <p>
        You can delete your account at any time in the app. We may suspend or close accounts that break these terms,
        after notice where the breach can be fixed. After closure your data is deleted as described in the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability in
        any twelve months is limited to the fees you paid us in that period. Nothing in these terms limits liability
        that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'law',
    heading: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of <OperatorJurisdiction />. We may update them; continued use after notice
        of a change means you accept it.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title={PAGE_TITLES.terms}
      intro={<p>The rules for using Mapnest, in plain language.</p>}
      sections={sections}
    />
  );
}
