import { QrCode } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'qr-generator',
  icon: QrCode,
  component: lazy(() => import('./QrGeneratorTool')),
});
