import { ScanLine } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'qr-reader',
  icon: ScanLine,
  component: lazy(() => import('./QrReaderTool')),
});
