import { ComingSoon } from '../../components/ComingSoon';

export default function DdosSimulatorTool() {
  return <ComingSoon />;
}
