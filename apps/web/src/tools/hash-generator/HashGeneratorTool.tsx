import { ComingSoon } from '../../components/ComingSoon';

export default function HashGeneratorTool() {
  return <ComingSoon />;
}
