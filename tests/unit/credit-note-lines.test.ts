import { describe, expect, test } from 'vitest';
import { creditNoteParts, shareOut } from '../../server/modules/invoices/credit-lines.ts';

const order = {
  lines: [
    { productId: 'wiper-bosch-aerotwin', name: 'Wipers', quantity: 1, totalSen: 8900, labourSen: 0 },
    { productId: 'service-basic', name: 'Basic service', quantity: 1, totalSen: 21800, labourSen: 15000 },
  ],
  serviceTaxSen: 1200,
  totalSen: 30700,
};

describe('a credit note’s lines and tax', () => {
  test('shares add up to the sen, largest remainders first', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1, [5, 0])).toEqual([1, 0]);
    expect(shareOut(500, [0, 0])).toEqual([500, 0]);
  });

  test('a refund of everything gives back each line and all the labour and tax', () => {
    expect(creditNoteParts(order, 30700)).toEqual({
      lines: [
        { productId: 'wiper-bosch-aerotwin', name: 'Wipers', quantity: 1, amountSen: 8900 },
        { productId: 'service-basic', name: 'Basic service', quantity: 1, amountSen: 21800 },
      ],
      partsSen: 14500,
      labourSen: 15000,
      serviceTaxSen: 1200,
    });
  });

  test('a partial refund: shared by what each line cost, the labour and tax in the same proportion', () => {
    const { lines, serviceTaxSen, labourSen, partsSen } = creditNoteParts(order, 1001);
    expect(lines.map((l) => l.amountSen)).toEqual([290, 711]);
    expect({ partsSen, labourSen, serviceTaxSen }).toEqual({ partsSen: 473, labourSen: 489, serviceTaxSen: 39 });
  });
});
