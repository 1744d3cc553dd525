import { Menu, ShieldCheck, X } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAdminToken } from '../features/auth/admin-session';
import { activeHeaderLink, HEADER_LINKS } from './nav';

// Only for a signed-in person: the query library it needs stays out of every visitor's first load.
const AccountNav = lazy(() => import('../features/account/AccountNav'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? 'text-indigo-700 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

export function Header() {
  const menuId = useId();
  const { pathname, hash } = useLocation();
  const active = activeHeaderLink(pathname, hash);
  // The menu is open for the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const signedIn = useAdminToken() !== null;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 rounded text-lg font-bold text-slate-900 dark:text-white">
          <ShieldCheck aria-hidden="true" className="size-7 text-indigo-600 dark:text-indigo-400" />
          Toolvault
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((link) => (
            <li key={link.label}>
              <Link
                to={link.to}
                aria-current={active === link.label ? 'page' : undefined}
                className={linkClass({ isActive: active === link.label })}
              >
                {link.label}
              </Link>
            </li>
          ))}
          {signedIn ? (
            <li>
              <Suspense fallback={null}>
                <AccountNav variant="bar" />
              </Suspense>
            </li>
          ) : null}
        </ul>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </nav>
      {open ? (
        <div id={menuId} className="border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800">
          <ul className="flex flex-col gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  aria-current={active === link.label ? 'page' : undefined}
                  className={`block ${linkClass({ isActive: active === link.label })}`}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          {signedIn ? (
            <Suspense fallback={null}>
              <AccountNav variant="list" />
            </Suspense>
          ) : null}
          {/* As designed, the mobile menu has a Get Started button; it leads to the tool grid. */}
          <Link
            to="/#tools"
            className="mt-3 block rounded-lg bg-indigo-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
          >
            Get Started
          </Link>
        </div>
      ) : null}
    </header>
  );
}
