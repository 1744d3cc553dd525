/**
 * The app's toasts: import `toast` from here, never from 'sonner' (eslint.config.js says so).
 * Importing this module is what mounts the toaster: the Layout loads sonner only once a module that
 * can show a toast has loaded, so the home page's first load goes without it
 * (docs/decisions/0013-performance-goals.md). A page's chunk loads this module before anything on
 * the page can toast, so toasts land in a notifications region that is already there; and sonner
 * hands a toaster that subscribes late the toasts still showing, so none is lost either way.
 */
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { reportToasterMounted, requestToaster } from './toaster-request';

export { toast } from 'sonner';

requestToaster();

/** The page's one notifications region: one toast visible at a time, 5 s, Alt+T, named "Notifications". */
export function AppToaster() {
  useEffect(reportToasterMounted, []);
  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      closeButton
      theme="system"
      position="bottom-right"
    />
  );
}
