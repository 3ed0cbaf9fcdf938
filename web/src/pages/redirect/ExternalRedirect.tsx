import { useEffect } from 'react';
import { Spinner } from '../../components/Spinner';

export interface ExternalRedirectProps {
  url: string;
  /** What the visitor is being taken to, e.g. 'the documentation'. */
  destination: string;
  /** Leaves the app; replaces the history entry so Back returns to the page before. */
  go?: (url: string) => void;
}

const replaceLocation = (url: string) => window.location.replace(url);

/** The redirect-to-external-URL screen: a spinner while the browser leaves. */
export function ExternalRedirect({ url, destination, go = replaceLocation }: ExternalRedirectProps) {
  useEffect(() => {
    go(url);
  }, [go, url]);

  return (
    <section className="status-page" aria-live="polite">
      <Spinner size="lg" label={`Taking you to ${destination}`} />
      <p className="status-page__text redirect__text">Taking you to {destination}...</p>
      <p className="redirect__fallback">
        Nothing happening? <a href={url}>Continue to {new URL(url).host}</a>
      </p>
    </section>
  );
}
