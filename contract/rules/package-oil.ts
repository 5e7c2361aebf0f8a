/**
 * A service package's texts name its engine oil as "{oil}", never by a written name: the name
 * is filled from the same data as the oil choice (the oil included for the car chosen), so
 * the description and the choice cannot disagree.
 */
export const OIL_PLACEHOLDER = '{oil}';

export const namesOil = (text: string): boolean => text.includes(OIL_PLACEHOLDER);

/** The text with the oil's name in place of "{oil}". */
export function withOil(text: string, oilName: string): string {
  return text.split(OIL_PLACEHOLDER).join(oilName);
}

/** The text in pieces around each "{oil}", for a page that puts a live name between them. */
export function piecesAroundOil(text: string): string[] {
  return text.split(OIL_PLACEHOLDER);
}
