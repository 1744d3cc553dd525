import { createBlogSanitizer } from '@toolvault/shared';
import DOMPurify from 'dompurify';

// The same policy the server applied when the post was saved (docs/decisions/0002-server-enforces-rules.md:
// sanitized on write and again on render), on an instance of its own.
const sanitize = createBlogSanitizer(DOMPurify(window));

/** Stored post HTML made safe to insert with dangerouslySetInnerHTML. */
export function sanitizePostHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = sanitize(html);
  for (const image of template.content.querySelectorAll('img')) {
    // An image whose address was refused has nothing left to show.
    if (!image.hasAttribute('src')) image.remove();
    // The editor inserts images without a description; such an image is treated as decorative.
    else if (!image.hasAttribute('alt')) image.setAttribute('alt', '');
  }
  return template.innerHTML;
}
