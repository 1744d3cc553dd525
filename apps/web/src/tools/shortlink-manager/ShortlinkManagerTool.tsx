import { useState } from 'react';
import { OfflineNotice } from '../../components/OfflineNotice';
import { useAdminToken } from '../../features/auth/admin-session';
import { QueryProvider } from '../../lib/query';
import { SignedInPanel } from './SignedInPanel';
import { GuestPanel } from './GuestPanel';
import { LoginGate } from './LoginGate';

/**
 * Locked → admin (login, or a stored token on load) or guest
 * (continue as guest). Logout, a refused token and 'Switch to Admin' return to the gate.
 */
export default function ShortlinkManagerTool() {
  const token = useAdminToken();
  const [guest, setGuest] = useState(false);
  // After the first change of view, the new view takes focus so keyboard users are not stranded.
  const [moved, setMoved] = useState(false);

  if (token)
    return (
      <QueryProvider>
        <SignedInPanel
          token={token}
          focusOnMount={moved}
          onExit={() => {
            setGuest(false);
            setMoved(true);
          }}
        />
      </QueryProvider>
    );
  if (guest)
    return (
      <QueryProvider>
        <OfflineNotice what="The shortlink manager" />
        <GuestPanel
          focusOnMount={moved}
          onSwitchToAdmin={() => {
            setGuest(false);
            setMoved(true);
          }}
        />
      </QueryProvider>
    );
  return (
    <>
      <OfflineNotice what="The shortlink manager" />
      <LoginGate
        focusOnMount={moved}
        onGuest={() => {
          setGuest(true);
          setMoved(true);
        }}
        onLoggedIn={() => setMoved(true)}
      />
    </>
  );
}
