import { Link } from 'react-router';
import { QUANTITY_MAX } from '@mapnest/shared/constants';
import { PAGE_TITLES } from '../titles';
import { LegalPage, type LegalSection } from './LegalPage';
import { OperatorName } from './Operator';

const sections: LegalSection[] = [
  {
    id: 'scope',
    heading: 'Scope',
    body: (
      <p>
        This agreement between <OperatorName /> (&quot;we&quot;) and the customer holding a paid Mapnest plan
        (&quot;you&quot;) covers the hosted service: building, storing, publishing and serving interactive maps. It
        supplements the <Link to="/terms">Terms &amp; Conditions</Link>; where they conflict, this agreement prevails
        for paid plans.
      </p>
    ),
  },
  {
    id: 'service',
    heading: 'The service',
    body: (
      <ul>
        <li>Cloud hosting and management of each map covered by a subscription slot or a registered license.</li>
        <li>Automatic updates to the map software, with no action needed on embedding sites.</li>
        <li>Technical support by email; Professional plans get priority handling.</li>
        <li>Professional plans add the wayfinding extension and map analytics.</li>
      </ul>
    ),
  },
  {
    id: 'slots',
    heading: 'Map slots',
    body: (
      <p>
        Each subscription buys a number of map slots (1 to {QUANTITY_MAX} per subscription) on one plan. A published map
        uses one slot of its plan. Basic and Professional slots are separate subscriptions, billed and cancelled
        independently. You can change quantities at any time from the app; changes are prorated by our payment
        processor.
      </p>
    ),
  },
  {
    id: 'fees',
    heading: 'Fees and payment',
    body: (
      <p>
        Fees are those on the <Link to="/pricing">pricing page</Link> when you subscribe, plus applicable taxes, charged
        in advance for each billing period. We give at least 30 days&apos; notice of a price change, which applies from
        your next renewal. Volume and enterprise terms, where agreed, are set out in a separate order.
      </p>
    ),
  },
  {
    id: 'availability',
    heading: 'Availability and support',
    body: (
      <p>
        We aim for 99.9% monthly availability of published maps, excluding announced maintenance and causes outside our
        reasonable control. We aim to answer support requests within one business day, and sooner for Professional
        plans.
      </p>
    ),
  },
  {
    id: 'data',
    heading: 'Data processing',
    body: (
      <p>
        For personal data contained in your maps, you are the controller and we act as your processor. We process it
        only to provide the service and on your instructions, keep it confidential, protect it with appropriate
        technical and organisational measures, use only the sub-processors named in the{' '}
        <Link to="/privacy">Privacy Policy</Link>, help you answer data subject requests, notify you of a personal data
        breach without undue delay, and delete it when the agreement ends.
      </p>
    ),
  },
  {
    id: 'term',
    heading: 'Term and termination',
    body: (
      <p>
        The agreement runs while you hold a paid plan. Cancelling stops renewal; the service continues until the end of
        the paid period. Either party may end it for a material breach not fixed within 30 days of notice. After the
        end, maps that are no longer covered stop being served and you may export your data for 30 days before it is
        deleted.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <p>
        Each party&apos;s total liability under this agreement in any twelve months is limited to the fees paid in that
        period, except for liability that cannot be limited by law.
      </p>
    ),
  },
];

export default function AgreementPage() {
  return (
    <LegalPage
      title={PAGE_TITLES.agreement}
      intro={<p>What we commit to when you pay for Mapnest, and what we ask of you in return.</p>}
      sections={sections}
    />
  );
}
