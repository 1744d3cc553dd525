import { useNavigate } from 'react-router-dom';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Page } from '../../components/Page';
import { AdminLoginForm } from './AdminLoginForm';

/** /login: on success the token is stored and the admin goes to /blog-admin. */
export default function LoginPage() {
  const navigate = useNavigate();
  return (
    <Page title="Admin Login" width="narrow">
      <OfflineNotice what="Admin login" />
      <div className="py-12">
        <AdminLoginForm title="Admin Login" headingLevel={1} onLoggedIn={() => void navigate('/blog-admin')} />
      </div>
    </Page>
  );
}
