import { useOnline } from '../lib/use-online';

/** Inline notice on screens that need the server: shown only while the browser is offline. */
export function OfflineNotice({ what = 'This page' }: { what?: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      You are offline. {what} needs an internet connection; it will work again once you are back online.
    </p>
  );
}
