import { useNavigate } from 'react-router-dom';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Page } from '../../components/Page';
import { AdminLoginCard } from './AdminLoginCard';

/** /login: on success the token is stored and the admin goes to /blog-admin. */
export default function LoginPage() {
  const navigate = useNavigate();
  return (
    <Page title="Admin Login" width="narrow">
      <OfflineNotice what="Admin login" />
      <div className="py-12">
        <AdminLoginCard onSuccess={() => void navigate('/blog-admin')} />
      </div>
    </Page>
  );
}
