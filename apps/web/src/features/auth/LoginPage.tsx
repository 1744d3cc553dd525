import { useLocation, useNavigate } from 'react-router-dom';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Page } from '../../components/Page';
import { AdminLoginForm } from './AdminLoginForm';

/**
 * Where to go once signed in: back to the page that sent the person here (the Account page when
 * signed out), only ever a path of this site; /blog-admin otherwise.
 */
export function afterLogin(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) ? from : '/blog-admin';
}

/** /login: on success the token is stored and the admin goes to /blog-admin (or back where they came from). */
export default function LoginPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  return (
    <Page title="Admin Login" width="narrow">
      <OfflineNotice what="Admin login" />
      <div className="py-12">
        <AdminLoginForm title="Admin Login" headingLevel={1} onLoggedIn={() => void navigate(afterLogin(state))} />
      </div>
    </Page>
  );
}
