import { useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Outlet, useLocation, useMatches } from 'react-router';
import { FadeIn } from '../components/FadeIn';
import { ViewAsBanner } from '../features/auth/ViewAsBanner';
import { SessionEndedRedirect } from '../features/auth/guards';
import { SettingsHost } from '../features/settings/SettingsHost';
import { Banner } from './layout/Banner';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { usePageTracking } from './page-tracking';
import { pageKey, resolveHandle } from './route-handle';
import { sessionAtom, signedInAtom } from '../state/session';

/** The root layout: header, optional banner, the page (faded in), footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = resolveHandle(matches);
  const page = pageKey(matches);
  const signedIn = useAtomValue(signedInAtom);
  const { user, isUserSimulated } = useAtomValue(sessionAtom);
  const main = useRef<HTMLElement>(null);
  usePageTracking(pathname, handle.title, page, main);
  const footer = handle.footer ?? 'short';

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header
        signedIn={signedIn}
        account={
          user && {
            name: user.displayName || user.email,
            photoURL: user.photoURL,
            simulated: isUserSimulated,
          }
        }
        hideNav={handle.hideNav}
      />
      {handle.banner && !signedIn && <Banner />}
      {signedIn && <ViewAsBanner />}
      <main id="main" ref={main} tabIndex={-1} className="app-main">
        <FadeIn key={page} className="page">
          <Outlet />
        </FadeIn>
      </main>
      {footer !== 'none' && <Footer kind={footer} />}
      <SettingsHost />
      <SessionEndedRedirect />
    </div>
  );
}
