import { ComingSoon } from '../../components/ComingSoon';

export default function ImageToBase64Tool() {
  return <ComingSoon />;
}
