import { map } from 'nanostores';

/**
 * The engine oil a service package includes for the chosen car, by product id, as the server
 * answered the product page. The description's oil name reads it, so the text names the oil
 * the oil choice shows.
 */
export const $includedOil = map<Record<string, string>>({});
