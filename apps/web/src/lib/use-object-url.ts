import { useEffect, useState } from 'react';

/**
 * An object URL for a Blob, revoked when the Blob changes or the component
 * unmounts. Created in an effect (not in render or a memo) so React's
 * development double-mount never leaves the page holding a revoked URL.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    // The URL is an external resource owned by this effect; state only mirrors it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return blob ? url : null;
}
