import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { clearAdminToken } from './admin-session';

/**
 * What an admin screen calls when the API answers 401 (the session ended, expired or was revoked):
 * the token goes, a toast says why, and the browser goes to /login. Once per screen, however many
 * calls fail together.
 */
export function useSessionExpiry(): () => void {
  const navigate = useNavigate();
  const expired = useRef(false);
  return useCallback(() => {
    if (expired.current) return;
    expired.current = true;
    clearAdminToken();
    toast.error('Session expired', { description: 'Please log in again.' });
    void navigate('/login', { replace: true });
  }, [navigate]);
}
