import { Scaling } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const imageResizer = defineTool({
  id: 16,
  slug: 'image-resizer',
  title: 'Image Resizer',
  description: 'Resize images to custom dimensions or social media presets.',
  category: 'Image Tools',
  icon: Scaling,
  keywords: ['resize', 'scale', 'dimensions', 'instagram', 'banner'],
  component: lazy(() => import('./ImageResizerTool')),
});
