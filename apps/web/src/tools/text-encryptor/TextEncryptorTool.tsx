import { ComingSoon } from '../../components/ComingSoon';

export default function TextEncryptorTool() {
  return <ComingSoon />;
}
