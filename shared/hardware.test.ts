import { describe, expect, it } from 'vitest';
import {
  HARDWARE_ASSET_TYPES,
  bulkStatusSchema,
  hardwareAssetInputSchema,
  hardwareAssetUpdateSchema,
} from './hardware';
import { hardwareListQuerySchema } from './hardware-list';

const laptop = { asset_type: 'Laptop', status: 'Active', manufacturer: 'Dell', model: 'Latitude 5440' };

/** Each refused field with its messages. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('hardware asset schema: required choices (SPEC 5: asset type and status are required)', () => {
  it.each([
    ['left out', undefined],
    ['null', null],
    ['blank, as the form sends an unchosen select', ''],
    ['only spaces', '  '],
  ])('says "Asset type is required" when it is %s', (_, value) => {
    expect(messagesOf(hardwareAssetInputSchema.safeParse({ ...laptop, asset_type: value }))).toEqual([
      ['asset_type', 'Asset type is required'],
    ]);
  });

  it.each([
    ['left out', undefined],
    ['null', null],
    ['blank', ''],
  ])('says "Status is required" when it is %s, on create and edit', (_, value) => {
    const expected = [['status', 'Status is required']];
    expect(messagesOf(hardwareAssetInputSchema.safeParse({ ...laptop, status: value }))).toEqual(expected);
    expect(messagesOf(hardwareAssetUpdateSchema.safeParse({ ...laptop, status: value, version: 1 }))).toEqual(
      expected,
    );
  });

  it('names the allowed values for a wrong one', () => {
    expect(messagesOf(hardwareAssetInputSchema.safeParse({ ...laptop, asset_type: 'Toaster' }))).toEqual([
      ['asset_type', `Asset type must be one of: ${HARDWARE_ASSET_TYPES.join(', ')}`],
    ]);
    expect(messagesOf(hardwareAssetInputSchema.safeParse({ ...laptop, status: 'Lost' }))).toEqual([
      ['status', expect.stringMatching(/^Status must be one of: Active, /)],
    ]);
  });

  it('says both when both are missing', () => {
    expect(messagesOf(hardwareAssetInputSchema.safeParse({ manufacturer: 'Dell' }))).toEqual([
      ['asset_type', 'Asset type is required'],
      ['status', 'Status is required'],
    ]);
  });

  it('accepts an asset with both', () => {
    expect(hardwareAssetInputSchema.safeParse(laptop).success).toBe(true);
  });

  it('keeps optional choices as wrong values: a blank disposal reason or status filter is not "required"', () => {
    expect(messagesOf(hardwareAssetInputSchema.safeParse({ ...laptop, disposal_reason: '' }))).toEqual([
      ['disposal_reason', expect.stringMatching(/^Disposal reason must be one of: /)],
    ]);
    expect(messagesOf(hardwareListQuerySchema.safeParse({ status: '' }))).toEqual([
      ['status', expect.stringMatching(/^Status must be one of: Active, /)],
    ]);
  });

  it('says "Status is required" for a bulk change without one', () => {
    expect(messagesOf(bulkStatusSchema.safeParse({ ids: ['01HZY7N8V3J9Q2W4E6R8T0Y2Z4'] }))).toEqual([
      ['status', 'Status is required'],
    ]);
  });
});
