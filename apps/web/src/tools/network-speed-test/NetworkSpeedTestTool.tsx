import { ComingSoon } from '../../components/ComingSoon';

export default function NetworkSpeedTestTool() {
  return <ComingSoon />;
}
