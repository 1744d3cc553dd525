import { ScanText } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'image-ocr',
  icon: ScanText,
  component: lazy(() => import('./ImageOcrTool')),
});
