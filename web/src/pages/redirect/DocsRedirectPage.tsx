import { EXTERNAL_URLS } from '../../state/config';
import { ExternalRedirect } from './ExternalRedirect';

/** /docs: the external documentation site. */
export default function DocsRedirectPage() {
  return <ExternalRedirect url={EXTERNAL_URLS.docs} destination="the documentation" />;
}
