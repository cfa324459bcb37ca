import { describe, expect, it } from 'vitest';
import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { PACK_POLL_MS, packListPollInterval, packPollInterval } from './pack-polling';

const pack = (status: OwnerPrintPack['progress']['status'], master: OwnerPrintPack['master']): OwnerPrintPack => ({
  artworkId: 1,
  master,
  progress: { status, done: 0, total: 6, error: null },
  ratios: [],
});
const master = { width: 1200, height: 1800 };

describe('when the owner’s pages ask again', () => {
  it('polls a pack while it is queued or being made', () => {
    expect(packPollInterval(pack('queued', master))).toBe(PACK_POLL_MS);
    expect(packPollInterval(pack('making', master))).toBe(PACK_POLL_MS);
    expect(packPollInterval(pack('ready', master))).toBe(false);
    expect(packPollInterval(pack('none', master))).toBe(false);
    expect(packPollInterval(undefined)).toBe(false);
  });

  it('polls while the first job reads the master’s size, and not for an artwork with no image master', () => {
    expect(packPollInterval(pack('queued', null))).toBe(PACK_POLL_MS);
    expect(packPollInterval(pack('making', null))).toBe(PACK_POLL_MS);
    expect(packPollInterval(pack('none', null))).toBe(false);
    expect(packPollInterval(pack('failed', null))).toBe(false);
    expect(packPollInterval(pack('failed', master))).toBe(false);
  });

  it('polls the dashboard’s list while any pack on it is on its way', () => {
    const item = (status: OwnerPrintPack['progress']['status']) => ({
      artworkId: 1,
      status,
      done: 0,
      total: 6,
      error: null,
    });
    expect(packListPollInterval({ items: [item('ready'), item('making')] })).toBe(PACK_POLL_MS);
    expect(packListPollInterval({ items: [item('ready'), item('failed'), item('none')] })).toBe(false);
    expect(packListPollInterval(undefined)).toBe(false);
  });
});
