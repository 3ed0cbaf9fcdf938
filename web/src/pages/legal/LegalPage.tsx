import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../../styles/marketing.css';

/** When the legal texts last changed; shown on each page. */
export const LEGAL_UPDATED = '22 November 2026';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** The shared layout of /privacy, /terms and /agreement: title, date, contents, numbered sections. */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  return (
    <article className="legal container container--narrow" aria-labelledby="legal-title">
      <header className="legal__header">
        <p className="eyebrow">Legal</p>
        <h1 id="legal-title">{title}</h1>
        <p className="legal__updated">Last updated {LEGAL_UPDATED}</p>
        <div className="legal__intro">{intro}</div>
      </header>
      <nav className="legal__toc" aria-label="Contents">
        <h2 className="legal__toc-title">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, i) => (
        <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>
            {i + 1}. {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
      <footer className="legal__footer">
        <p>
          Questions about this document? <Link to="/contact">Contact us</Link>. See also the{' '}
          <Link to="/privacy">Privacy Policy</Link>, <Link to="/terms">Terms &amp; Conditions</Link> and{' '}
          <Link to="/agreement">Service Agreement</Link>.
        </p>
      </footer>
    </article>
  );
}
