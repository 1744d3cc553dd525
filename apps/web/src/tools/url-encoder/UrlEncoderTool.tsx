import { ComingSoon } from '../../components/ComingSoon';

export default function UrlEncoderTool() {
  return <ComingSoon />;
}
