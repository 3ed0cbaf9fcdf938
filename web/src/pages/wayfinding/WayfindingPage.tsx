import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLAN_NAMES, PRICES } from '@mapnest/shared/constants';
import { FadeIn } from '../../components/FadeIn';
import { AccessibilityIcon, LayersIcon, PinIcon, RouteIcon, CodeIcon, ChartIcon } from '../../components/Icons';
import { SectionHeading } from '../../components/SectionHeading';
import { LiveExample } from '../case-study/LiveExample';
import '../../styles/marketing.css';
import { PAGE_TITLES } from '../titles';

const CAPABILITIES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <RouteIcon />,
    title: 'Routes from A to B',
    text: 'Visitors pick a start and a destination; the map draws the shortest path along the walkways you define.',
  },
  {
    icon: <LayersIcon />,
    title: 'Across floors',
    text: 'Routes change floors through lifts and stairs, and the map switches level as the visitor follows them.',
  },
  {
    icon: <AccessibilityIcon />,
    title: 'Step-free option',
    text: 'One switch avoids stairs and escalators, for wheelchairs, prams and heavy luggage.',
  },
  {
    icon: <PinIcon />,
    title: '"You are here"',
    text: 'Give each kiosk or entrance its own starting point, so directions begin where the visitor stands.',
  },
  {
    icon: <CodeIcon />,
    title: 'Links with directions',
    text: 'Share a link that opens the map with a route already drawn, for invitations, tickets and emails.',
  },
  {
    icon: <ChartIcon />,
    title: 'Analytics included',
    text: 'The Professional plan also counts map views and the locations people look for most.',
  },
];

const PLACES = [
  'Hospitals and clinics',
  'University campuses',
  'Shopping centres',
  'Office buildings',
  'Conference and event venues',
  'Museums and airports',
];

export default function WayfindingPage() {
  return (
    <>
      <WayfindingHero />
      <TryItSection />
      <CapabilitiesSection />
      <PlacesSection />
    </>
  );
}

/** The hero: what wayfinding does, its plan, and a picture of a route. */
function WayfindingHero() {
  return (
    <section className="page-hero" aria-labelledby="wayfinding-title">
      <div className="container case-hero">
        <FadeIn>
          <p className="eyebrow">
            {PAGE_TITLES.wayfinding} <span className="badge badge--pro">{PLAN_NAMES.pro}</span>
          </p>
          <h1 id="wayfinding-title">Directions inside your buildings</h1>
          <p className="hero__lead">
            Wayfinding turns an interactive floor plan into turn-by-turn guidance: from the entrance to the right room,
            across buildings and floors, with a step-free option.
          </p>
          <div className="hero__actions">
            <Link to="/pricing" className="btn btn--primary btn--lg">
              See the {PLAN_NAMES.pro} plan
            </Link>
            <Link to="/routes" className="btn btn--secondary btn--lg">
              Read the wayfinding guide
            </Link>
          </div>
        </FadeIn>
        <FadeIn delay={0.1}>
          <img
            className="case-hero__image"
            src="/img/wayfinding.svg"
            alt="A floor plan with a dotted route from a starting point past the lift to a destination, 4 minutes away."
            width={640}
            height={400}
          />
        </FadeIn>
      </div>
    </section>
  );
}

/** The live demo map with a route already drawn. */
function TryItSection() {
  return (
    <section className="section section--flush" aria-labelledby="try-title">
      <div className="container">
        <SectionHeading
          id="try-title"
          title="Try it on a real map"
          subtitle="The Riverside Centre demo, with a route from the north entrance to the gym on the first floor. Pick any two places, or switch on the step-free route to take the lift."
        />
        <LiveExample
          mapId="demo"
          title="Riverside Centre"
          caption="Riverside Centre, two floors: corridors, a lift, stairs and escalators, every shop reachable."
          directions={{ from: 'north-entrance', to: 'fitlab' }}
        />
      </div>
    </section>
  );
}

/** What visitors get. */
function CapabilitiesSection() {
  return (
    <section className="section section--flush" aria-labelledby="capabilities-title">
      <div className="container">
        <SectionHeading
          id="capabilities-title"
          title="What visitors get"
          subtitle="Everything works inside the same embedded map, on phones, desktops and touch screens."
        />
        <ul className="feature-grid">
          {CAPABILITIES.map((item) => (
            <li key={item.title} className="feature">
              <span className="feature__icon">{item.icon}</span>
              <h3 className="feature__title">{item.title}</h3>
              <p className="feature__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The places it is made for, and the plan that includes it. */
function PlacesSection() {
  return (
    <section className="section section--tinted" aria-labelledby="places-title">
      <div className="container split">
        <div>
          <SectionHeading
            id="places-title"
            title="Made for places people get lost in"
            subtitle="Wherever visitors arrive for the first time and have somewhere to be."
          />
          <ul className="pill-list">
            {PLACES.map((place) => (
              <li key={place}>{place}</li>
            ))}
          </ul>
        </div>
        <div className="callout">
          <h3 className="callout__title">Included in {PLAN_NAMES.pro}</h3>
          <p className="callout__text">
            Wayfinding comes with the {PLAN_NAMES.pro} plan, from ${PRICES.pro.yearly} per map per month billed
            annually, together with map analytics and priority support.
          </p>
          <Link to="/pricing" className="callout__link">
            Compare plans
          </Link>
        </div>
      </div>
    </section>
  );
}
