import { API_DOCS_PATH, RSS_FEED_PATH, TOOL_CATEGORIES } from '@toolvault/shared';
import { AtSign, Code2, Mail, Rss, ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { openConsentPreferences } from './consent/consent';
import { LEGAL_LINKS, QUICK_LINKS, SIGN_IN_LINK, type HomeNavigationState } from './nav';
import { EXTERNAL_LINKS, type ExternalLinks } from './site-links';

interface SocialLink {
  label: string;
  href: string;
  icon: typeof Rss;
  /** Another site: opens in a new tab. */
  external?: boolean;
  /** Not a page of the app (the feed): a plain link the browser loads from the server. */
  document?: boolean;
}

/** The feed and Contact always; Source code and Follow us only where site-links.ts has an address. */
export function socialLinks({ sourceCode, followUs }: ExternalLinks = EXTERNAL_LINKS): SocialLink[] {
  return [
    { label: 'Blog RSS feed', href: RSS_FEED_PATH, icon: Rss, document: true },
    { label: 'Email us', href: '/contact', icon: Mail },
    ...(sourceCode ? [{ label: 'Source code', href: sourceCode, icon: Code2, external: true }] : []),
    ...(followUs ? [{ label: 'Follow us', href: followUs, icon: AtSign, external: true }] : []),
  ];
}

const socialClass =
  'inline-flex rounded-full bg-white p-2 text-slate-700 shadow-sm hover:text-indigo-700 dark:bg-slate-800 dark:text-slate-200 dark:hover:text-indigo-300';

const headingClass = 'text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white';
const linkClass = 'rounded text-sm text-slate-700 hover:text-indigo-700 dark:text-slate-300 dark:hover:text-indigo-300';

export function Footer({ links = EXTERNAL_LINKS }: { links?: ExternalLinks } = {}) {
  const navigate = useNavigate();
  const openCategory = (category: string) => {
    const state: HomeNavigationState = { category };
    void navigate('/', { state });
  };

  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
            <ShieldCheck aria-hidden="true" className="size-6 text-indigo-600 dark:text-indigo-400" />
            Toolvault
          </p>
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            Free security, encoding and image tools for researchers, penetration testers and students. Your files and
            text are processed in your browser.
          </p>
          <ul className="mt-4 flex gap-3" aria-label="Social links">
            {socialLinks(links).map(({ label, href, icon: Icon, external, document }) => (
              <li key={label}>
                {external || document ? (
                  <a
                    href={href}
                    aria-label={label}
                    className={socialClass}
                    {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                  </a>
                ) : (
                  <Link to={href} aria-label={label} className={socialClass}>
                    <Icon aria-hidden="true" className="size-4" />
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            Quick Links
          </h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {/* Served by the API, not a page of the app: the browser loads it. */}
              <a href={API_DOCS_PATH} className={linkClass}>
                API reference
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-tool-lists">
          <h2 id="footer-tool-lists" className={headingClass}>
            Tools Lists
          </h2>
          <ul className="mt-3 space-y-2">
            {TOOL_CATEGORIES.map((category) => (
              <li key={category}>
                <button type="button" className={`${linkClass} text-left`} onClick={() => openCategory(category)}>
                  {category}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={headingClass}>
            Legal
          </h2>
          <ul className="mt-3 space-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className={`${linkClass} text-left`} onClick={openConsentPreferences}>
                Cookie Settings
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 border-t border-slate-200 py-6 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        <p>© {new Date().getFullYear()} Toolvault. All rights reserved.</p>
        {/* Underlined: beside plain text of the same colour, the line is what shows it is a link. */}
        <Link to={SIGN_IN_LINK.to} className={`${linkClass} underline underline-offset-2`}>
          {SIGN_IN_LINK.label}
        </Link>
      </div>
    </footer>
  );
}
