/** LHDN's error shapes, as the double answers them. */

export interface LhdnErrorDetail {
  code: string;
  message: string;
  target?: string | null;
  propertyPath?: string | null;
}

export interface LhdnError extends LhdnErrorDetail {
  details?: LhdnErrorDetail[] | null;
}

export function lhdnError(code: string, message: string, target: string | null = null, details: LhdnErrorDetail[] | null = null, propertyPath: string | null = null): LhdnError {
  return { code, message, target, propertyPath, details };
}

/** The body of an error answer: `{error: {...}}`. */
export function errorBody(code: string, message: string, target: string | null = null, details: LhdnErrorDetail[] | null = null) {
  return { error: lhdnError(code, message, target, details) };
}
