import { RotateCw } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const imageRotator = defineTool({
  id: 13,
  slug: 'image-rotator',
  title: 'Image Rotator',
  description: 'Rotate an image by any angle and download the result as PNG.',
  category: 'Image Tools',
  icon: RotateCw,
  keywords: ['rotate', 'turn', 'angle', 'photo'],
  component: lazy(() => import('./ImageRotatorTool')),
});
