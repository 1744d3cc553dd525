import { EyeOff } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'steganography',
  icon: EyeOff,
  component: lazy(() => import('./SteganographyTool')),
});
