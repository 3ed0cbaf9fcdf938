import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/Icons';

/** The landing banner for signed-out visitors: free access with a marketplace purchase code, linking to /register. */
export function Banner() {
  return (
    <div className="promo-banner">
      <Link to="/register" className="promo-banner__link">
        Get free access with your Envato Purchase Code.
        <ArrowRightIcon size={16} />
      </Link>
    </div>
  );
}
