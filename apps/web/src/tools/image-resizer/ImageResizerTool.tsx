import { ComingSoon } from '../../components/ComingSoon';

export default function ImageResizerTool() {
  return <ComingSoon />;
}
