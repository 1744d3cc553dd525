/** What a crawler should see for a page it cannot render (docs/decisions/0003-one-origin.md: og: and twitter: tags). */
export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
  /** Canonical address of what the page stands for (a short link's target). */
  url?: string;
  /** og:type: 'website' unless told (a blog post is an 'article'). */
  type?: 'website' | 'article';
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

// The page's own defaults (index.html ships a site-wide description and og: tags) would
// otherwise come first, and crawlers read the first one.
const REPLACED_TAGS = [
  /[ \t]*<meta\s+(?:name|property)=["'](?:description|og:[^"']*|twitter:[^"']*)["'][^>]*>\r?\n?/gi,
  /[ \t]*<link\s+rel=["']canonical["'][^>]*>\r?\n?/gi,
];
const TITLE = /<title>[\s\S]*?<\/title>/i;
const HEAD_END = /<\/head>/i;

/** Sets the document title and replaces the description, og:, twitter: and canonical tags. */
export function injectMeta(html: string, meta: PageMeta): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const tags = metaTags(meta)
    .map((tag) => `  ${tag}\n`)
    .join('');
  const cleaned = REPLACED_TAGS.reduce((text, pattern) => text.replace(pattern, ''), html);
  // Functions as replacements, so `$&` and friends inside the values stay literal.
  const withTitle = TITLE.test(cleaned)
    ? cleaned.replace(TITLE, () => title)
    : cleaned.replace(HEAD_END, () => `  ${title}\n</head>`);
  return withTitle.replace(HEAD_END, () => `${tags}</head>`);
}

function metaTags({ title, description, image, url, type = 'website' }: PageMeta): string[] {
  const entries: Array<[attribute: 'property' | 'name', key: string, value: string | undefined]> = [
    ['name', 'description', description],
    ['property', 'og:type', type],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', image],
    ['property', 'og:url', url],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  const tags = entries
    .filter((entry): entry is [(typeof entry)[0], string, string] => entry[2] !== undefined && entry[2] !== '')
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`);
  if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  return tags;
}
