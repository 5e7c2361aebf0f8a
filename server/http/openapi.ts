import { z } from 'zod';
import type { Call } from '../../contract/call.ts';

const envelopeOf = (data: unknown) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '200 on success; see the call for others.' },
    msg: { type: 'string', description: 'A message in the language of the `language` header.' },
    data,
  },
});

const commonCodes: Record<number, string> = {
  400: 'The body breaks the contract; msg names the field, data.field holds its path.',
  404: 'Unknown path or resource.',
  405: 'A method other than POST.',
  413: 'The body is larger than 64 KB.',
  415: 'A body that is not JSON.',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The shared schemas of the document (components/schemas). zod writes each call's schemas
 * with the ones they share (those with a meta id) in a `$defs` of its own, referred to as
 * `#/$defs/Name`, which in the document would point to its root: they move here and the refs
 * point here. A name already taken by another schema (a request's form of a response's
 * schema) gets a suffix.
 */
class SharedSchemas {
  readonly schemas: Record<string, Json> = {};

  /** The call's schema as the document holds it: its `$defs` moved to the shared schemas. */
  add(schema: Record<string, unknown>, io: 'input' | 'output'): Json {
    const { $defs, $schema: _dialect, ...rest } = schema as { $defs?: Record<string, Json>; $schema?: string };
    const names = new Map<string, string>();
    for (const [name, def] of Object.entries($defs ?? {})) names.set(name, this.nameFor(name, def, io));
    const rewrite = (value: Json): Json => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== 'object') return value;
      const out: Record<string, Json> = {};
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') {
          const name = inner.startsWith('#/$defs/') ? names.get(inner.slice('#/$defs/'.length)) : undefined;
          if (!name) throw new Error(`OpenAPI: a $ref the document cannot hold: ${inner}`);
          out[key] = `#/components/schemas/${name}`;
        } else out[key] = rewrite(inner);
      }
      return out;
    };
    for (const [name, def] of Object.entries($defs ?? {})) this.schemas[names.get(name)!] = rewrite(def);
    return rewrite(rest as Json);
  }

  /** Each shared schema as zod wrote it, to tell the same schema from another of that name. */
  private readonly written = new Map<string, string>();

  /** `name` unless another schema holds it; then `NameInput` (a request's form), `Name2`, … */
  private nameFor(name: string, def: Json, io: 'input' | 'output'): string {
    const text = JSON.stringify(def);
    const candidates = [name, ...(io === 'input' ? [`${name}Input`] : [])];
    for (let n = 2; ; n++) {
      const candidate = candidates.shift() ?? `${name}${n}`;
      const taken = this.written.get(candidate);
      if (taken === undefined) this.written.set(candidate, text);
      if (taken === undefined || taken === text) return candidate;
    }
  }
}

/** A route outside the envelope (operations: a bearer token, plain JSON, HTTP status codes). */
export interface OperationRoute {
  method: 'get' | 'post';
  path: `/${string}`;
  summary: string;
  tag: string;
  /** The answer's schema with its HTTP status. */
  status: number;
  response: z.ZodType;
  /** Other HTTP statuses and when. */
  codes: Record<number, string>;
}

/** OpenAPI 3.1 document of the mounted calls, generated from their zod contracts, and of the operations' routes. */
export function openApiDocument(calls: Call[], operations: OperationRoute[] = []) {
  const paths: Record<string, unknown> = {};
  const shared = new SharedSchemas();
  for (const call of calls) {
    const codes = { ...commonCodes, ...call.codes };
    paths[`/api${call.path}`] = {
      post: {
        summary: call.summary,
        tags: [call.tag],
        security: call.auth ? [{ userKey: [] }] : [],
        parameters: [
          { name: 'language', in: 'header', schema: { type: 'string', enum: ['en_us', 'zh_cn', 'ms_my'] }, description: 'Language of msg and of texts in data.' },
        ],
        requestBody: {
          required: false,
          content: {
            [call.body === 'multipart' ? 'multipart/form-data' : 'application/json']: { schema: shared.add(z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }), 'input') },
          },
        },
        responses: {
          200: {
            description: `Always HTTP 200 with the envelope. Codes other than 200: ${Object.entries(codes)
              .map(([code, why]) => `${code}: ${why}`)
              .join(' ')}`,
            content: { 'application/json': { schema: envelopeOf(shared.add(z.toJSONSchema(call.response, { unrepresentable: 'any' }), 'output')) } },
          },
        },
      },
    };
  }
  for (const op of operations) {
    paths[op.path] = {
      [op.method]: {
        summary: op.summary,
        tags: [op.tag],
        security: [{ operationsToken: [] }],
        responses: {
          [op.status]: { description: 'JSON, outside the envelope.', content: { 'application/json': { schema: shared.add(z.toJSONSchema(op.response, { unrepresentable: 'any' }), 'output') } } },
          ...Object.fromEntries(
            Object.entries(op.codes).map(([code, why]) => [code, { description: why, content: { 'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } } } }]),
          ),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Servauto API',
      version: '1.3.8',
      description: 'Every call is POST with a JSON body and answers HTTP 200 with { code, msg, data }.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: shared.schemas,
      securitySchemes: {
        userKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The userKey from client-login.' },
        operationsToken: { type: 'http', scheme: 'bearer', description: 'An operations token from the server\'s settings (CONTENT_PUBLISH_TOKEN).' },
      },
    },
    paths,
  };
}
