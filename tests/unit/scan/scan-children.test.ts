import { describe, expect, it } from 'vitest';
import { scanProcesses, SCAN_MEMORY_MB, SCAN_WAITING } from '../../../server/scan/scan-children.ts';

describe('how many scans run at once', () => {
  it('follows the machine: one on two cores or fewer, two above', () => {
    expect(scanProcesses(1)).toBe(1);
    expect(scanProcesses(2)).toBe(1);
    expect(scanProcesses(4)).toBe(2);
    expect(scanProcesses(16)).toBe(2);
  });

  it('keeps the tree under 512 MB on a small machine: the server (~205 MB) and one capped scan', () => {
    expect(205 + scanProcesses(2) * SCAN_MEMORY_MB).toBeLessThan(512);
    expect(SCAN_WAITING).toBeGreaterThanOrEqual(1);
  });
});
