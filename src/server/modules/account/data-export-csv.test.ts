import { describe, expect, it } from 'vitest';
import { dataExportCsv } from './data-export-csv';

describe('the data copy as CSV', () => {
  it('writes a row per value, numbers list records from 1, and keeps a formula from running', () => {
    const csv = dataExportCsv({
      store: 'Wall Art Store',
      exportedAt: '2026-11-29T10:00:00.000Z',
      sections: {
        account: { email: 'ada@shop.test', confirmedAt: null },
        orders: [
          { number: 'A1', total: { cents: 1400, formatted: '$14.00' }, lines: [{ title: '=HYPERLINK("x")' }] },
          { number: 'A2', paid: true },
        ],
        consents: [],
      },
    });
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      'section,record,field,value',
      'account,1,email,ada@shop.test',
      'account,1,confirmedAt,',
      'orders,1,number,A1',
      'orders,1,total.cents,1400',
      'orders,1,total.formatted,$14.00',
      `orders,1,lines.1.title,"'=HYPERLINK(""x"")"`,
      'orders,2,number,A2',
      'orders,2,paid,true',
    ]);
  });
});
