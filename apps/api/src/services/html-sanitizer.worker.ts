import { BLOG_HTML_MAX_DEPTH, htmlNestingDepth } from '@toolvault/shared';
import { excerpt, sanitizeHtml } from './html-sanitizer';
import type { SanitizeReply, SanitizeRequest } from './html-sanitizer.pool';

/**
 * The sanitizer's own process (see html-sanitizer.pool.ts): jsdom and DOMPurify live here, so a slow
 * document holds this process, never the server's event loop, and one that exhausts its memory ends
 * this process, never the server. One request at a time; the pool kills the process when one runs
 * past its time limit.
 */
const send = process.send?.bind(process);
if (!send) throw new Error('html-sanitizer.worker runs only as a child process with an IPC channel');

process.on('message', ({ id, html }: SanitizeRequest) => {
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
  send(reply);
});
// The server is gone (it exited, or was killed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
// The jsdom window and DOMPurify are made on first use: made now, so no document's time limit pays for them.
sanitizeHtml('<p>ready</p>');
send({ ready: true });
