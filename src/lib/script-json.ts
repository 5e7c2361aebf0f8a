/**
 * A value as the text of a `<script type="application/ld+json">`: "<" escaped, so no text in it
 * (a product's name, a FAQ question an editor wrote) can close the element early and start markup.
 */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
