import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { networkFailure, type ApiResult } from '../../lib/api';
import { err, ok } from '../../lib/result';
import { QueryWrapper } from '../../lib/testing-query';
import ContactPage from './ContactPage';
import { SENDING_MIN_MS, SUCCESS_MESSAGE, SUCCESS_VISIBLE_MS, type ContactDeps } from './contact-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** A clock whose waits end only when the test says so, each recorded with its length. */
function manualClock() {
  const waits: { ms: number; end: () => void }[] = [];
  const wait = (ms: number) => new Promise<void>((resolve) => waits.push({ ms, end: resolve }));
  return { waits, wait };
}

function renderPage(send: ContactDeps['send']) {
  const clock = manualClock();
  render(
    <MemoryRouter>
      <ContactPage deps={{ send, wait: clock.wait }} />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return clock;
}

const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
const field = (name: string) => screen.getByLabelText(name, { exact: true });
const fill = () => {
  for (const [name, value] of [
    ['Name', 'Ada Lovelace'],
    ['Email', 'ada@example.com'],
    ['Subject', 'Hello'],
    ['Message', 'The analytical engine weaves algebraic patterns.'],
  ] as const)
    fireEvent.change(field(name), { target: { value } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Send Message|Sending\.\.\./ }));

describe('ContactPage', () => {
  it('sends, stays in Sending... for the designed 2 s, shows the success for 3 s, then clears the form', async () => {
    const send = vi.fn(async (): Promise<ApiResult<unknown>> => ok({ id: 1 }));
    const clock = renderPage(send);
    fill();
    submit();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(clock.waits.map((w) => w.ms)).toEqual([SENDING_MIN_MS]);

    // A second press while sending sends nothing more.
    submit();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => clock.waits[0]!.end());
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGE);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    expect(field('Subject')).toHaveValue('Hello');
    expect(clock.waits.map((w) => w.ms)).toEqual([SENDING_MIN_MS, SUCCESS_VISIBLE_MS]);

    await act(async () => clock.waits[1]!.end());
    await settle();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    for (const name of ['Name', 'Email', 'Subject', 'Message']) expect(field(name)).toHaveValue('');
  });

  it('on a failure toasts the message, keeps what was typed and gives focus back to the button', async () => {
    const send = vi.fn(async (): Promise<ApiResult<unknown>> => err(networkFailure()));
    const clock = renderPage(send);
    fill();
    submit();
    await settle();
    await act(async () => clock.waits[0]!.end());
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Network error. Please try again.');
    const button = screen.getByRole('button', { name: 'Send Message' });
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    expect(field('Subject')).toHaveValue('Hello');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('refuses invalid input inline, focuses the first field to fix, and sends nothing', () => {
    const send = vi.fn(async (): Promise<ApiResult<unknown>> => ok(null));
    renderPage(send);
    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    submit();
    expect(send).not.toHaveBeenCalled();
    expect(field('Name')).toHaveFocus();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
