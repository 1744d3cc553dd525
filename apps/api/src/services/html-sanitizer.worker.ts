import { parentPort } from 'node:worker_threads';
import { BLOG_HTML_MAX_DEPTH, htmlNestingDepth } from '@toolvault/shared';
import { excerpt, sanitizeHtml } from './html-sanitizer';
import type { SanitizeReply, SanitizeRequest } from './html-sanitizer.pool';

/**
 * The sanitizer's worker thread: jsdom and DOMPurify live here, so a slow
 * document holds this thread, never the server's event loop. One request at
 * a time; the pool terminates the thread when one runs past its time limit.
 */
const port = parentPort;
if (!port) throw new Error('html-sanitizer.worker runs only as a worker thread');

port.on('message', ({ id, html }: SanitizeRequest) => {
  let reply: SanitizeReply;
  try {
    const clean = sanitizeHtml(html);
    // The parser may nest deeper than the markup's tags suggest (re-opened formatting elements): checked again,
    // exactly, on the serialized result, so nothing deeper than the limit is ever stored or sent to a browser.
    reply =
      htmlNestingDepth(clean) > BLOG_HTML_MAX_DEPTH
        ? { id, ok: false, error: 'too-deep' }
        : { id, ok: true, html: clean, excerpt: excerpt(clean) };
  } catch (error) {
    // A RangeError here is the parser recursing too deep: the document's fault, so a refusal, not a crash.
    reply = { id, ok: false, error: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
// The jsdom window and DOMPurify are made on first use: made now, so no document's time limit pays for them.
sanitizeHtml('<p>ready</p>');
port.postMessage({ ready: true });
