import { Meta } from '../../components/Head';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Page } from '../../components/Page';
import { AdminLoginForm } from './AdminLoginForm';

/**
 * What a signed-in page shows to nobody in particular: its title, the offline notice and the login
 * form in its place, so signing in happens where the person meant to go.
 */
export function SignedOutPage({ title, what, signInTitle }: { title: string; what: string; signInTitle: string }) {
  return (
    <Page title={title} width="narrow">
      <Meta name="robots" content="noindex" />
      <OfflineNotice what={what} />
      <div className="py-12">
        <AdminLoginForm title={signInTitle} headingLevel={1} />
      </div>
    </Page>
  );
}
