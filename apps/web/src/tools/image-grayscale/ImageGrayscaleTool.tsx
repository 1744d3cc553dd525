import { ComingSoon } from '../../components/ComingSoon';

export default function ImageGrayscaleTool() {
  return <ComingSoon />;
}
