import { Database } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ConfigurationCard } from '../../components/ConfigurationCard';
import { SelectField, TextField } from '../../components/FormField';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { Warning } from '../../components/Warning';
import { realScheduler, type Random, type Scheduler } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
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

const severityTone: Record<SqlSeverity, BadgeTone> = { Critical: 'red', High: 'orange', Safe: 'emerald' };

const methodOptions = HTTP_METHODS.map((method) => ({ value: method, label: method }));

export default function SqlTesterTool({ random = Math.random, scheduler = realScheduler }: SqlTesterToolProps) {
  const [url, setUrl] = useState('');
  const [parameter, setParameter] = useState('');
  const [method, setMethod] = useState<HttpMethod>('GET');
  const [results, setResults] = useState<SqlTestResult[]>([]);
  const [tested, setTested] = useState<{ url: string; parameter: string; method: HttpMethod } | null>(null);
  // Leaving the page cancels a running test.
  const { running: testing, run } = useCancellableRun();

  const canStart = validateSqlTest({ url, parameter, method }).ok;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validateSqlTest({ url, parameter, method });
    if (testing || !valid.ok) return;
    setResults([]);
    setTested(valid.value);
    await run((signal) =>
      runSqlTest({
        ...valid.value,
        random,
        scheduler,
        signal,
        onResult: (result) => setResults((previous) => [...previous, result]),
      }),
    );
  };

  const vulnerable = results.filter((result) => result.vulnerable).length;
  const status = tested
    ? testing
      ? `Testing ${tested.parameter}: ${results.length} of ${SQL_PAYLOADS.length} payloads tried, ${vulnerable} vulnerable.`
      : `Test complete: ${vulnerable} of ${results.length} payloads flagged vulnerable.`
    : '';

  return (
    <div className="space-y-6">
      <ConfigurationCard
        title="Test Configuration"
        form={{ label: 'SQL injection test', onSubmit }}
        start={{
          label: 'Start Test',
          busyLabel: 'Testing...',
          icon: Database,
          busy: testing,
          disabled: testing || !canStart,
          className: 'w-full sm:w-auto',
        }}
      >
        <TextField
          id="sql-tester-url"
          label="Target URL"
          inputMode="url"
          value={url}
          onValueChange={setUrl}
          placeholder="https://example.com/product.php"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="sql-tester-parameter"
            label="Parameter"
            value={parameter}
            onValueChange={setParameter}
            placeholder="id"
          />
          <SelectField
            id="sql-tester-method"
            label="HTTP Method"
            value={method}
            options={methodOptions}
            onValueChange={setMethod}
          />
        </div>
        <Warning>{PERMISSION_WARNING}</Warning>
      </ConfigurationCard>

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
                    <Badge tone={result.vulnerable ? 'solid-red' : 'slate'}>
                      {result.vulnerable ? 'Vulnerable' : 'Not vulnerable'}
                    </Badge>
                    <Badge tone={severityTone[result.severity]}>
                      <span className="sr-only">Severity: </span>
                      {result.severity}
                    </Badge>
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
