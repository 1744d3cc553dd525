import { Minimize2 } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const imageCompressor = defineTool({
  id: 15,
  slug: 'image-compressor',
  title: 'Image Compressor',
  description: 'Compress and downscale images to JPEG with adjustable quality.',
  category: 'Image Tools',
  icon: Minimize2,
  keywords: ['compress', 'jpeg', 'shrink', 'optimize', 'photo'],
  component: lazy(() => import('./ImageCompressorTool')),
});
