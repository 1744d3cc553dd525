import { ComingSoon } from '../../components/ComingSoon';

export default function ImageCompressorTool() {
  return <ComingSoon />;
}
