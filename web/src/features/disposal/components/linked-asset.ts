import type { ComponentType } from 'react';

/** What the hardware editor a disposal row opens is given. */
export interface LinkedAssetEditorProps {
  assetId: string;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
  /** Saved: the asset's name, for the notice. */
  onSaved: (assetName: string) => void;
}

/**
 * The hardware behind a disposal item's Edit button. Features do not import each other: the app
 * (web/src/app/disposal-screen.tsx) hands the disposal page the Assets feature's request and editor.
 */
export interface LinkedAssets {
  /** Resolves when the asset still exists; rejects with the API's error (404 when it is gone). */
  load: (assetId: string, signal: AbortSignal) => Promise<unknown>;
  Editor: ComponentType<LinkedAssetEditorProps>;
}
