import { FileCode } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const imageToBase64 = defineTool({
  id: 19,
  slug: 'image-to-base64',
  title: 'Image to Base64',
  description: 'Convert an image into a Base64 data URL you can paste into code.',
  category: 'Image Tools',
  icon: FileCode,
  keywords: ['data url', 'embed', 'encode', 'base64'],
  component: lazy(() => import('./ImageToBase64Tool')),
});
