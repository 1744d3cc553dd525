import { QrCode } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const qrGenerator = defineTool({
  id: 17,
  slug: 'qr-generator',
  title: 'QR Code Generator',
  description: 'Create scannable QR codes from text or URLs, as PNG or SVG.',
  category: 'Image Tools',
  icon: QrCode,
  keywords: ['qr', 'barcode', 'generate', 'svg'],
  component: lazy(() => import('./QrGeneratorTool')),
});
