import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { RouterProvider } from 'react-router/dom';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { reportError } from './lib/analytics';
import { installPreloadRecovery } from './app/preload-error';
import { createAppRouter } from './app/router';
import { appStore } from './state/store';
import { startSession } from './features/auth/session-bootstrap';

const router = createAppRouter();

installPreloadRecovery({
  target: window,
  storage: (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })(),
  pendingUrl: () => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : null;
  },
  load: (url) => (url ? window.location.assign(url) : window.location.reload()),
});

// Fetched now so auth code finds it ready; public pages never wait for it, and its validator (zod)
// stays out of the first chunk.
import('./state/runtime-config')
  .then(({ getRuntimeConfig }) => getRuntimeConfig())
  .catch((err: unknown) => reportError(err, 'runtime-config'));

// Amplify (in its own chunk) loads only when a stored session exists or an auth screen needs it.
startSession().catch((err: unknown) => reportError(err, 'session'));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
