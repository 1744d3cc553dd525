import { Binary } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const base64 = defineTool({
  id: 4,
  slug: 'base64',
  title: 'Base64 Encoder/Decoder',
  description: 'Encode text to Base64 or decode Base64 back to text, UTF-8 safe.',
  category: 'Encoding',
  icon: Binary,
  keywords: ['encode', 'decode', 'b64', 'utf-8', 'base64url', 'url-safe'],
  component: lazy(() => import('./Base64Tool')),
});
