/**
 * What the manager's page tests share: link, page and account fixtures, a fetch answered from a
 * table (recording every call), and the tool rendered inside a router (imported by tests only).
 */
import { withRuleDefaults } from '@toolvault/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  ROLE_GRANTS,
  type Account,
  type Shortlink,
  type ShortlinkPage,
  type ShortlinkSummary,
} from '@toolvault/shared';
import { useEffect } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { QueryWrapper } from '../../lib/testing-query';
import ShortlinkManagerTool from './ShortlinkManagerTool';

export const TOKEN = 'header.payload.signature';
export const ORIGIN = window.location.origin;

export const link = (id: number, extra: Partial<Shortlink> = {}): Shortlink => ({
  id,
  shortCode: `code0${id}`,
  targetUrl: `https://example.com/${id}`,
  title: `Link ${id}`,
  description: '',
  metaImage: '',
  tags: ['demo'],
  clickCount: id * 2,
  createdAt: new Date().toISOString(),
  redirectMode: 'preview',
  ...withRuleDefaults({}),
  createdBy: null,
  updatedBy: null,
  hasPassword: false,
  folderId: null,
  archived: false,
  ...extra,
});

export const pageOf = (items: Shortlink[], extra: Partial<ShortlinkPage> = {}): ShortlinkPage => ({
  items,
  nextCursor: null,
  total: items.length,
  ...extra,
});
export const summaryOf = (recent: Shortlink[], extra: Partial<ShortlinkSummary> = {}): ShortlinkSummary => ({
  totalLinks: recent.length,
  totalClicks: recent.reduce((sum, item) => sum + item.clickCount, 0),
  createdToday: 0,
  today: { clicks: 0, deduplicated: 0, uniques: 0 },
  recent,
  ...extra,
});
export const NO_TAGS = { tags: [] };

export type Handler = (body: unknown, init: RequestInit, params: URLSearchParams) => Response | Promise<Response>;
export interface Call {
  key: string;
  params: URLSearchParams;
  body: unknown;
  auth: string | null;
}

/** The signed-in person of most tests: the Owner, whose role holds everything. */
export const OWNER_ACCOUNT: Account = {
  id: 1,
  login: 'owner',
  displayName: 'Owner',
  role: 'owner',
  grants: ROLE_GRANTS.owner,
};

/**
 * A fetch that answers `METHOD /path` (query left out) from a table and records every call with its
 * query. The account is the Owner's and there are no folders unless the table answers them.
 */
export function stubApi(given: Record<string, Handler>) {
  const routes: Record<string, Handler> = {
    'GET /api/account': () => Response.json(OWNER_ACCOUNT),
    'GET /api/shortlinks/folders': () => Response.json({ folders: [] }),
    ...given,
  };
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), ORIGIN);
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ key, params: url.searchParams, body, auth: headers.Authorization ?? null });
    const handler = routes[key];
    if (!handler) return Response.json({ error: `no route ${key}` }, { status: 500 });
    return handler(body, init, url.searchParams);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

export const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });
export const flush = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
export const settle = async () => {
  for (let i = 0; i < 5; i++) await flush();
};
/** Waits past the search box's pause after typing. */
export const afterDebounce = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 350))));

let location: Location;
let navigate: NavigateFunction;
function Probe() {
  const current = useLocation();
  const go = useNavigate();
  useEffect(() => {
    location = current;
    navigate = go;
  });
  return null;
}

/** The tool inside a router at `url`, so its view lives in the query as on the site. */
export function renderTool(url = '/shortlink-manager') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/shortlink-manager"
          element={
            <>
              <ShortlinkManagerTool />
              <Probe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}
export const query = () => new URLSearchParams(location.search);

export const tab = (name: string) => screen.getByRole('tab', { name });
export const field = (name: RegExp | string) => screen.getByLabelText(name);
export const type = (name: RegExp | string, value: string) => fireEvent.change(field(name), { target: { value } });
export const listCalls = (calls: Call[]) => calls.filter((call) => call.key === 'GET /api/shortlinks');
/** Manage Links' routes: its tag list (xss on 3 links, owasp on 1) beside the `extra` routes. */
export const manage = (extra: Record<string, Handler> = {}) => ({
  'GET /api/shortlinks/tags': json({
    tags: [
      { tag: 'xss', count: 3 },
      { tag: 'owasp', count: 1 },
    ],
  }),
  ...extra,
});

/** jsdom has no object URLs; the download helper only needs one to click. Answers the spy that saw each download. */
export function stubObjectUrls() {
  const createObjectURL = vi.fn(() => 'blob:export');
  const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  onTestFinished(() => void Object.assign(URL, saved));
  return createObjectURL;
}

/** Back (-1) or Forward (1) in the router's history, as the browser's buttons do. */
export const go = (delta: number) => navigate(delta);
