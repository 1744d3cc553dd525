import { FlaskConical } from 'lucide-react';
import { Suspense } from 'react';
import { BackLink } from '../components/BackLink';
import { Page, Card } from '../components/Page';
import { ui } from '../components/ui';
import type { ToolDefinition } from '../tools';
import { AdSlot } from './ads/AdSlot';

/** The frame of every tool page: back link, title, description, simulation notice, then the tool's own chunk. */
export function ToolRoute({ tool }: { tool: ToolDefinition }) {
  const Tool = tool.component;
  const Icon = tool.icon;
  return (
    <Page title={tool.title} description={tool.description}>
      <BackLink />
      <header className="mt-4 mb-6 flex items-start gap-4">
        <span className="rounded-xl bg-indigo-100 p-3 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div className="min-w-0">
          <h1 className={`${ui.heading} [overflow-wrap:anywhere]`}>{tool.title}</h1>
          <p className={`mt-1 ${ui.muted}`}>{tool.description}</p>
        </div>
      </header>
      {tool.simulation ? (
        <p
          role="note"
          className="mb-6 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong>Simulation</strong> — this tool shows made-up results for learning and never touches a network.
          </span>
        </p>
      ) : null}
      <Suspense
        fallback={
          <Card>
            <p className={ui.muted}>Loading tool…</p>
          </Card>
        }
      >
        <Tool />
      </Suspense>
      <AdSlot slot="in-content" />
    </Page>
  );
}
