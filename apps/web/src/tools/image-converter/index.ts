import { Repeat } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const imageConverter = defineTool({
  id: 20,
  slug: 'image-converter',
  title: 'Image Format Converter (JPG, PNG, WEBP)',
  description: 'Convert images between JPG, PNG and WEBP.',
  category: 'Image Tools',
  icon: Repeat,
  keywords: ['convert', 'jpeg', 'png', 'webp', 'format'],
  component: lazy(() => import('./ImageConverterTool')),
});
