import { ChevronDown, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { accountLinks, type AccountLink } from '../../app/nav';
import { QueryProvider } from '../../lib/query';
import { useAccount } from './account.queries';

const itemClass =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

interface AccountNavProps {
  /** `bar`: a menu button in the desktop header; `list`: the links themselves (the mobile menu). */
  variant: 'bar' | 'list';
}

/**
 * The signed-in person's admin links, only those their role may use. Its own chunk, loaded by the
 * header only once someone is signed in: visitors never download the query library for it.
 */
export default function AccountNav({ variant }: AccountNavProps) {
  return (
    <QueryProvider>
      <AccountLinks variant={variant} />
    </QueryProvider>
  );
}

function AccountLinks({ variant }: AccountNavProps) {
  const account = useAccount();
  const { pathname } = useLocation();
  // Until the role is known, nothing: a link the role may not use must never flash by. A session the
  // server has ended (401) shows nothing either, and the token is left alone: the admin page open
  // beside the header owns that moment (toast, /login). Were the header to forget the token first, the
  // page would lose its signed-in half before it could say why, and stay put on its login card.
  if (!account.data) return null;
  const links = accountLinks(account.data.grants);
  const current = (link: AccountLink) => (pathname === link.to ? 'page' : undefined);
  if (variant === 'list') {
    return (
      <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <p className={`px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400`}>
          Signed in as {account.data.displayName}
        </p>
        <LinkList className="flex flex-col gap-1" aria-label="Admin" links={links} current={current} />
      </div>
    );
  }
  return <AccountMenu name={account.data.displayName} links={links} current={current} />;
}

type Current = (link: AccountLink) => 'page' | undefined;

function LinkList({
  links,
  current,
  ...list
}: {
  links: AccountLink[];
  current: Current;
  id?: string;
  className: string;
  'aria-label'?: string;
}) {
  return (
    <ul {...list}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} aria-current={current(link)} className={itemClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A disclosure: the button shows and hides the list; Escape or a click elsewhere closes it. */
function AccountMenu({ name, links, current }: { name: string; links: AccountLink[]; current: Current }) {
  const menuId = useId();
  const { pathname } = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // Open for the page it was opened on, so following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        // The visible name, and what the button is for.
        aria-label={`Admin menu of ${name}`}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="flex max-w-48 items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <UserRound aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {open ? (
        <LinkList
          id={menuId}
          className="absolute right-0 mt-1 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
          links={links}
          current={current}
        />
      ) : null}
    </div>
  );
}
