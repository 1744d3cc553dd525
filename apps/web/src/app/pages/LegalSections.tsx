import type { ReactNode } from 'react';
import { ui } from '../../components/ui';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export const legalLinkClass =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200';

/** The numbered table of contents and sections of a legal page; ids are `${idPrefix}-${section.id}`. */
export function LegalSections({ idPrefix, sections }: { idPrefix: string; sections: readonly LegalSection[] }) {
  return (
    <>
      <nav aria-label="On this page" className="mt-5 rounded-lg bg-slate-50 p-4 dark:bg-slate-950">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">On this page</h2>
        <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${idPrefix}-${section.id}`} className={legalLinkClass}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-6 space-y-8">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={`${idPrefix}-${section.id}`}
            aria-labelledby={`${idPrefix}-${section.id}-title`}
          >
            <h2 id={`${idPrefix}-${section.id}-title`} className={ui.subheading}>
              {index + 1}. {section.title}
            </h2>
            <div className="mt-2 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
