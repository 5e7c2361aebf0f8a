import { z } from 'zod';
import type { Call } from '../../contract/call.ts';

const envelopeOf = (data: Record<string, unknown>) => ({
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

/** OpenAPI 3.1 document of the mounted calls, generated from their zod contracts. */
export function openApiDocument(calls: Call[]) {
  const paths: Record<string, unknown> = {};
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
            [call.body === 'multipart' ? 'multipart/form-data' : 'application/json']: { schema: z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) },
          },
        },
        responses: {
          200: {
            description: `Always HTTP 200 with the envelope. Codes other than 200: ${Object.entries(codes)
              .map(([code, why]) => `${code}: ${why}`)
              .join(' ')}`,
            content: { 'application/json': { schema: envelopeOf(z.toJSONSchema(call.response, { unrepresentable: 'any' })) } },
          },
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
      securitySchemes: { userKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The userKey from client-login.' } },
    },
    paths,
  };
}
