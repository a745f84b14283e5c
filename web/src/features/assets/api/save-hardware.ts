import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hardwareAssetSchema, type HardwareAsset, type HardwareAssetInput } from '@shared/hardware';
import { apiRequest } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';

export function createHardware(input: HardwareAssetInput): Promise<HardwareAsset> {
  return apiRequest('/api/hardware', hardwareAssetSchema, { method: 'POST', body: input });
}

/** Refused with 409 `stale_version` when the asset changed since `version` was read. */
export function updateHardware(
  id: string,
  input: HardwareAssetInput,
  version: number,
): Promise<HardwareAsset> {
  return apiRequest(`/api/hardware/${encodeURIComponent(id)}`, hardwareAssetSchema, {
    method: 'PUT',
    body: { ...input, version },
  });
}

export type SaveHardwareVariables =
  | { kind: 'create'; input: HardwareAssetInput }
  | { kind: 'update'; id: string; version: number; input: HardwareAssetInput };

export function useSaveHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SaveHardwareVariables) =>
      variables.kind === 'create'
        ? createHardware(variables.input)
        : updateHardware(variables.id, variables.input, variables.version),
    onSuccess: () => invalidateInventory(queryClient),
  });
}
