import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { ComingSoon } from '../../components/ComingSoon';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { AdminLoginCard } from '../auth/AdminLoginCard';
import { clearAdminToken, useAdminToken } from '../auth/admin-session';

export default function BlogAdminPage() {
  const token = useAdminToken();
  if (!token) {
    return (
      <Page title="Blog Admin" width="narrow">
        <div className="py-12">
          <AdminLoginCard />
        </div>
      </Page>
    );
  }
  return (
    <Page title="Blog Admin">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className={ui.heading}>Blog Admin</h1>
        <button
          type="button"
          className={ui.buttonSecondary}
          onClick={() => {
            clearAdminToken();
            toast.success('Logged Out', { description: 'Admin access revoked' });
          }}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </button>
      </div>
      <ComingSoon />
    </Page>
  );
}
