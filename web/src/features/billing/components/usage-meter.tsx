import { isUnlimited, limitText } from '@shared/billing';
import { usageLevel, usagePercent } from '../billing-format';

interface UsageMeterProps {
  label: string;
  noun: 'hardware assets' | 'users';
  used: number;
  limit: number;
  testId: string;
}

/** "12 of 500 hardware assets", with a bar unless the limit is unlimited. */
export function UsageMeter({ label, noun, used, limit, testId }: UsageMeterProps) {
  const unlimited = isUnlimited(limit);
  const percent = usagePercent(used, limit, unlimited);
  const text = `${used.toLocaleString('en-GB')} of ${limitText(limit, noun)}`;
  return (
    <div className="billing-usage__item" data-testid={testId}>
      <div className="billing-usage__head">
        <span className="billing-usage__label">{label}</span>
        <span className="billing-usage__value">{text}</span>
      </div>
      {percent === null ? null : (
        <div
          className={`billing-usage__bar billing-usage__bar--${usageLevel(percent)}`}
          role="progressbar"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={text}
        >
          <span className="billing-usage__fill" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
