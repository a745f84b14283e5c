import { bytesToGb, percentOf, round1, uniqueBy, type StorageDevice } from './common';

/** The fields of systeminformation's `fsSize()` entries that storage_info needs. */
export interface FileSystemEntry {
  fs: string;
  type: string;
  size: number;
  used: number;
  use: number;
  mount: string;
}

/** File system types that are not storage: memory, kernel interfaces, container layers, images. */
const PSEUDO_TYPES = new Set([
  'tmpfs',
  'devtmpfs',
  'ramfs',
  'rootfs',
  'overlay',
  'overlayfs',
  'aufs',
  'unionfs',
  'squashfs',
  'cramfs',
  'proc',
  'sysfs',
  'devpts',
  'devfs',
  'cgroup',
  'cgroup2',
  'mqueue',
  'hugetlbfs',
  'debugfs',
  'tracefs',
  'securityfs',
  'pstore',
  'bpf',
  'autofs',
  'fusectl',
  'configfs',
  'nsfs',
  'efivarfs',
  'binfmt_misc',
  'rpc_pipefs',
  'nfsd',
  'selinuxfs',
  'fuse.gvfsd-fuse',
  'fuse.portal',
  'fuse.snapfuse',
  'fuse.lxcfs',
  'nullfs',
]);

/** macOS APFS helper volumes that share the system's container: not worth a row each. */
const MAC_HIDDEN_MOUNTS =
  /^\/(System\/Volumes\/(?!Data$)|private\/var\/vm$|Library\/Developer\/CoreSimulator\/)/;

function isStorage(entry: FileSystemEntry): boolean {
  const type = entry.type.toLowerCase();
  if (PSEUDO_TYPES.has(type) || type.startsWith('cgroup')) return false;
  if (!(entry.size > 0)) return false;
  if (entry.fs.startsWith('/dev/loop')) return false;
  if (entry.fs === 'map auto_home' || entry.fs.startsWith('map ')) return false;
  return !MAC_HIDDEN_MOUNTS.test(entry.mount);
}

/**
 * storage_info from `fsSize()`: real file systems only, one row per device (the shortest mount
 * point wins, so `/` beats bind mounts of the same disk), sizes in GB. The percentage is df's own
 * (space used against space usable), falling back to used / total.
 */
export function storageFromFileSystems(entries: readonly FileSystemEntry[]): StorageDevice[] {
  const real = entries.filter(isStorage).sort((a, b) => a.mount.length - b.mount.length);
  return uniqueBy(real, (entry) => entry.fs)
    .sort((a, b) => a.mount.localeCompare(b.mount))
    .map((entry) => {
      const total_gb = bytesToGb(entry.size);
      const used_gb = bytesToGb(entry.used);
      const percent =
        Number.isFinite(entry.use) && entry.use >= 0 && entry.use <= 100
          ? round1(entry.use)
          : percentOf(entry.used, entry.size);
      return { device: entry.fs, mountpoint: entry.mount || null, used_gb, total_gb, percent };
    });
}
