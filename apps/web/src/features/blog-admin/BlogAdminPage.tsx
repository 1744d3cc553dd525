import { Meta } from '../../components/Head';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { QueryProvider } from '../../lib/query';
import { AccountGate } from '../auth/AccountGate';
import { SignedOutPage } from '../auth/SignedOutPage';
import { useAdminToken } from '../auth/admin-session';
import { useSessionExpiry } from '../auth/session-expiry';
import { LogoutButton } from '../auth/LogoutButton';
import { blogAccess } from './blog-admin-access';
import { BlogAdmin } from './BlogAdminScreen';

/** /blog-admin: the admin login form when logged out, the blog's management when logged in. */
export default function BlogAdminPage() {
  const token = useAdminToken();
  if (!token) {
    return <SignedOutPage title="Blog Admin" what="Blog admin" signInTitle="Admin Login" />;
  }
  return (
    <QueryProvider>
      <SignedInBlogAdmin token={token} />
    </QueryProvider>
  );
}

/** The page of a signed-in person: their account is read first, and the page shows what their role may use. */
function SignedInBlogAdmin({ token }: { token: string }) {
  /** Any 401 from a protected call clears the token and goes to /login. */
  const expire = useSessionExpiry();

  return (
    <Page title="Blog Admin" width="wide">
      <Meta name="robots" content="noindex" />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className={ui.heading}>Blog Admin</h1>
        <LogoutButton />
      </div>
      <AccountGate token={token} onUnauthorized={expire} loading="Loading...">
        {(account) => <BlogAdmin access={blogAccess(account)} expire={expire} />}
      </AccountGate>
    </Page>
  );
}
