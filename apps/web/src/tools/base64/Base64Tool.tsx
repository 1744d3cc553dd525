import { ComingSoon } from '../../components/ComingSoon';

export default function Base64Tool() {
  return <ComingSoon />;
}
