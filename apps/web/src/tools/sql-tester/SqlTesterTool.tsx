import { Database, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { Warning } from '../../components/Warning';
import { isAbortError, realScheduler, type Random, type Scheduler } from '../../lib/simulation';
import {
  EMPTY_RESULTS,
  HTTP_METHODS,
  PERMISSION_WARNING,
  SQL_PAYLOADS,
  runSqlTest,
  validateSqlTest,
  type HttpMethod,
  type SqlSeverity,
  type SqlTestResult,
} from './sql-tester.service';

interface SqlTesterToolProps {
  /** Injected by tests; the page uses the real clock and Math.random. */
  random?: Random;
  scheduler?: Scheduler;
}

const pill = 'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

const severityClass: Record<SqlSeverity, string> = {
  Critical: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/40',
  High: 'bg-orange-100 text-orange-900 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-200 dark:ring-orange-400/40',
  Safe: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/40',
};

const verdictClass = {
  vulnerable: 'bg-red-600 text-white ring-red-700 dark:bg-red-500 dark:text-slate-950 dark:ring-red-400',
  safe: 'bg-slate-100 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/40',
} as const;

export default function SqlTesterTool({ random = Math.random, scheduler = realScheduler }: SqlTesterToolProps) {
  const [url, setUrl] = useState('');
  const [parameter, setParameter] = useState('');
  const [method, setMethod] = useState<HttpMethod>('GET');
  const [results, setResults] = useState<SqlTestResult[]>([]);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<{ url: string; parameter: string; method: HttpMethod } | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page cancels a running test.
  useEffect(() => () => controller.current?.abort(), []);

  const canStart = validateSqlTest({ url, parameter, method }).ok;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validateSqlTest({ url, parameter, method });
    if (testing || !valid.ok) return;
    const current = new AbortController();
    controller.current = current;
    setResults([]);
    setTested(valid.value);
    setTesting(true);
    try {
      await runSqlTest({
        ...valid.value,
        random,
        scheduler,
        signal: current.signal,
        onResult: (result) => setResults((previous) => [...previous, result]),
      });
    } catch (error) {
      if (!isAbortError(error)) throw error;
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setTesting(false);
      }
    }
  };

  const vulnerable = results.filter((result) => result.vulnerable).length;
  const status = tested
    ? testing
      ? `Testing ${tested.parameter}: ${results.length} of ${SQL_PAYLOADS.length} payloads tried, ${vulnerable} vulnerable.`
      : `Test complete: ${vulnerable} of ${results.length} payloads flagged vulnerable.`
    : '';

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Test Configuration</h2>
        <form onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="SQL injection test">
          <div>
            <label htmlFor="sql-tester-url" className={ui.label}>
              Target URL
            </label>
            <input
              id="sql-tester-url"
              type="text"
              inputMode="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://example.com/product.php"
              autoComplete="off"
              spellCheck={false}
              className={ui.input}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="sql-tester-parameter" className={ui.label}>
                Parameter
              </label>
              <input
                id="sql-tester-parameter"
                type="text"
                value={parameter}
                onChange={(event) => setParameter(event.target.value)}
                placeholder="id"
                autoComplete="off"
                spellCheck={false}
                className={ui.input}
              />
            </div>
            <div>
              <label htmlFor="sql-tester-method" className={ui.label}>
                HTTP Method
              </label>
              <select
                id="sql-tester-method"
                value={method}
                onChange={(event) => setMethod(event.target.value as HttpMethod)}
                className={ui.input}
              >
                {HTTP_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Warning>{PERMISSION_WARNING}</Warning>
          <button type="submit" className={`${ui.button} w-full sm:w-auto`} disabled={testing || !canStart}>
            {testing ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Database aria-hidden="true" className="size-4" />
            )}
            {testing ? 'Testing...' : 'Start Test'}
          </button>
        </form>
      </Card>

      <Card>
        <h2 className={ui.subheading}>Test Results</h2>
        {tested ? (
          <p className={`mt-1 break-all ${ui.muted}`}>
            {tested.method} {tested.url} · parameter <code className="font-mono">{tested.parameter}</code>
          </p>
        ) : null}
        <p role="status" className={`mt-1 ${ui.muted}`}>
          {status}
        </p>
        {results.length === 0 ? (
          <p className={`mt-4 ${ui.muted}`}>{testing ? 'Sending the first payload…' : EMPTY_RESULTS}</p>
        ) : (
          <ul aria-label="SQL injection results" className="mt-4 space-y-3">
            {results.map((result) => (
              <li key={result.payload} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <code className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">
                    {result.payload}
                  </code>
                  <span className="flex gap-2">
                    <span className={`${pill} ${verdictClass[result.vulnerable ? 'vulnerable' : 'safe']}`}>
                      {result.vulnerable ? 'Vulnerable' : 'Not vulnerable'}
                    </span>
                    <span className={`${pill} ${severityClass[result.severity]}`}>
                      <span className="sr-only">Severity: </span>
                      {result.severity}
                    </span>
                  </span>
                </div>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                  <span className="font-medium">Response:</span> {result.response}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
