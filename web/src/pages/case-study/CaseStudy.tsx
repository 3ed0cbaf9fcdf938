import { Link } from 'react-router';
import { CheckList } from '../../components/CheckList';
import { FadeIn } from '../../components/FadeIn';
import { ArrowRightIcon } from '../../components/Icons';
import { LinkedCard } from '../../components/LinkedCard';
import { SectionHeading } from '../../components/SectionHeading';
import type { ExampleMap } from '../../state/config';
import '../../styles/marketing.css';
import { LiveExample } from './LiveExample';

export interface CaseStudyContent {
  eyebrow: string;
  title: string;
  lead: string;
  /** The published example map shown live under the hero, with a sentence on what to try. */
  live: { map: ExampleMap; caption: string };
  challenge: string;
  solution: readonly string[];
  example: string;
  /** Paths of the related pages shown at the bottom. */
  related: readonly ('real-estate' | 'retail' | 'geographic' | 'wayfinding')[];
}

const RELATED = {
  'real-estate': {
    title: 'Real estate',
    to: '/case-study/real-estate',
    image: '/img/real-estate.svg',
    text: 'Site plans with live availability.',
  },
  retail: {
    title: 'Retail',
    to: '/case-study/retail',
    image: '/img/retail.svg',
    text: 'Mall directories and store finders.',
  },
  geographic: {
    title: 'Geographic',
    to: '/case-study/geographic',
    image: '/img/geographic.svg',
    text: 'Regions, territories and networks.',
  },
  wayfinding: {
    title: 'Wayfinding',
    to: '/wayfinding',
    image: '/img/wayfinding.svg',
    text: 'Directions across buildings and floors.',
  },
} as const;

/** The shared layout of the example pages (/case-study/*). */
export function CaseStudy({ content }: { content: CaseStudyContent }) {
  return (
    <>
      <section className="page-hero" aria-labelledby="case-title">
        <div className="container case-hero case-hero--text">
          <FadeIn>
            <p className="eyebrow">{content.eyebrow}</p>
            <h1 id="case-title">{content.title}</h1>
            <p className="hero__lead">{content.lead}</p>
            <div className="hero__actions">
              <Link to="/register" className="btn btn--primary btn--lg">
                Start for free
              </Link>
              {/* This page's own example, full screen (the demo behind /demo is the shopping centre). */}
              <Link to={`/maps/${content.live.map.id}`} className="btn btn--secondary btn--lg">
                See a live demo
              </Link>
            </div>
          </FadeIn>
        </div>
        <div className="container case-live">
          <LiveExample mapId={content.live.map.id} title={content.live.map.title} caption={content.live.caption} />
        </div>
      </section>

      <section className="section section--flush" aria-labelledby="case-challenge">
        <div className="container case-body">
          <div>
            <h2 id="case-challenge">The challenge</h2>
            <p className="case-body__text">{content.challenge}</p>
            <h2>An example</h2>
            <p className="case-body__text">{content.example}</p>
          </div>
          <aside className="case-body__panel" aria-labelledby="case-solution">
            <h2 id="case-solution" className="case-body__panel-title">
              How Mapnest helps
            </h2>
            <CheckList items={content.solution} />
          </aside>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="case-related">
        <div className="container">
          <SectionHeading id="case-related" title="More examples" />
          <div className="card-grid card-grid--3">
            {content.related.map((key) => {
              const item = RELATED[key];
              return (
                <LinkedCard
                  key={key}
                  title={item.title}
                  to={item.to}
                  image={{ src: item.image, width: 320, height: 200 }}
                  description={<p>{item.text}</p>}
                />
              );
            })}
          </div>
          <p className="case-more">
            <Link to="/pricing">
              See plans and pricing <ArrowRightIcon size={16} className="inline-icon" />
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
