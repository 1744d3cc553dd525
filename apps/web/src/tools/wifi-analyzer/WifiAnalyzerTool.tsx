import { ComingSoon } from '../../components/ComingSoon';

export default function WifiAnalyzerTool() {
  return <ComingSoon />;
}
