import { ComingSoon } from '../../components/ComingSoon';

export default function VulnScannerTool() {
  return <ComingSoon />;
}
