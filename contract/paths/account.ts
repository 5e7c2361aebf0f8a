// The customer's own data (docs/contracts/running-the-business.md §5): only the page of the
// customer's data calls these, so they travel with it and not with every page's shell.

/** The customer's data as one document. */
export const userDataExport = '/app/user/data/export';
/** The same document as a file to save: `GET` with the user key, answered as an attachment. */
export const userDataExportFile = '/app/user/data/export.json';
/** Closing one's own account with a fresh closing code. */
export const userClose = '/app/user/close';
