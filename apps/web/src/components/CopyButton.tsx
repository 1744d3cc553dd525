import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../lib/toast';
import { copyText } from '../lib/clipboard';
import { ui } from './ui';

interface CopyButtonProps {
  text: string;
  /** Toast description after copying, e.g. "Hash copied to clipboard". */
  description: string;
  label?: string;
}

/** Copies `text`, toasts "Copied!" with the description, and shows "Copied!" on the button for 2 s. */
export function CopyButton({ text, description, label = 'Copy' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <button
      type="button"
      className={ui.buttonSecondary}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          toast.success('Copied!', { description });
        } else {
          toast.error('Could not copy to the clipboard');
        }
      }}
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {copied ? 'Copied!' : label}
    </button>
  );
}
