import { ComingSoon } from '../../components/ComingSoon';

export default function PasswordGeneratorTool() {
  return <ComingSoon />;
}
