import type { APIRoute } from 'astro';
import type { PostcodeTable } from '../../contract/rules/postcode-areas.ts';
import { postcodeTableProblems } from '../../contract/rules/postcode-table-check.ts';
import postcodeFile from '../../content/dictionaries/postcodes.json';

/**
 * The postcode table, fetched by the location controls only when a customer types a postcode,
 * so no page carries it. A table with a prefix outside its state stops the build.
 */
const table = (postcodeFile as { prefixes: PostcodeTable }).prefixes;
const problems = postcodeTableProblems(table);
if (problems.length) throw new Error(`content/dictionaries/postcodes.json:\n${problems.join('\n')}`);

export const GET: APIRoute = () => new Response(JSON.stringify(table), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
