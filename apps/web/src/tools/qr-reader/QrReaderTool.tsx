import { ComingSoon } from '../../components/ComingSoon';

export default function QrReaderTool() {
  return <ComingSoon />;
}
