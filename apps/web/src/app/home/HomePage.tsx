import { ALL_CATEGORY, CATEGORY_FILTERS, isToolCategory, type CategoryFilter } from '@toolvault/shared';
import { ArrowRight, Award, Search, ShieldCheck, Zap } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { tools } from '../../tools';
import type { HomeNavigationState } from '../nav';
import { filterTools, toolCountLabel } from './tool-filter';

const FEATURES = [
  {
    icon: ShieldCheck,
    title: 'Secure & Safe',
    text: 'Text and files are processed in your browser. Nothing you hash, encode or edit is uploaded.',
  },
  {
    icon: Zap,
    title: 'Fast & Efficient',
    text: 'No sign-up and no waiting: every tool opens instantly and heavy work runs off the main thread.',
  },
  {
    icon: Award,
    title: 'Professional Grade',
    text: 'Standard algorithms checked against published test vectors, with clear labels on every simulation.',
  },
] as const;

/** True when the key press happened while typing in a field, where "/" must stay a character. */
function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

export function HomePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [category, setCategory] = useState<CategoryFilter>(ALL_CATEGORY);
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);

  // A footer category button arrives with the category in navigation state:
  // pre-select it, then clear that state so a reload or back does not re-apply it.
  const preset = (location.state as HomeNavigationState | null)?.category;
  const [appliedKey, setAppliedKey] = useState<string | null>(null);
  if (preset !== undefined && appliedKey !== location.key) {
    setAppliedKey(location.key);
    if (isToolCategory(preset)) {
      setCategory(preset);
      setQuery('');
    }
  }
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (preset === undefined) return;
    document.getElementById('tools')?.scrollIntoView({ block: 'start' });
    // The same URL without the state ('.' would resolve to "/?index" on an index route).
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [preset, navigate, pathname, search, hash]);

  // "Get Started" links to /#tools.
  useEffect(() => {
    if (location.hash === '#tools') document.getElementById('tools')?.scrollIntoView({ block: 'start' });
  }, [location.hash, location.key]);

  // Ctrl+K (or ⌘K) and "/" focus the search box.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut =
        ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') ||
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target));
      if (!shortcut) return;
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const visible = useMemo(() => filterTools(tools, { category, query }), [category, query]);
  const filtered = category !== ALL_CATEGORY || query.trim() !== '';

  return (
    <Page
      title="Free security, encoding and image tools"
      description="23 free tools for security researchers, penetration testers and students: hashes, passwords, encoders, ciphers, image tools, QR codes, OCR and more."
      width="wide"
    >
      <section className="py-8 text-center sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Security &amp; Image Toolbox
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          Free tools for security researchers, penetration testers and students. All tools run locally in your browser —
          hashing, encoding, ciphers, image work and more.
        </p>
      </section>

      <section id="tools" aria-labelledby="tools-heading">
        <div className="mx-auto mb-6 max-w-xl">
          <label htmlFor="tool-search" className="sr-only">
            Search tools
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              ref={searchRef}
              id="tool-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search tools…"
              aria-keyshortcuts="Control+K /"
              className={`${ui.input} pr-16 pl-9`}
              autoComplete="off"
            />
            <kbd className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-600 sm:block dark:border-slate-600 dark:text-slate-300">
              Ctrl K
            </kbd>
          </div>
        </div>

        <div role="group" aria-label="Filter by category" className="mb-8 flex flex-wrap justify-center gap-2">
          {CATEGORY_FILTERS.map((name) => {
            const active = name === category;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={active}
                onClick={() => setCategory(name)}
                className={`rounded-full px-4 py-1.5 text-sm font-medium ${
                  active
                    ? 'bg-indigo-600 text-white dark:bg-indigo-400 dark:text-slate-950'
                    : 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700'
                }`}
              >
                {name}
              </button>
            );
          })}
        </div>

        <h2 id="tools-heading" className={`mb-4 ${ui.subheading}`} aria-live="polite">
          {filtered ? toolCountLabel(visible.length) : 'All Tools'}
        </h2>

        {visible.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            No tools match “{query.trim()}”{category !== ALL_CATEGORY ? ` in ${category}` : ''}.{' '}
            <button
              type="button"
              className="font-semibold text-indigo-700 underline dark:text-indigo-300"
              onClick={() => {
                setQuery('');
                setCategory(ALL_CATEGORY);
              }}
            >
              Show all tools
            </button>
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {visible.map((tool) => {
              const Icon = tool.icon;
              return (
                <li key={tool.id}>
                  <Link
                    to={tool.path}
                    className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <span className="rounded-lg bg-indigo-100 p-2.5 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                        <Icon aria-hidden="true" className="size-6" />
                      </span>
                      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                        {tool.category}
                      </span>
                    </div>
                    <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{tool.title}</h3>
                    <p className="mt-1 flex-1 text-sm text-slate-700 dark:text-slate-300">{tool.description}</p>
                    <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 dark:text-indigo-300">
                      Launch Tool
                      <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-label="Why Toolvault" className="mt-16 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-xl bg-slate-50 p-6 text-center dark:bg-slate-900">
            <Icon aria-hidden="true" className="mx-auto size-8 text-indigo-600 dark:text-indigo-400" />
            <h2 className="mt-3 font-semibold text-slate-900 dark:text-white">{title}</h2>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{text}</p>
          </div>
        ))}
      </section>
    </Page>
  );
}
