import { NOT_FOUND_LINKS, NOT_FOUND_PAGES, type NotFoundKind } from '@toolvault/shared';
import { Link } from 'react-router-dom';
import { Meta } from '../components/Head';
import { Page } from '../components/Page';
import { ui } from '../components/ui';

/**
 * The one 404 page, for an address that leads nowhere: as designed, 'Oops! Page not found' with a
 * Return to Home link; a one-segment address (`kind` 'shortlink') is an unknown short link and says
 * so. The server sends the same words before any script runs (api/src/http/spa.ts).
 */
export function NotFoundPage({ kind = 'page' }: { kind?: NotFoundKind }) {
  const { title, heading, text } = NOT_FOUND_PAGES[kind];
  return (
    <Page title={title} width="narrow">
      <Meta name="robots" content="noindex" />
      <div className="py-16 text-center">
        <p className="text-6xl font-extrabold text-indigo-600 dark:text-indigo-400">404</p>
        <h1 className={`mt-4 ${ui.heading}`}>{heading}</h1>
        <p className={`mt-3 ${ui.muted}`}>{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {NOT_FOUND_LINKS.map(({ label, href }, index) => (
            <Link key={href} to={href} className={index === 0 ? ui.button : ui.buttonSecondary}>
              {label}
            </Link>
          ))}
        </div>
      </div>
    </Page>
  );
}
