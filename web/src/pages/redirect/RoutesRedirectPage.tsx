import { EXTERNAL_URLS } from '../../state/config';
import { ExternalRedirect } from './ExternalRedirect';

/** /routes: the external wayfinding guide. */
export default function RoutesRedirectPage() {
  return <ExternalRedirect url={EXTERNAL_URLS.routes} destination="the wayfinding guide" />;
}
