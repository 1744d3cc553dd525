import { LogOut } from 'lucide-react';
import { toast } from '../../lib/toast';
import { ui } from '../../components/ui';
import { logout } from './login';

/** Logout: ends the session on the server and forgets the token here, then `onDone` (leave the page's signed-in view). */
export function LogoutButton({ onDone }: { onDone?: () => void }) {
  return (
    <button
      type="button"
      className={ui.buttonSecondary}
      onClick={() => {
        void logout();
        toast.success('Logged Out', { description: 'Admin access revoked' });
        onDone?.();
      }}
    >
      <LogOut aria-hidden="true" className="size-4" />
      Logout
    </button>
  );
}
