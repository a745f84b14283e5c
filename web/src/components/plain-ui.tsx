import { useId, useRef } from 'react';
import type {
  ButtonHTMLAttributes,
  ChangeEvent,
  CSSProperties,
  HTMLAttributes,
  KeyboardEvent,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
} from 'react';

/**
 * Amplify UI's primitives that the signed-in frame, the dashboard and the hardware list use, as
 * plain elements with the markup and classes Amplify renders (plain-ui.test.ts compares the two),
 * so they look and behave the same under Amplify's stylesheet. Importing any Amplify primitive
 * builds Amplify's default theme as the module loads (ThemeContext's default value), some 50 ms of
 * main thread on a fast machine before anything shows, and each primitive then resolves theme tokens
 * and subscribes to media queries as it mounts. The screens that keep Amplify's primitives (the
 * dialogs, settings, users, disposal, auth) load them in their own chunks.
 */

type Space = 'xs' | 'small' | 'medium' | 'large';
const space = (value: Space) => `var(--amplify-space-${value})`;

export function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** Drops the undefined entries, so that an element without any style gets no style attribute. */
function style(entries: CSSProperties): CSSProperties | undefined {
  const defined = Object.entries(entries).filter(([, value]) => value !== undefined);
  return defined.length > 0 ? (Object.fromEntries(defined) as CSSProperties) : undefined;
}

interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  level: 1 | 2 | 3 | 4;
  marginBottom?: Space;
}

export function Heading({ level, className, marginBottom, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag
      style={style({ marginBlockEnd: marginBottom && space(marginBottom) })}
      className={classes('amplify-heading', `amplify-heading--${level}`, className)}
      {...rest}
    />
  );
}

interface TextProps extends HTMLAttributes<HTMLElement> {
  as?: 'p' | 'span';
  color?: 'secondary' | 'tertiary' | 'error';
  fontSize?: 'small';
  marginTop?: Space;
  marginBottom?: Space;
}

export function Text({
  as: Tag = 'p',
  color,
  fontSize,
  marginTop,
  marginBottom,
  className,
  ...rest
}: TextProps) {
  return (
    <Tag
      style={style({
        color: color && `var(--amplify-colors-font-${color})`,
        fontSize: fontSize && `var(--amplify-font-sizes-${fontSize})`,
        marginBlockStart: marginTop && space(marginTop),
        marginBlockEnd: marginBottom && space(marginBottom),
      })}
      className={classes('amplify-text', className)}
      {...rest}
    />
  );
}

interface FlexProps extends HTMLAttributes<HTMLDivElement> {
  direction?: 'column';
  alignItems?: 'center';
  justifyContent?: 'center';
  gap?: Space;
  wrap?: 'wrap';
  marginTop?: Space;
}

export function Flex({
  direction,
  alignItems,
  justifyContent,
  gap,
  wrap,
  marginTop,
  className,
  ...rest
}: FlexProps) {
  return (
    <div
      style={style({
        flexDirection: direction,
        alignItems,
        justifyContent,
        gap: gap && space(gap),
        flexWrap: wrap,
        marginBlockStart: marginTop && space(marginTop),
      })}
      className={classes('amplify-flex', className)}
      {...rest}
    />
  );
}

interface LoaderProps {
  size?: 'small' | 'large';
  'aria-label'?: string;
  'aria-hidden'?: boolean | 'true';
}

/** Amplify's circular Loader (its animation is in Amplify's stylesheet). */
export function Loader({ size, ...rest }: LoaderProps) {
  return (
    <svg
      className={classes('amplify-loader', size && `amplify-loader--${size}`)}
      role="progressbar"
      {...rest}
    >
      <g>
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" data-testid="circular-empty" />
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" data-testid="circular-filled" />
      </g>
    </svg>
  );
}

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> {
  ref?: Ref<HTMLButtonElement>;
  variation?: 'primary' | 'link';
  size?: 'small';
  isDisabled?: boolean;
  isLoading?: boolean;
  loadingText?: string;
  marginTop?: Space;
  children?: ReactNode;
}

/** Amplify's Button (type="button"); while loading it is disabled and shows the loader. */
export function Button({
  variation,
  size,
  isDisabled = false,
  isLoading = false,
  loadingText,
  marginTop,
  className,
  children,
  ...rest
}: ButtonProps) {
  const disabled = isDisabled || isLoading;
  return (
    <button
      disabled={disabled || undefined}
      style={style({ marginBlockStart: marginTop && space(marginTop) })}
      className={classes(
        'amplify-button amplify-field-group__control',
        variation && `amplify-button--${variation}`,
        size && `amplify-button--${size}`,
        disabled && 'amplify-button--disabled',
        isLoading && 'amplify-button--loading',
        className,
      )}
      type="button"
      {...rest}
    >
      {isLoading && loadingText ? (
        <span className="amplify-flex amplify-button__loader-wrapper">
          <Loader size={size} />
          {loadingText}
        </span>
      ) : (
        children
      )}
    </button>
  );
}

/** Amplify's Icon wrapper around a 24×24 path. */
function Icon({ path, hidden = true }: { path: string; hidden?: boolean }) {
  return (
    <span style={{ width: '1em', height: '1em' }} className="amplify-icon" aria-hidden={hidden || undefined}>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" xmlns="http://www.w3.org/2000/svg">
        <path d={path} fill="currentColor" />
      </svg>
    </span>
  );
}

const ICONS = {
  error:
    'M12 2C6.48 2 2 6.48 2 12C2 17.52 6.48 22 12 22C17.52 22 22 17.52 22 12C22 6.48 17.52 2 12 2ZM13 17H11V15H13V17ZM13 13H11V7H13V13Z',
  success:
    'M12 2C6.48 2 2 6.48 2 12C2 17.52 6.48 22 12 22C17.52 22 22 17.52 22 12C22 6.48 17.52 2 12 2ZM12 20C7.59 20 4 16.41 4 12C4 7.59 7.59 4 12 4C16.41 4 20 7.59 20 12C20 16.41 16.41 20 12 20ZM16.59 7.58L10 14.17L7.41 11.59L6 13L10 17L18 9L16.59 7.58Z',
  close:
    'M19 6.41L17.59 5L12 10.59L6.41 5L5 6.41L10.59 12L5 17.59L6.41 19L12 13.41L17.59 19L19 17.59L13.41 12L19 6.41Z',
  search:
    'M15.5 14H14.71L14.43 13.73C15.41 12.59 16 11.11 16 9.5C16 5.91 13.09 3 9.5 3C5.91 3 3 5.91 3 9.5C3 13.09 5.91 16 9.5 16C11.11 16 12.59 15.41 13.73 14.43L14 14.71V15.5L19 20.49L20.49 19L15.5 14V14ZM9.5 14C7.01 14 5 11.99 5 9.5C5 7.01 7.01 5 9.5 5C11.99 5 14 7.01 14 9.5C14 11.99 11.99 14 9.5 14Z',
  expand: 'M16.59 8.58984L12 13.1698L7.41 8.58984L6 9.99984L12 15.9998L18 9.99984L16.59 8.58984Z',
};

interface AlertProps {
  variation: 'error' | 'success';
  heading?: string;
  role: 'alert' | 'none';
  /** A Dismiss button (its name: "Dismiss alert") calls onDismiss. */
  onDismiss?: () => void;
  marginBottom?: Space;
  children?: ReactNode;
}

/** Amplify's Alert, with its icon; dismissible when given onDismiss. */
export function Alert({ variation, heading, role, onDismiss, marginBottom, children }: AlertProps) {
  return (
    <div
      style={style({ marginBlockEnd: marginBottom && space(marginBottom) })}
      className={`amplify-flex amplify-alert amplify-alert--${variation}`}
      role={role}
    >
      <span className="amplify-alert__icon">
        <Icon path={ICONS[variation]} />
      </span>
      <div style={{ flex: 1 }}>
        {heading ? <div className="amplify-alert__heading">{heading}</div> : null}
        <div className="amplify-alert__body">{children}</div>
      </div>
      {onDismiss ? (
        <button
          aria-label="Dismiss alert"
          className="amplify-button amplify-field-group__control amplify-button--link amplify-alert__dismiss"
          type="button"
          onClick={onDismiss}
        >
          <Icon path={ICONS.close} />
        </button>
      ) : null}
    </div>
  );
}

/** Amplify's outlined Card as a plain box. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={classes('amplify-card amplify-card--outlined', className)} {...rest} />;
}

interface TableProps extends HTMLAttributes<HTMLTableElement> {
  highlightOnHover?: boolean;
  /** The header row's cells. */
  header: ReactNode;
}

/** Amplify's small Table with its head and body. */
export function Table({ highlightOnHover = false, header, className, children, ...rest }: TableProps) {
  return (
    <table
      className={classes('amplify-table amplify-table--small', className)}
      data-highlightonhover={highlightOnHover}
      {...rest}
    >
      <thead className="amplify-table__head">
        <tr className="amplify-table__row">{header}</tr>
      </thead>
      <tbody className="amplify-table__body">{children}</tbody>
    </table>
  );
}

interface SearchFieldProps {
  ref?: Ref<HTMLInputElement>;
  className?: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onClear: () => void;
  maxLength?: number;
}

/**
 * Amplify's SearchField with its label shown, a search icon and no search button: Escape or the
 * "Clear input" button empties it and keeps the focus in it.
 */
export function SearchField({
  ref,
  className,
  label,
  placeholder,
  value,
  onChange,
  onClear,
  maxLength,
}: SearchFieldProps) {
  const id = `amplify-id-${useId()}`;
  const input = useRef<HTMLInputElement | null>(null);
  const setInput = (node: HTMLInputElement | null) => {
    input.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  const clear = () => {
    input.current?.focus();
    onClear();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' && event.key !== 'Enter') return;
    event.preventDefault();
    if (event.key === 'Escape') clear();
  };
  return (
    <div className={classes('amplify-flex amplify-field amplify-textfield amplify-searchfield', className)}>
      <label className="amplify-label" htmlFor={id}>
        {label}
      </label>
      <div className="amplify-flex amplify-field-group amplify-field-group--has-inner-start amplify-field-group--has-inner-end amplify-field-group--horizontal">
        <div className="amplify-field-group__field-wrapper amplify-field-group__field-wrapper--horizontal">
          <div className="amplify-field-group__inner-start">
            <div className="amplify-field-group__icon">
              <Icon path={ICONS.search} hidden={false} />
            </div>
          </div>
          <input
            ref={setInput}
            aria-invalid="false"
            autoComplete="off"
            className="amplify-input amplify-field-group__control"
            id={id}
            type="text"
            placeholder={placeholder}
            maxLength={maxLength}
            name="q"
            value={value}
            onChange={onChange}
            onKeyDown={onKeyDown}
          />
          <div className="amplify-field-group__inner-end">
            {value ? (
              <button
                aria-label="Clear input"
                className="amplify-button amplify-field-group__control amplify-button--link amplify-field-group__icon amplify-field-group__icon-button"
                type="button"
                onClick={clear}
              >
                <Icon path={ICONS.close} hidden={false} />
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'id'> {
  className?: string;
  label: string;
}

/** Amplify's SelectField with its label shown and its chevron. */
export function SelectField({ className, label, children, ...rest }: SelectFieldProps) {
  const id = `amplify-id-${useId()}`;
  return (
    <div className={classes('amplify-flex amplify-field amplify-selectfield', className)}>
      <label className="amplify-label" htmlFor={id}>
        {label}
      </label>
      <div className="amplify-select__wrapper">
        <select
          aria-invalid="false"
          size={1}
          className="amplify-select amplify-field-group__control"
          id={id}
          {...rest}
        >
          {children}
        </select>
        <div className="amplify-flex amplify-select__icon" aria-hidden="true">
          <Icon path={ICONS.expand} hidden={false} />
        </div>
      </div>
    </div>
  );
}

interface TabsProps<V extends string> {
  value: V;
  onValueChange: (value: V) => void;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly { value: V; label: string }[];
  /** The active tab's panel (panels of other tabs are not rendered, as Amplify's isLazy). */
  children?: ReactNode;
}

/**
 * Amplify's Tabs with lazy panels: the arrow keys move to the previous or next tab (wrapping) and
 * open it, as Amplify's do.
 */
export function Tabs<V extends string>({ value, onValueChange, label, tabs, children }: TabsProps<V>) {
  const groupId = `amplify-id-${useId()}`;
  const list = useRef<HTMLDivElement>(null);
  const index = tabs.findIndex((tab) => tab.value === value);
  const move = (step: number) => {
    const next = (index + step + tabs.length) % tabs.length;
    const target = tabs[next];
    if (!target) return;
    onValueChange(target.value);
    list.current?.querySelectorAll('button')[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      event.stopPropagation();
      move(-1);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      move(1);
    }
  };
  return (
    <div className="amplify-tabs">
      <div ref={list} aria-label={label} role="tablist" className="amplify-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.value === value;
          return (
            <button
              key={tab.value}
              role="tab"
              id={`${groupId}-tab-${tab.value}`}
              aria-selected={active}
              aria-controls={`${groupId}-panel-${tab.value}`}
              tabIndex={active ? undefined : -1}
              className={classes('amplify-tabs__item', active && 'amplify-tabs__item--active')}
              onClick={() => onValueChange(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        style={{ paddingBlockStart: space('medium') }}
        role="tabpanel"
        id={`${groupId}-panel-${value}`}
        aria-labelledby={`${groupId}-tab-${value}`}
        className="amplify-tabs__panel amplify-tabs__panel--active"
      >
        {children}
      </div>
    </div>
  );
}
