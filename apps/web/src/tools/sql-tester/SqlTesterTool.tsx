import { ComingSoon } from '../../components/ComingSoon';

export default function SqlTesterTool() {
  return <ComingSoon />;
}
