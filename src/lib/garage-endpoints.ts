import type * as consent from '../../contract/consent.ts';
import type * as garage from '../../contract/garage.ts';
import * as paths from '../../contract/paths/shop.ts';
import { endpoint } from './endpoints.ts';

/** My garage's calls (see endpoints.ts): a car's plate and expiry dates, its history, a reading, the reminder consent. */
export const carInfoUpdate = endpoint<typeof garage.carInfoUpdate>(paths.carInfoUpdate);
export const garageHistory = endpoint<typeof garage.garageHistory>(paths.garageHistory);
export const garageOdometer = endpoint<typeof garage.garageOdometer>(paths.garageOdometer);
export const userConsent = endpoint<typeof consent.userConsent>(paths.userConsent);
