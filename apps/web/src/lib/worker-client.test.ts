import { describe, expect, it, vi } from 'vitest';
import { FakeWorker as SharedFakeWorker } from './fake-worker';
import { abortError, runInWorker, type WorkerAnswer } from './worker-client';

type Progress = { type: 'progress'; done: number };
type Response = WorkerAnswer<string> | Progress;

class FakeWorker extends SharedFakeWorker<string, Response> {}

const messages = { abortMessage: 'Work was cancelled', startErrorMessage: 'The test worker failed to start' };

function start(options: { signal?: AbortSignal; onUpdate?: (update: Progress) => void } = {}) {
  const worker = new FakeWorker();
  const run = runInWorker<string, string, Progress>('job', { createWorker: () => worker, ...messages, ...options });
  return { worker, run };
}

describe('abortError', () => {
  it('is a DOMException named AbortError with the message', () => {
    expect(abortError('Stopped')).toMatchObject({ name: 'AbortError', message: 'Stopped' });
  });
});

describe('runInWorker', () => {
  it.each<[string, WorkerAnswer<string>]>([
    ['a value', { type: 'result', result: { ok: true, value: 'done' } }],
    ['a user error, as a value', { type: 'result', result: { ok: false, error: 'Enter some text' } }],
    ['an empty value', { type: 'result', result: { ok: true, value: '' } }],
  ])('posts the request, resolves with %s and terminates the worker', async (_label, answer) => {
    const { worker, run } = start();
    expect(worker.sent).toEqual(['job']);
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply(answer);
    await expect(run).resolves.toEqual(answer.type === 'result' ? answer.result : undefined);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(worker.onmessage).toBeNull();
    expect(worker.onerror).toBeNull();
  });

  it('passes the messages before the answer to onUpdate, and none after it', async () => {
    const onUpdate = vi.fn();
    const { worker, run } = start({ onUpdate });
    worker.reply({ type: 'progress', done: 1 });
    worker.reply({ type: 'progress', done: 2 });
    expect(onUpdate.mock.calls).toEqual([[{ type: 'progress', done: 1 }], [{ type: 'progress', done: 2 }]]);
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply({ type: 'result', result: { ok: true, value: 'done' } });
    await expect(run).resolves.toEqual({ ok: true, value: 'done' });
    worker.reply({ type: 'progress', done: 3 });
    expect(onUpdate).toHaveBeenCalledTimes(2);
  });

  it('ignores updates when no onUpdate is given', async () => {
    const { worker, run } = start();
    worker.reply({ type: 'progress', done: 1 });
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply({ type: 'result', result: { ok: true, value: 'done' } });
    await expect(run).resolves.toEqual({ ok: true, value: 'done' });
  });

  it.each([
    ['a crash message', (w: FakeWorker) => w.reply({ type: 'crash', message: 'boom' }), 'boom'],
    ['an error event', (w: FakeWorker) => w.onerror?.({ message: 'failed to load' } as ErrorEvent), 'failed to load'],
    [
      'an error event without a message',
      (w: FakeWorker) => w.onerror?.({ message: '' } as ErrorEvent),
      'The test worker failed to start',
    ],
  ])('rejects on %s and terminates the worker', async (_label, fail, message) => {
    const { worker, run } = start();
    fail(worker);
    await expect(run).rejects.toThrow(message);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(worker.onmessage).toBeNull();
  });

  it('terminates at once and rejects with an AbortError on cancel; a late message changes nothing', async () => {
    const controller = new AbortController();
    const onUpdate = vi.fn();
    const { worker, run } = start({ signal: controller.signal, onUpdate });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError', message: 'Work was cancelled' });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    worker.reply({ type: 'progress', done: 1 });
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('stops listening to the signal once the request ends', async () => {
    const controller = new AbortController();
    const { worker, run } = start({ signal: controller.signal });
    worker.reply({ type: 'result', result: { ok: true, value: 'done' } });
    await expect(run).resolves.toEqual({ ok: true, value: 'done' });
    controller.abort();
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('does not start a worker when already cancelled', async () => {
    const createWorker = vi.fn(() => new FakeWorker());
    const controller = new AbortController();
    controller.abort();
    await expect(runInWorker('job', { createWorker, signal: controller.signal, ...messages })).rejects.toMatchObject({
      name: 'AbortError',
      message: 'Work was cancelled',
    });
    expect(createWorker).not.toHaveBeenCalled();
  });
});
