import { ComingSoon } from '../../../components/coming-soon';

export function AssetsPage() {
  return <ComingSoon title="Assets" />;
}
