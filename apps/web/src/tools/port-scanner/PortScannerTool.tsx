import { ComingSoon } from '../../components/ComingSoon';

export default function PortScannerTool() {
  return <ComingSoon />;
}
