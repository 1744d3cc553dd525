import { ScanLine } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const qrReader = defineTool({
  id: 18,
  slug: 'qr-reader',
  title: 'QR Code Reader',
  description: 'Decode the QR code in an uploaded image.',
  category: 'Image Tools',
  icon: ScanLine,
  keywords: ['qr', 'scan', 'decode', 'barcode'],
  component: lazy(() => import('./QrReaderTool')),
});
