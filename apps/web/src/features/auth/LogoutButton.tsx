import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { ui } from '../../components/ui';
import { logout } from './login';

/** Ends the session on the server and forgets the token: every admin screen's way out. */
export function LogoutButton() {
  return (
    <button
      type="button"
      className={ui.buttonSecondary}
      onClick={() => {
        void logout();
        toast.success('Logged Out', { description: 'Admin access revoked' });
      }}
    >
      <LogOut aria-hidden="true" className="size-4" />
      Logout
    </button>
  );
}
