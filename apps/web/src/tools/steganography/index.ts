import { EyeOff } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const steganography = defineTool({
  id: 10,
  slug: 'steganography',
  title: 'Steganography Tool',
  description: 'Hide a secret message inside an image, or extract one that was hidden.',
  category: 'Steganography',
  icon: EyeOff,
  keywords: ['hide', 'secret', 'lsb', 'image', 'extract'],
  component: lazy(() => import('./SteganographyTool')),
});
