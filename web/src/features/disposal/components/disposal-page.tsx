import { ComingSoon } from '../../../components/coming-soon';

export function DisposalPage() {
  return <ComingSoon title="Asset Disposal" />;
}
