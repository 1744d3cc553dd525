import { Copy } from 'lucide-react';
import { toast } from '../../lib/toast';
import { ui } from '../../components/ui';
import { copyText } from '../../lib/clipboard';

/** Copies a short URL and toasts 'Copied' / 'Link copied to clipboard'. */
export function CopyLinkButton({
  url,
  label = 'Copy',
  context,
  small = false,
}: {
  url: string;
  label?: string;
  context?: string;
  /** The compact size of a table row. */
  small?: boolean;
}) {
  return (
    <button
      type="button"
      className={small ? ui.buttonSecondary.replace('px-4 py-2', 'px-3 py-1.5') : ui.buttonSecondary}
      // The visible label comes first in the name (WCAG 2.5.3); the context tells rows apart.
      aria-label={context ? `${label} ${context}` : undefined}
      onClick={async () => {
        if (await copyText(url)) toast.success('Copied', { description: 'Link copied to clipboard' });
        else toast.error('Could not copy to the clipboard');
      }}
    >
      <Copy aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
