/**
 * The document head's title, meta and canonical tags, owned by the pages that
 * set them. Each tag is one element, found by its key: a page updates the
 * element the server wrote (a short link's or a post's preview tags) instead of
 * adding a second one, and when the last page that set a key goes away the key
 * returns to the site's default from index.html, or the element is removed.
 * No React here; components/Head.tsx connects it to components.
 */

/** `title`, `name=<name>`, `property=<property>` or `rel=canonical`. */
export type HeadKey = 'title' | `name=${string}` | `property=${string}` | 'rel=canonical';

/**
 * What index.html ships (a test keeps the two equal): what a key goes back to once no page sets it.
 * Keys without a default (og:url, twitter:*, canonical, robots, …) are removed instead.
 */
export const HEAD_DEFAULTS: Partial<Record<HeadKey, string>> = {
  title: 'Toolvault — free security, encoding and image tools in your browser',
  'name=description':
    'Free tools that run in your browser: hashes, passwords, Base64 and URL encoding, ciphers, image editing, QR codes, OCR, steganography and more.',
  'property=og:title': 'Toolvault',
  'property=og:description':
    'Free tools that run in your browser: hashes, passwords, Base64 and URL encoding, ciphers, image editing, QR codes, OCR, steganography and more.',
  'property=og:type': 'website',
};

interface Claim {
  owner: symbol;
  value: string;
}

/** Who set each key, oldest first; the newest claim is what the head shows. */
const claims = new Map<HeadKey, Claim[]>();

/** The head's elements for `key`, in document order. */
function elementsFor(doc: Document, key: HeadKey): Element[] {
  if (key === 'title') return Array.from(doc.head.querySelectorAll('title'));
  if (key === 'rel=canonical') return Array.from(doc.head.querySelectorAll('link[rel="canonical"]'));
  const [attribute, name] = splitKey(key);
  return Array.from(doc.head.querySelectorAll('meta')).filter((meta) => meta.getAttribute(attribute) === name);
}

function splitKey(key: HeadKey): [attribute: 'name' | 'property', name: string] {
  const at = key.indexOf('=');
  return [key.slice(0, at) as 'name' | 'property', key.slice(at + 1)];
}

function create(doc: Document, key: HeadKey): Element {
  if (key === 'title') return doc.createElement('title');
  if (key === 'rel=canonical') {
    const link = doc.createElement('link');
    link.rel = 'canonical';
    return link;
  }
  const meta = doc.createElement('meta');
  const [attribute, name] = splitKey(key);
  meta.setAttribute(attribute, name);
  return meta;
}

function write(element: Element, key: HeadKey, value: string): void {
  if (key === 'title') element.textContent = value;
  else element.setAttribute(key === 'rel=canonical' ? 'href' : 'content', value);
}

/** Makes the head hold exactly one element for `key` with its current value, or none. */
function render(doc: Document, key: HeadKey): void {
  const list = claims.get(key);
  const value = list?.at(-1)?.value ?? HEAD_DEFAULTS[key];
  const [first, ...extra] = elementsFor(doc, key);
  for (const element of extra) element.remove();
  if (value === undefined) {
    first?.remove();
    return;
  }
  const element = first ?? doc.head.appendChild(create(doc, key));
  write(element, key, value);
}

/**
 * Sets `key` to `value` for as long as the returned function is not called; calling it gives the key
 * back to whoever set it before, or to the default.
 */
export function claimHeadTag(key: HeadKey, value: string, doc: Document = document): () => void {
  const owner = Symbol(key);
  const list = claims.get(key) ?? [];
  list.push({ owner, value });
  claims.set(key, list);
  render(doc, key);
  return () => {
    const remaining = (claims.get(key) ?? []).filter((claim) => claim.owner !== owner);
    if (remaining.length > 0) claims.set(key, remaining);
    else claims.delete(key);
    render(doc, key);
  };
}
