import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/Icons';

/** The landing banner for signed-out visitors: free access with a marketplace purchase code, linking to /register. */
export function Banner() {
  return (
    // A landmark of its own, so that nothing on the page is outside one (a screen reader's list of regions).
    <aside className="promo-banner" aria-label="Offer">
      <Link to="/register" className="promo-banner__link">
        Get free access with your Envato Purchase Code.
        <ArrowRightIcon size={16} />
      </Link>
    </aside>
  );
}
