import { ComingSoon } from '../../components/ComingSoon';

export default function ImageOcrTool() {
  return <ComingSoon />;
}
