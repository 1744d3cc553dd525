import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';

/** Every tool page links back to /. */
export function BackLink({ label = 'Back to Tools', to = '/' }: { label?: string; to?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
