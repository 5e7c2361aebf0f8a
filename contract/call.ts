import type { z } from 'zod';
import type { Locale } from './rules/language.ts';

/** A request field's name as customers know it, per language; keyed by path, list indexes as `*` (`items.*.quantity`). */
export type FieldLabels = Record<string, Record<Locale, string>>;

/**
 * One API call: its path under /api, whether it needs a logged-in user, and the zod
 * schemas of its request body and of `data` in its answer. The server validates with
 * these and builds the OpenAPI document from them; the site takes its types from them.
 */
export interface Call<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: `/${string}`;
  summary: string;
  tag: string;
  auth: boolean;
  request: Req;
  response: Res;
  /** Codes other than 200 this call may answer with, and when (for the OpenAPI document). */
  codes?: Record<number, string>;
  /** How the body is sent: JSON (default), or a multipart form (the one upload call). */
  body?: 'json' | 'multipart';
  /** The largest JSON body taken, in bytes, when more than the usual 64 KB (an import's text). */
  maxBodyBytes?: number;
  /** Field names for messages ("Name is required."); a field without one is named by its path. */
  fieldLabels?: FieldLabels;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(call: Call<Req, Res>): Call<Req, Res> {
  return call;
}

export type RequestOf<C extends Call> = z.input<C['request']>;
export type ResponseOf<C extends Call> = z.output<C['response']>;
