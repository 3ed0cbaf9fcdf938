import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import {
  FREE_TEST_MAPS,
  HISTORY_DAILY_DAYS,
  HISTORY_UNNAMED_KEEP,
  PRICES,
  TEST_MAP_ACTIVE_DAYS,
} from '@mapnest/shared/constants';
import { FadeIn, FadeInStagger } from '../../components/FadeIn';
import {
  ArrowRightIcon,
  BoltIcon,
  ChartIcon,
  CloudIcon,
  CodeIcon,
  HistoryIcon,
  LayersIcon,
  RefreshIcon,
  RouteIcon,
  SearchIcon,
} from '../../components/Icons';
import { LinkedCard } from '../../components/LinkedCard';
import { SectionHeading } from '../../components/SectionHeading';
import { PAGE_TITLES } from '../titles';
import { DEMO_MAP_ID } from '../../state/config';
import '../../styles/marketing.css';
import { LiveExample } from '../case-study/LiveExample';

const USE_CASES = [
  {
    title: 'Real estate',
    to: '/case-study/real-estate',
    image: '/img/real-estate.svg',
    text: 'Site plans and floor plans with live availability, prices and floor layouts for every unit.',
  },
  {
    title: 'Retail',
    to: '/case-study/retail',
    image: '/img/retail.svg',
    text: 'Mall directories and store finders that shoppers can search, filter and browse floor by floor.',
  },
  {
    title: 'Geographic',
    to: '/case-study/geographic',
    image: '/img/geographic.svg',
    text: 'Clickable regions, countries and territories for dealers, offices, projects and statistics.',
  },
  {
    title: 'Wayfinding',
    to: '/wayfinding',
    image: '/img/wayfinding.svg',
    text: 'Step-by-step routes across buildings and floors for campuses, hospitals, venues and offices.',
  },
];

const FEATURES: { icon: ReactNode; title: string; text: string; pro?: boolean }[] = [
  {
    icon: <CloudIcon />,
    title: 'Hosted in the cloud',
    text: 'We host your maps and their images and serve them fast worldwide. No plugin to update, no server to run.',
  },
  {
    icon: <CodeIcon />,
    title: 'Works on any platform',
    text: 'Paste one snippet into WordPress, Shopify, Webflow, Wix or any HTML page. It adapts to phones and desktops.',
  },
  {
    icon: <BoltIcon />,
    title: 'Live in about 3 minutes',
    text: 'Upload a floor plan or pick a built-in map, drop your locations on it and publish.',
  },
  {
    icon: <RefreshIcon />,
    title: 'Automatic updates',
    text: 'Publish a change once and every page that embeds the map shows it, kiosks included. New features arrive without reinstalling.',
  },
  {
    icon: <LayersIcon />,
    title: 'Floors and layers',
    text: 'Stack floors, buildings or themes as layers. Visitors switch between them with one tap.',
  },
  {
    icon: <SearchIcon />,
    title: 'Search, filters and deep links',
    text: 'A built-in directory with search and groups, and links that open the map on a given location.',
  },
  {
    icon: <HistoryIcon />,
    title: 'Drafts and version history',
    text: `Edits are saved as a draft that visitors see only when you publish. Every save is a version: the newest ${HISTORY_UNNAMED_KEEP} are kept, then one an hour for a day and one a day for ${HISTORY_DAILY_DAYS} days, and the ones you name or publish for good. Preview any of them and restore it into the draft.`,
  },
  {
    icon: <RouteIcon />,
    title: 'Wayfinding',
    text: 'Routes from A to B across floors, with a step-free option for visitors who need one.',
    pro: true,
  },
  {
    icon: <ChartIcon />,
    title: 'Map analytics',
    text: 'See how often your map is opened and which locations people click the most.',
    pro: true,
  },
];

const STEPS = [
  {
    title: 'Start from your plan',
    text: 'Upload an SVG, PNG or JPG floor plan, or your architect’s PDF with a floor per page, or start from a built-in map of the world, a continent, a country or the USA.',
  },
  {
    title: 'Add your locations',
    text: 'Click to place a location, then give it a title, description, image, opening hours and link. Group them for filters.',
  },
  {
    title: 'Embed it anywhere',
    text: 'Publish, copy the snippet and paste it into your site. Every change you publish later goes live without touching the page again.',
  },
];

/** A word for someone who just left their account (deletion lands here), passed as navigation state. */
function LeftNotice() {
  const state: unknown = useLocation().state;
  const notice =
    state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
  if (!notice) return null;
  return (
    <div className="container landing-notice" role="status">
      {notice}
    </div>
  );
}

export default function LandingPage() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <LeftNotice />
      <LandingHero />
      <PlatformsStrip />
      <UseCasesSection />
      <FeaturesSection />
      <StepsSection origin={origin} />
      <PricingTeaser />
      <CtaBand />
    </>
  );
}

/** The hero: what Mapnest is, the two ways in, the free test maps, and the live demo map. */
function LandingHero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid hero__grid--live">
        <FadeIn className="hero__copy">
          <p className="eyebrow">Interactive maps, hosted for you</p>
          <h1 id="hero-title" className="hero__title">
            {PAGE_TITLES.landing}
          </h1>
          <p className="hero__lead">
            Turn floor plans, mall directories, site plans and region maps into maps people can search, click and
            navigate. Build them in your browser; Mapnest hosts them and they run on any website.
          </p>
          <div className="hero__actions">
            <Link to="/register" className="btn btn--primary btn--lg">
              Start for free
            </Link>
            <Link to="/demo" className="btn btn--secondary btn--lg">
              See a live demo
            </Link>
          </div>
          <p className="hero__note">
            {FREE_TEST_MAPS} free test maps for {TEST_MAP_ACTIVE_DAYS} days, no credit card needed. Plans from $
            {PRICES.basic.yearly} per map per month.
          </p>
        </FadeIn>
        <div className="hero__visual">
          <LiveExample
            mapId={DEMO_MAP_ID}
            title="Riverside Centre, a live demo"
            caption="The live demo: a two-floor shopping centre. Search, switch floors, pick a store or ask for directions."
            size="hero"
            directoryClosed
          />
        </div>
      </div>
    </section>
  );
}

/** The platforms a map embeds in. */
function PlatformsStrip() {
  return (
    <section className="platforms" aria-label="Platforms">
      <div className="container platforms__inner">
        <p className="platforms__label">Embeds anywhere</p>
        <ul className="platforms__list">
          {['WordPress', 'Shopify', 'Webflow', 'Wix', 'Squarespace', 'Any HTML page'].map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The kinds of maps, each linking to its case study. */
function UseCasesSection() {
  return (
    <section className="section" aria-labelledby="use-cases-title">
      <div className="container">
        <SectionHeading
          id="use-cases-title"
          eyebrow="Made for real places"
          title="One builder for every kind of map"
          subtitle="From a single office floor to a shopping centre or a whole continent, the same tools cover it."
        />
        <FadeInStagger className="card-grid card-grid--4">
          {USE_CASES.map((useCase) => (
            <LinkedCard
              key={useCase.to}
              title={useCase.title}
              to={useCase.to}
              image={{ src: useCase.image, width: 320, height: 200 }}
              description={<p>{useCase.text}</p>}
            />
          ))}
        </FadeInStagger>
      </div>
    </section>
  );
}

/** What every plan includes (and what Pro adds). */
function FeaturesSection() {
  return (
    <section className="section section--tinted" aria-labelledby="features-title">
      <div className="container">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to publish a map"
          subtitle="Hosting, updates and the details visitors notice, included with every plan."
        />
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature">
              <span className="feature__icon">{feature.icon}</span>
              <h3 className="feature__title">
                {feature.title}
                {feature.pro && <span className="badge badge--pro">Pro</span>}
              </h3>
              <p className="feature__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The three steps, next to the embed snippet for this site. */
function StepsSection({ origin }: { origin: string }) {
  return (
    <section className="section" aria-labelledby="steps-title">
      <div className="container steps">
        <div>
          <SectionHeading id="steps-title" eyebrow="How it works" title="From floor plan to live map in three steps" />
          <ol className="steps__list">
            {STEPS.map((step, i) => (
              <li key={step.title} className="steps__item">
                <span className="steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="steps__title">{step.title}</h3>
                  <p className="steps__text">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <figure className="code-sample">
          <figcaption className="code-sample__caption">Your embed snippet</figcaption>
          <pre className="code-sample__code">
            <code>{`<iframe
  src="${origin}/m/your-map-id"
  title="Store directory"
  loading="lazy"
  style="width:100%;height:600px;border:0">
</iframe>`}</code>
          </pre>
        </figure>
      </div>
    </section>
  );
}

/**
 * Pricing in one line, with the licence rule the pricing page and the plan dialog state (a map's licence is bought
 * apart, so nothing here may say the price is all there is), and the offer to build the map for you.
 */
function PricingTeaser() {
  return (
    <section className="section section--tinted" aria-labelledby="pricing-teaser-title">
      <div className="container split">
        <div>
          <SectionHeading
            id="pricing-teaser-title"
            eyebrow="Pricing"
            title="Priced per map"
            subtitle={`Basic from $${PRICES.basic.yearly} and Professional from $${PRICES.pro.yearly} per map per month, billed annually. Cancel any time. ${BILLING_TEXTS.licenseRule}`}
          />
          <Link to="/pricing" className="btn btn--primary">
            Compare plans <ArrowRightIcon size={18} />
          </Link>
        </div>
        <div className="callout">
          <h3 className="callout__title">Rather have us build it?</h3>
          <p className="callout__text">
            Send us your floor plans and a list of locations. We prepare the interactive map, you review it and publish
            it.
          </p>
          <Link to="/estimate" className="callout__link">
            Request an estimate <ArrowRightIcon size={16} />
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The closing call to action. */
function CtaBand() {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-band__inner">
        <h2 id="cta-title" className="cta-band__title">
          Put your first map online today
        </h2>
        <p className="cta-band__text">
          Create an account, build a test map and embed it. Subscribe only when you are ready to go live.
        </p>
        <div className="cta-band__actions">
          <Link to="/register" className="btn btn--light btn--lg">
            Start for free
          </Link>
          <Link to="/contact" className="btn btn--outline-light btn--lg">
            Talk to us
          </Link>
        </div>
      </div>
    </section>
  );
}
