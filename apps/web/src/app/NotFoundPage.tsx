import { Link } from 'react-router-dom';
import { Meta } from '../components/Head';
import { Page } from '../components/Page';
import { ui } from '../components/ui';

/** As designed: 'Oops! Page not found' with a Return to Home link. */
export function NotFoundPage() {
  return (
    <Page title="Page not found" width="narrow">
      <Meta name="robots" content="noindex" />
      <div className="py-16 text-center">
        <p className="text-6xl font-extrabold text-indigo-600 dark:text-indigo-400">404</p>
        <h1 className={`mt-4 ${ui.heading}`}>Oops! Page not found</h1>
        <p className={`mt-3 ${ui.muted}`}>The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={`mt-8 ${ui.button}`}>
          Return to Home
        </Link>
      </div>
    </Page>
  );
}
