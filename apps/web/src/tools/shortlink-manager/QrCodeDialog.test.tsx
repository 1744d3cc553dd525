import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  link,
  NO_TAGS,
  ORIGIN,
  pageOf,
  renderTool,
  settle,
  stubApi,
  stubObjectUrls,
  TOKEN,
  type Call,
  type Handler,
} from './manager-testing';
import { checkQrSettings, DEFAULT_QR_SETTINGS } from './qr-code.service';
import { QR_PREVIEW_DELAY_MS } from './QrCodeDialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const QR = 'GET /api/shortlinks/1/qr';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const svgAnswer: Handler = () => new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } });

beforeEach(() => {
  localStorage.setItem('shortlinkAdminToken', TOKEN);
});

describe('the QR settings', () => {
  it.each([
    [{}, { ok: true }],
    [{ size: '' }, { ok: false, sizeError: 'Size must be a whole number of pixels from 64 to 2048.' }],
    [{ size: '63' }, { ok: false, sizeError: 'Size must be a whole number of pixels from 64 to 2048.' }],
    [{ size: '2049' }, { ok: false }],
    [{ size: '12.5' }, { ok: false }],
    [
      { size: '2048', ecc: 'H' as const },
      { ok: true, request: { size: 2048, ecc: 'H', fg: '#000000', bg: '#ffffff' } },
    ],
    [{ fg: '#777777' }, { ok: false, contrast: 'Contrast 4.47:1 (at least 4.5:1 needed)' }],
    [
      { fg: '#ffffff', bg: '#000000' },
      { ok: false, colorError: expect.stringContaining('must be darker') },
    ],
    [{ fg: 'nope' }, { ok: false, colorError: 'The foreground must be a hex colour like #1a2b3c.' }],
  ])('%j → %j', (change, expected) => {
    expect(checkQrSettings({ ...DEFAULT_QR_SETTINGS, ...change })).toMatchObject(expected);
  });
});

describe('the QR code dialog', () => {
  const open = async (qr: Handler = svgAnswer) => {
    const calls = stubApi({
      'GET /api/shortlinks': json(pageOf([link(1)])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      [QR]: qr,
    });
    stubObjectUrls();
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    const opener = screen.getByRole('button', { name: 'QR code code01' });
    opener.focus();
    fireEvent.click(opener);
    await rest();
    return { calls, opener, dialog: screen.queryByRole('dialog', { name: 'QR code for code01' })! };
  };
  const rest = () =>
    act(async () => void (await new Promise((resolve) => setTimeout(resolve, QR_PREVIEW_DELAY_MS + 50))));
  const qrCalls = (calls: Call[]) => calls.filter((call) => call.key === QR);
  const lastQuery = (calls: Call[]) => Object.fromEntries(qrCalls(calls).at(-1)!.params);

  // The first test also loads the manager's modules.
  it(
    'opens labelled, with focus inside, and previews the server’s SVG with the token and the defaults',
    { timeout: 20_000 },
    async () => {
      const { calls, dialog } = await open();
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(dialog).toHaveAccessibleDescription(`Scans open ${ORIGIN}/code01?qr=1 and are counted as QR scans.`);
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      expect(within(dialog).getByRole('img', { name: `QR code for ${ORIGIN}/code01?qr=1` })).toBeInTheDocument();
      expect(qrCalls(calls)).toHaveLength(1);
      expect(qrCalls(calls)[0]!.auth).toBe(`Bearer ${TOKEN}`);
      expect(lastQuery(calls)).toEqual({ format: 'svg', size: '512', ecc: 'M', fg: '#000000', bg: '#ffffff' });
    },
  );

  it('keeps Tab inside, and Escape closes it and gives focus back to the row’s button', async () => {
    const { dialog, opener } = await open();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('button', { name: 'Download PNG' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener);
  });

  it('checks the contrast as colours change, asks for nothing while it is too low, and previews the new settings once valid', async () => {
    const { calls, dialog } = await open();
    fireEvent.change(within(dialog).getByLabelText('Foreground'), { target: { value: '#777777' } });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The colours #777777 on #ffffff have a contrast of 4.47:1, below the 4.5:1 a scanner needs.',
    );
    expect(within(dialog).getByRole('button', { name: 'Download SVG' })).toHaveAttribute('aria-disabled', 'true');
    await rest();
    expect(qrCalls(calls)).toHaveLength(1);

    fireEvent.change(within(dialog).getByLabelText('Foreground'), { target: { value: '#0b3d91' } });
    fireEvent.change(within(dialog).getByLabelText('Error correction'), { target: { value: 'H' } });
    fireEvent.change(within(dialog).getByLabelText('Size (pixels)'), { target: { value: '1024' } });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      /^Contrast 10\.\d\d:1 \(at least 4\.5:1 needed\): readable\.$/,
    );
    await rest();
    expect(qrCalls(calls)).toHaveLength(2);
    expect(lastQuery(calls)).toEqual({ format: 'svg', size: '1024', ecc: 'H', fg: '#0b3d91', bg: '#ffffff' });
  });

  it('says what is wrong with the size', async () => {
    const { dialog } = await open();
    const size = within(dialog).getByLabelText('Size (pixels)');
    fireEvent.change(size, { target: { value: '20' } });
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(size).toHaveAccessibleDescription('Size must be a whole number of pixels from 64 to 2048.');
  });

  it.each([
    ['SVG', 'svg'],
    ['PNG', 'png'],
  ])('downloads the %s from the API with the settings shown', async (label, format) => {
    const { calls, dialog } = await open();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: `Download ${label}` }));
    await settle();
    expect(lastQuery(calls)).toEqual({ format, size: '512', ecc: 'M', fg: '#000000', bg: '#ffffff' });
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(`code01-qr-512.${format}`);
    click.mockRestore();
  });

  it('shows the server’s refusal of the preview, and toasts a refused download', async () => {
    const refused = json({ error: 'Service temporarily unavailable.', code: 'SERVICE_UNAVAILABLE' }, 503);
    const { dialog } = await open(refused);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Failed to load the preview: Service temporarily unavailable.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download PNG' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to download the QR code', {
      description: 'Service temporarily unavailable.',
    });
  });

  it('ends the session on a 401, like every other call', async () => {
    await open(json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Session expired', { description: 'Please log in again.' });
    expect(localStorage.getItem('shortlinkAdminToken')).toBeNull();
    expect(screen.getByLabelText('Admin Password')).toBeInTheDocument();
  });
});
