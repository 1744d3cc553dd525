import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { clearAdminToken } from './admin-session';

/**
 * What an admin screen does on a 401 (the session ended: logged out elsewhere, expired, or the
 * person was disabled): forget the token, say so once, and go to /login.
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
