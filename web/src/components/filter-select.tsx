import { SelectField } from '@aws-amplify/ui-react';
import './list.css';

interface FilterSelectProps<T extends string> {
  label: string;
  values: readonly T[];
  /** What each value reads as; the value itself when left out. */
  labels?: Readonly<Record<T, string>>;
  /** The choice of no filter ("All Types"), whose value is ''; none for an order, which always has one. */
  all?: string;
  value: T | '';
  onChange: (value: T | '') => void;
}

/**
 * A list toolbar's choice of one of a few values (a filter, an order): anything that is not one of
 * them is the "all" choice.
 */
export function FilterSelect<T extends string>({
  label,
  values,
  labels,
  all,
  value,
  onChange,
}: FilterSelectProps<T>) {
  return (
    <SelectField
      className="list-toolbar__status"
      label={label}
      value={value}
      onChange={(event) => {
        const chosen = values.find((each) => each === event.target.value);
        if (chosen !== undefined) onChange(chosen);
        else if (all !== undefined) onChange('');
      }}
    >
      {all !== undefined ? <option value="">{all}</option> : null}
      {values.map((each) => (
        <option key={each} value={each}>
          {labels?.[each] ?? each}
        </option>
      ))}
    </SelectField>
  );
}
