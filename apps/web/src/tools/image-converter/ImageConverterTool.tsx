import { ComingSoon } from '../../components/ComingSoon';

export default function ImageConverterTool() {
  return <ComingSoon />;
}
