import { Contrast } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const imageGrayscale = defineTool({
  id: 14,
  slug: 'image-grayscale',
  title: 'Image to Grayscale',
  description: 'Convert an image to grayscale with standard luma weights.',
  category: 'Image Tools',
  icon: Contrast,
  keywords: ['black and white', 'monochrome', 'grey', 'photo'],
  component: lazy(() => import('./ImageGrayscaleTool')),
});
