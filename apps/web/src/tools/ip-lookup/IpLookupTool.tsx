import { ComingSoon } from '../../components/ComingSoon';

export default function IpLookupTool() {
  return <ComingSoon />;
}
