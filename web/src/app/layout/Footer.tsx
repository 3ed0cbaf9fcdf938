import { Link } from 'react-router';
import { BRAND } from '@mapnest/shared/constants';
import { MicroblogIcon, NetworkIcon, VideoIcon } from '../../components/Icons';
import { SOCIAL_LINKS, type SocialKind } from '../../state/config';
import { Logo } from './Logo';
import { useServiceStatus } from './service-status';

/** The extended footer's columns: Product, Examples, Legal, Company and Platform. */
export const FOOTER_COLUMNS: readonly { title: string; links: readonly { label: string; to: string }[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Pricing', to: '/pricing' },
      { label: 'Documentation', to: '/docs' },
    ],
  },
  {
    title: 'Examples',
    links: [
      { label: 'Real estate', to: '/case-study/real-estate' },
      { label: 'Retail', to: '/case-study/retail' },
      { label: 'Geographic', to: '/case-study/geographic' },
      { label: 'Wayfinding', to: '/wayfinding' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms & Conditions', to: '/terms' },
      { label: 'Service Agreement', to: '/agreement' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Contact', to: '/contact' },
      { label: 'Custom Work', to: '/estimate' },
    ],
  },
  {
    title: 'Platform',
    links: [
      { label: 'Login', to: '/login' },
      { label: 'Register', to: '/register' },
      { label: 'Reset password', to: '/reset' },
    ],
  },
];

const SOCIAL_ICONS: Record<SocialKind, typeof VideoIcon> = {
  video: VideoIcon,
  microblog: MicroblogIcon,
  network: NetworkIcon,
};

function Copyright({ year }: { year: number }) {
  return (
    <p className="site-footer__copyright">
      © {year} {BRAND}. All rights reserved.
    </p>
  );
}

export interface FooterProps {
  kind: 'extended' | 'short';
  /** The copyright year; the current year unless a test pins it. */
  year?: number;
}

/** The site footer: extended on marketing and legal pages, short elsewhere. */
export function Footer({ kind, year = new Date().getFullYear() }: FooterProps) {
  if (kind === 'short') {
    return (
      <footer className="site-footer site-footer--short">
        <div className="container site-footer__short">
          <Copyright year={year} />
          <nav aria-label="Legal">
            <ul className="site-footer__inline">
              <li>
                <Link to="/privacy">Privacy</Link>
              </li>
              <li>
                <Link to="/terms">Terms</Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    );
  }
  return (
    <footer className="site-footer site-footer--extended">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__about">
            <Link to="/" className="site-footer__brand" aria-label={`${BRAND} home`}>
              <Logo />
            </Link>
            <p className="site-footer__tagline">
              Interactive maps for floor plans, venues, site plans and regions, hosted for you and embedded anywhere.
            </p>
            <ServiceStatusLine />
            <ul className="site-footer__social">
              {SOCIAL_LINKS.map(({ kind, label, href }) => {
                const Icon = SOCIAL_ICONS[kind];
                return (
                  <li key={kind}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${BRAND} on ${label}`}
                      title={label}
                    >
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
          <nav className="site-footer__columns" aria-label="Footer">
            {FOOTER_COLUMNS.map((column) => (
              <div key={column.title} className="site-footer__column">
                <h2 className="site-footer__heading">{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="site-footer__bottom">
          <Copyright year={year} />
        </div>
      </div>
    </footer>
  );
}

/** 'All systems operational.' only when the service's health says so (./service-status.ts); nothing until it is known. */
function ServiceStatusLine() {
  const status = useServiceStatus();
  if (status === 'unknown') return null;
  return (
    <p className="site-footer__status">
      <span className={`status-dot${status === 'ok' ? '' : ' status-dot--degraded'}`} aria-hidden="true" />
      {status === 'ok' ? 'All systems operational.' : 'Some of Mapnest is not working right now. We are on it.'}
    </p>
  );
}
