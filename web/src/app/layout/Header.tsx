import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BRAND } from '@mapnest/shared/constants';
import { CloseIcon, MenuIcon, SettingsIcon } from '../../components/Icons';
import { Avatar } from '../../features/settings/Avatar';
import { Logo } from './Logo';

/** Who is signed in, for the header's settings button. */
export interface HeaderAccount {
  /** The display name, else the email address, else null. */
  name: string | null;
  photoURL: string | null;
  /** An administrator viewing the app as another user. */
  simulated: boolean;
}

export interface HeaderProps {
  signedIn: boolean;
  /** The signed-in user: once they have a photo, the settings button shows it. */
  account?: HeaderAccount | null;
  /** Hides the nav links (auth pages). */
  hideNav?: boolean;
}

/**
 * The settings button: the gear, or once the user has a photo their avatar, named with their name ('Settings for
 * Ada Lovelace'), so it still says where it leads.
 */
function SettingsLink({ account }: { account: HeaderAccount | null }) {
  const photo = account?.photoURL ? { name: account.name, url: account.photoURL } : null;
  const label = photo?.name ? `Settings for ${photo.name}` : 'Settings';
  return (
    <Link to={{ hash: '#settings' }} className="site-nav__icon" aria-label={label} title={label}>
      {photo ? (
        <span aria-hidden="true">
          <Avatar displayName={photo.name} photoURL={photo.url} simulated={account!.simulated} size="sm" />
        </span>
      ) : (
        <SettingsIcon />
      )}
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'site-nav__link is-current' : 'site-nav__link');

/**
 * Escape closes the open menu, as it closes the app's other menus, and gives focus back to its toggle (the ref to
 * put on the toggle).
 */
function useClosedByEscape(open: boolean, close: () => void) {
  const toggle = useRef<HTMLButtonElement>(null);
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      latest.current();
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return toggle;
}

/** The sticky site header: logo, nav links by sign-in state, the settings icon (or the user's photo) when signed in. */
export function Header({ signedIn, account = null, hideNav = false }: HeaderProps) {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const navId = useId();
  const toggle = useClosedByEscape(menuOpen, () => setMenuOpenOn(null));

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={`${BRAND} home`}>
          <Logo />
        </Link>
        {!hideNav && (
          <>
            <button
              ref={toggle}
              type="button"
              className="site-header__toggle"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
              <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            </button>
            <nav id={navId} className={menuOpen ? 'site-nav is-open' : 'site-nav'} aria-label="Main">
              <ul className="site-nav__list">
                {signedIn && (
                  <li>
                    <NavLink to="/maps" className={navClass}>
                      Maps
                    </NavLink>
                  </li>
                )}
                <li>
                  <NavLink to="/pricing" className={navClass}>
                    Pricing
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/contact" className={navClass}>
                    Contact
                  </NavLink>
                </li>
                {signedIn ? (
                  <li>
                    <SettingsLink account={account} />
                  </li>
                ) : (
                  <>
                    <li>
                      <NavLink to="/login" className={navClass}>
                        Login
                      </NavLink>
                    </li>
                    <li>
                      <Link to="/register" className="btn btn--primary btn--sm site-nav__cta">
                        Sign up
                      </Link>
                    </li>
                  </>
                )}
              </ul>
            </nav>
          </>
        )}
      </div>
    </header>
  );
}
