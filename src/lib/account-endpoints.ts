import type * as accountClose from '../../contract/account-close.ts';
import type * as dataExport from '../../contract/data-export.ts';
import * as paths from '../../contract/paths/account.ts';
import { endpoint } from './endpoints.ts';

/** The calls of the page of the customer's data, apart from the calls every page may make. */
export const userDataExport = endpoint<typeof dataExport.userDataExport>(paths.userDataExport);
export const userClose = endpoint<typeof accountClose.userClose>(paths.userClose);
