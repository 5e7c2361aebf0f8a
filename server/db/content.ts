import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';

/** Reads and checks one JSON file under content/; a broken file stops the start with its path and problem. */
export async function readContent<S extends z.ZodType>(contentDir: string, file: string, schema: S): Promise<z.output<S>> {
  const full = path.join(contentDir, file);
  const parsed = schema.safeParse(JSON.parse(await readFile(full, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${full}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}
