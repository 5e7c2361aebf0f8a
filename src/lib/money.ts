const rm = new Intl.NumberFormat('en-MY', { style: 'currency', currency: 'MYR' });

/**
 * "RM 159.00" from integer sen. Every language shows ringgit the Malaysian way; this is the
 * only place sen become a decimal, and only for display.
 */
export function formatRM(sen: number): string {
  return rm.format(sen / 100).replace(/^RM\s*/, 'RM ');
}
