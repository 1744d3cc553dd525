import { ComingSoon } from '../../components/ComingSoon';

export default function ImageRotatorTool() {
  return <ComingSoon />;
}
