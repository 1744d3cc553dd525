import { ScanText } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const imageOcr = defineTool({
  id: 21,
  slug: 'image-ocr',
  title: 'Image OCR',
  description: 'Extract text from images with on-device optical character recognition.',
  category: 'Image Tools',
  icon: ScanText,
  keywords: ['ocr', 'text recognition', 'image to text', 'extract text', 'screenshot', 'tesseract', 'scan'],
  component: lazy(() => import('./ImageOcrTool')),
});
