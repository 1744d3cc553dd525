import { ComingSoon } from '../../components/ComingSoon';

export default function QrGeneratorTool() {
  return <ComingSoon />;
}
