import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal's keyboard rules: Escape closes (unless `busy`), Tab and Shift+Tab cycle inside `dialog`
 * wherever focus is, `initial` takes focus on open, and on close focus returns to the control that
 * opened it (or, when that is gone, to the element `fallbackFocusId` names).
 */
export function useModalFocus({
  dialog,
  initial,
  onClose,
  busy = false,
  fallbackFocusId,
}: {
  dialog: RefObject<HTMLElement | null>;
  initial: RefObject<HTMLElement | null>;
  onClose: () => void;
  busy?: boolean;
  fallbackFocusId?: string;
}): void {
  // The latest handlers, read by the document listener below without re-subscribing.
  const latest = useRef({ busy, onClose });
  useEffect(() => {
    latest.current = { busy, onClose };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!latest.current.busy) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = dialog.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dialog]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    initial.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
      else if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
    };
  }, [initial, fallbackFocusId]);
}
