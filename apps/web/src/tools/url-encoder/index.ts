import { Link } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const urlEncoder = defineTool({
  id: 6,
  slug: 'url-encoder',
  title: 'URL Encoder/Decoder',
  description: 'Percent-encode text for URLs or decode encoded URL components.',
  category: 'Encoding',
  icon: Link,
  keywords: ['percent', 'encodeURIComponent', 'query', 'uri'],
  component: lazy(() => import('./UrlEncoderTool')),
});
