import type { ReactNode } from 'react';
import { DocumentTitle, Meta } from './Head';

export const SITE_NAME = 'Toolvault';

interface PageProps {
  /** Shown in the browser tab as "<title> — Toolvault". */
  title: string;
  /** The page's meta description. */
  description?: string;
  /** Wider pages (grids) use "wide"; reading pages use "narrow". */
  width?: 'narrow' | 'normal' | 'wide';
  children: ReactNode;
}

const widths = { narrow: 'max-w-3xl', normal: 'max-w-5xl', wide: 'max-w-7xl' } as const;

/**
 * Frame of every page: sets the document title and description (one element each, given back when
 * the page goes away, see lib/head.ts) and centres the content.
 */
export function Page({ title, description, width = 'normal', children }: PageProps) {
  return (
    <div className={`mx-auto w-full ${widths[width]} px-4 py-8 sm:px-6 lg:px-8`}>
      <DocumentTitle>{`${title} — ${SITE_NAME}`}</DocumentTitle>
      <Meta name="description" content={description} />
      {children}
    </div>
  );
}

/** A bordered surface used for forms, results and content blocks. */
export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <section
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {children}
    </section>
  );
}
