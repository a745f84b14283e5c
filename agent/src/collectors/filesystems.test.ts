import { describe, expect, it } from 'vitest';
import { storageFromFileSystems, type FileSystemEntry } from './filesystems';

const GiB = 1024 ** 3;
const entry = (
  fs: string,
  type: string,
  mount: string,
  sizeGb: number,
  usedGb: number,
  use = NaN,
): FileSystemEntry => ({
  fs,
  type,
  mount,
  size: sizeGb * GiB,
  used: usedGb * GiB,
  use,
});

describe('storageFromFileSystems', () => {
  it('keeps real disks, drops pseudo file systems, snaps and duplicates of a device', () => {
    const devices = storageFromFileSystems([
      entry('/dev/nvme0n1p2', 'ext4', '/', 475.8, 120.5, 26.7),
      entry('tmpfs', 'tmpfs', '/run', 3.1, 0.1),
      entry('overlay', 'overlay', '/var/lib/docker/overlay2/abc/merged', 475.8, 120.5),
      entry('/dev/loop3', 'squashfs', '/snap/core22/1122', 0.1, 0.1, 100),
      entry('/dev/nvme0n1p2', 'ext4', '/var/snap/firefox/common/host-hunspell', 475.8, 120.5),
      entry('/dev/nvme0n1p1', 'vfat', '/boot/efi', 0.5, 0.1),
      entry('/dev/sdb1', 'xfs', '/data', 1000, 250),
      entry('cgroup2', 'cgroup2', '/sys/fs/cgroup', 0, 0),
    ]);
    expect(devices).toEqual([
      { device: '/dev/nvme0n1p2', mountpoint: '/', used_gb: 120.5, total_gb: 475.8, percent: 26.7 },
      { device: '/dev/nvme0n1p1', mountpoint: '/boot/efi', used_gb: 0.1, total_gb: 0.5, percent: 20 },
      { device: '/dev/sdb1', mountpoint: '/data', used_gb: 250, total_gb: 1000, percent: 25 },
    ]);
  });
  it('drops macOS helper volumes but keeps / and the Data volume', () => {
    const devices = storageFromFileSystems([
      entry('/dev/disk3s1s1', 'APFS', '/', 460.4, 10.2, 6),
      entry('/dev/disk3s6', 'APFS', '/System/Volumes/VM', 460.4, 2),
      entry('/dev/disk3s2', 'APFS', '/System/Volumes/Preboot', 460.4, 6),
      entry('/dev/disk3s5', 'APFS', '/System/Volumes/Data', 460.4, 300.1, 68),
      entry('map auto_home', 'autofs', '/System/Volumes/Data/home', 0, 0),
    ]);
    expect(devices.map((d) => d.mountpoint)).toEqual(['/', '/System/Volumes/Data']);
  });
});
