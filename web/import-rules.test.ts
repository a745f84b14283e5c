import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's ESLint config (eslint.config.js) on small files placed in the web app: features do
 * not import each other, web/src/components and api import no feature, and shared/ is @shared/….
 */
const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const FEATURE = 'Features do not import each other';

// The first lint loads the typed config and builds a TypeScript program: seconds on a loaded machine.
describe('the web import rules', { timeout: 60_000 }, () => {
  it('refuse a feature importing another feature, statically or with import()', async () => {
    const file = 'web/src/features/disposal/components/linked.tsx';
    expect(
      await problems(
        file,
        "import { getHardware } from '../../assets/api/get-hardware';\nexport { getHardware };\n",
      ),
    ).toEqual([expect.stringContaining(FEATURE)]);
    expect(
      await problems(
        file,
        "export const load = () => import('../../assets/components/hardware-form-modal');\n",
      ),
    ).toEqual([expect.stringContaining(FEATURE)]);
    expect(
      await problems(
        'web/src/features/users/users-report.ts',
        "import { StatCard } from '../../features/dashboard/components/stat-card';\nexport { StatCard };\n",
      ),
    ).toEqual([expect.stringContaining(FEATURE)]);
    expect(
      await problems(file, "import { AppShell } from '../../../app/app-shell';\nexport { AppShell };\n"),
    ).toEqual([expect.stringContaining(FEATURE)]);
  });

  it('let a feature import its own parts, the shared components and the API client', async () => {
    const file = 'web/src/features/disposal/components/linked.tsx';
    const code = [
      "import { disposalKeys } from '../api/disposal-keys';",
      "import { DisposalTable } from './disposal-table';",
      "import { StatCard } from '../../../components/stat-card';",
      "import { apiRequest } from '../../../api/api-client';",
      "import { DISPOSAL_MESSAGES } from '@shared/disposal';",
      'export { disposalKeys, DisposalTable, StatCard, apiRequest, DISPOSAL_MESSAGES };',
      '',
    ].join('\n');
    expect(await problems(file, code)).toEqual([]);
  });

  it('let the app compose features', async () => {
    const code =
      "import { DisposalPage } from '../features/disposal/components/disposal-page';\nexport { DisposalPage };\n";
    expect(await problems('web/src/app/disposal-screen.tsx', code)).toEqual([]);
  });

  it('refuse a shared component importing a feature', async () => {
    const code =
      "import { assetName } from '../features/assets/components/hardware-format';\nexport { assetName };\n";
    expect(await problems('web/src/components/list-footer.tsx', code)).toEqual([
      expect.stringContaining('below the features and the app'),
    ]);
  });

  it("refuse climbing to the repo's shared/ instead of @shared", async () => {
    const code =
      "import { HARDWARE_STATUSES } from '../../../../../shared/hardware';\nexport { HARDWARE_STATUSES };\n";
    expect(await problems('web/src/features/assets/components/x.tsx', code)).toEqual([
      expect.stringContaining('@shared/'),
    ]);
  });
});
