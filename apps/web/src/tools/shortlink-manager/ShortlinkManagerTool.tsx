import { ComingSoon } from '../../components/ComingSoon';

export default function ShortlinkManagerTool() {
  return <ComingSoon />;
}
