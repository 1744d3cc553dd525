import { ComingSoon } from '../../components/ComingSoon';

export default function SteganographyTool() {
  return <ComingSoon />;
}
