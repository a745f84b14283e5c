import * as Amplify from '@aws-amplify/ui-react';
import { createElement as h, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as Plain from './plain-ui';

/**
 * The markup with each element's attributes, and each style's declarations, in a fixed order; the
 * Loader's `stroke:undefined` (Amplify's unset colour, which browsers ignore) dropped.
 */
function normalized(element: ReactElement): string {
  return renderToStaticMarkup(element)
    .replaceAll(' style="stroke:undefined"', '')
    .replace(
      /<([a-z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g,
      (_match, tag: string, attrs: string, close: string) => {
        const list = (attrs.match(/[^\s=]+(?:="[^"]*")?/g) ?? []).map((attr) =>
          attr.startsWith('style="')
            ? `style="${attr.slice(7, -1).split(';').filter(Boolean).sort().join(';')}"`
            : attr,
        );
        return `<${tag}${list
          .sort()
          .map((attr) => ` ${attr}`)
          .join('')}${close}>`;
      },
    );
}

function same(amplify: ReactElement, plain: ReactElement) {
  expect(normalized(plain)).toBe(normalized(amplify));
}

const noop = () => undefined;

describe('plain primitives render as Amplify UI does', () => {
  it('Heading', () => {
    same(
      h(Amplify.Heading, { level: 1, className: 'app-brand' }, 'IT'),
      h(Plain.Heading, { level: 1, className: 'app-brand' }, 'IT'),
    );
    same(
      h(Amplify.Heading, { level: 2, id: 'x', marginBottom: 'medium' }, 'Dashboard'),
      h(Plain.Heading, { level: 2, id: 'x', marginBottom: 'medium' }, 'Dashboard'),
    );
  });

  it('Text', () => {
    same(h(Amplify.Text, null, 'a'), h(Plain.Text, null, 'a'));
    // Amplify's Text is polymorphic ("as"), which createElement's types cannot follow.
    const AmplifySpan = Amplify.Text as ComponentType<{ as: 'span'; className: string }>;
    same(
      h(AmplifySpan, { as: 'span', className: 'c' }, 'a'),
      h(Plain.Text, { as: 'span', className: 'c' }, 'a'),
    );
    same(
      h(Amplify.Text, { color: 'font.secondary', fontSize: 'small', marginTop: 'small' }, 'a'),
      h(Plain.Text, { color: 'secondary', fontSize: 'small', marginTop: 'small' }, 'a'),
    );
    same(h(Amplify.Text, { color: 'font.error' }, 'a'), h(Plain.Text, { color: 'error' }, 'a'));
    same(
      h(Amplify.Text, { marginTop: 'small', marginBottom: 'medium' }, 'a'),
      h(Plain.Text, { marginTop: 'small', marginBottom: 'medium' }, 'a'),
    );
  });

  it('Flex', () => {
    const loader = {
      className: 'page-loader',
      direction: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 'small',
      role: 'status',
    } as const;
    same(h(Amplify.Flex, loader, 'x'), h(Plain.Flex, loader, 'x'));
    const row = { gap: 'small', marginTop: 'small', justifyContent: 'center', wrap: 'wrap' } as const;
    same(h(Amplify.Flex, row, 'x'), h(Plain.Flex, row, 'x'));
  });

  it('Loader', () => {
    same(
      h(Amplify.Loader, { size: 'large', 'aria-label': 'Loading' }),
      h(Plain.Loader, { size: 'large', 'aria-label': 'Loading' }),
    );
    same(h(Amplify.Loader, { 'aria-hidden': 'true' }), h(Plain.Loader, { 'aria-hidden': 'true' }));
    same(
      h(Amplify.Loader, { size: 'small', 'aria-hidden': 'true' }),
      h(Plain.Loader, { size: 'small', 'aria-hidden': 'true' }),
    );
  });

  it('Button', () => {
    same(h(Amplify.Button, { onClick: noop }, 'Import'), h(Plain.Button, { onClick: noop }, 'Import'));
    same(
      h(Amplify.Button, { variation: 'primary' }, 'Add'),
      h(Plain.Button, { variation: 'primary' }, 'Add'),
    );
    same(
      h(Amplify.Button, { size: 'small', className: 'app-signout', isDisabled: true }, 'Sign out'),
      h(Plain.Button, { size: 'small', className: 'app-signout', isDisabled: true }, 'Sign out'),
    );
    same(
      h(Amplify.Button, { marginTop: 'small' }, 'Clear'),
      h(Plain.Button, { marginTop: 'small' }, 'Clear'),
    );
    same(
      h(Amplify.Button, { isLoading: true, loadingText: 'Loading more…' }, 'Load more'),
      h(Plain.Button, { isLoading: true, loadingText: 'Loading more…' }, 'Load more'),
    );
    same(
      h(
        Amplify.Button,
        { size: 'small', variation: 'link', isLoading: true, loadingText: 'Trying again...' },
        'Try again',
      ),
      h(
        Plain.Button,
        { size: 'small', variation: 'link', isLoading: true, loadingText: 'Trying again...' },
        'Try again',
      ),
    );
  });

  it('Alert', () => {
    same(
      h(
        Amplify.Alert,
        { variation: 'error', heading: 'Could not', role: 'alert', marginBottom: 'medium' },
        'msg',
      ),
      h(
        Plain.Alert,
        { variation: 'error', heading: 'Could not', role: 'alert', marginBottom: 'medium' },
        'msg',
      ),
    );
    same(
      h(
        Amplify.Alert,
        { variation: 'success', role: 'none', isDismissible: true, onDismiss: noop, marginBottom: 'small' },
        'ok',
      ),
      h(Plain.Alert, { variation: 'success', role: 'none', onDismiss: noop, marginBottom: 'small' }, 'ok'),
    );
  });

  it('Card and Table', () => {
    same(
      h(Amplify.Card, { variation: 'outlined', className: 'gate' }, 'x'),
      h(Plain.Card, { className: 'gate' }, 'x'),
    );
    same(
      h(Amplify.Table, { size: 'small', highlightOnHover: true }, [
        h(Amplify.TableHead, { key: 'head' }, h(Amplify.TableRow, null, h('th', null, 'a'))),
        h(Amplify.TableBody, { key: 'body' }, h('tr', null, h('td', null, '1'))),
      ]),
      h(
        Plain.Table,
        { highlightOnHover: true, header: h('th', null, 'a') },
        h('tr', null, h('td', null, '1')),
      ),
    );
    same(
      h(Amplify.Table, { size: 'small', className: 'warranty-table', 'aria-labelledby': 'h' }, [
        h(Amplify.TableHead, { key: 'head' }, h(Amplify.TableRow, null, h('th', null, 'a'))),
        h(Amplify.TableBody, { key: 'body' }),
      ]),
      h(Plain.Table, { className: 'warranty-table', 'aria-labelledby': 'h', header: h('th', null, 'a') }),
    );
  });

  it('SearchField, empty and filled', () => {
    for (const value of ['', 'dell']) {
      same(
        h(Amplify.SearchField, {
          className: 'toolbar__search',
          label: 'Search hardware',
          labelHidden: false,
          placeholder: 'Model…',
          hasSearchButton: false,
          hasSearchIcon: true,
          value,
          onChange: noop,
          onClear: noop,
          maxLength: 100,
        }),
        h(Plain.SearchField, {
          className: 'toolbar__search',
          label: 'Search hardware',
          placeholder: 'Model…',
          value,
          onChange: noop,
          onClear: noop,
          maxLength: 100,
        }),
      );
    }
  });

  it('SelectField', () => {
    const options = [
      h('option', { key: 'all', value: '' }, 'All'),
      h('option', { key: 'a', value: 'A' }, 'A'),
    ];
    same(
      h(
        Amplify.SelectField,
        { className: 'toolbar__status', label: 'Status filter', value: '', onChange: noop },
        options,
      ),
      h(
        Plain.SelectField,
        { className: 'toolbar__status', label: 'Status filter', value: '', onChange: noop },
        options,
      ),
    );
  });

  it('Tabs with lazy panels', () => {
    same(
      h(
        Amplify.Tabs.Container,
        { value: 'hardware', onValueChange: noop, isLazy: true },
        h(
          Amplify.Tabs.List,
          { 'aria-label': 'Asset views' },
          h(Amplify.Tabs.Item, { value: 'agents' }, 'Agent Monitoring'),
          h(Amplify.Tabs.Item, { value: 'hardware' }, 'Manual Hardware'),
        ),
        h(Amplify.Tabs.Panel, { value: 'agents', paddingTop: 'medium' }, 'A'),
        h(Amplify.Tabs.Panel, { value: 'hardware', paddingTop: 'medium' }, 'H'),
      ),
      h(
        Plain.Tabs,
        {
          value: 'hardware',
          onValueChange: noop,
          label: 'Asset views',
          tabs: [
            { value: 'agents', label: 'Agent Monitoring' },
            { value: 'hardware', label: 'Manual Hardware' },
          ],
        },
        'H',
      ),
    );
  });
});
